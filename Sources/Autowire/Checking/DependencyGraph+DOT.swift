/// Graphviz rendering.
extension DependencyGraph {
    /// The graph as Graphviz source: one box per node (type, how it is provided, scope, where it was
    /// bound), filled with its scope's colour, and one arrow per dependency labelled with its
    /// property; roots have a thick border, deferred dependencies (`Provider`, `Lazy`) are dashed,
    /// and a legend lists the scopes the graph uses.
    ///
    /// ```sh
    /// swift run App > graph.dot && dot -Tsvg graph.dot -o graph.svg
    /// ```
    ///
    /// The colours (Okabe–Ito) stay distinct under common colour blindness, with text at 4.5:1
    /// contrast or more, and each box names its scope, so the picture reads in grey too. A typed
    /// factory's parameters are labelled by their ``ParameterLabel`` (`clock:`) or by position
    /// (`parameter 2`). The same graph always gives the same text, so it can be committed and compared.
    public var dot: String {
        var lines = [
            "digraph Autowire {",
            "  rankdir=TB;",
            "  graph [fontname=\"Helvetica\", nodesep=0.25, ranksep=0.6];",
            "  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=12, color=\"#333333\"];",
            "  edge [fontname=\"Helvetica\", fontsize=10, color=\"#555555\", fontcolor=\"#333333\", arrowsize=0.7];",
        ]
        let rootSet = Set(roots)
        for node in nodes {
            let style = DOTScopeStyle(node.scope)
            var label = "<B>\(Self.escapedForHTML(node.name))</B>"
            let bound = node.provision.kind == .implementation ? node.provision.implementation : nil
            let provision = bound.map { "bound to \(typeName($0))" } ?? "\(node.provision.kind)"
            label += "<BR/><FONT POINT-SIZE=\"10\">\(Self.escapedForHTML("\(provision) · \(node.scope)"))</FONT>"
            if let location = node.location {
                label += "<BR/><FONT POINT-SIZE=\"9\">\(Self.escapedForHTML(location.description))</FONT>"
            }
            let border = rootSet.contains(node.id) ? ", penwidth=3" : ""
            lines.append(
                "  n\(node.id) [label=<\(label)>, fillcolor=\"\(style.fill)\", fontcolor=\"\(style.font)\"\(border)];")
        }
        for edge in edges {
            var attributes: [String] = []
            if !edge.label.isEmpty { attributes.append("label=\"\(Self.escapedForDOT(edge.label))\"") }
            if edge.isDeferred { attributes.append("style=dashed") }
            let suffix = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
            lines.append("  n\(edge.from) -> n\(edge.to)\(suffix);")
        }
        if let legend { lines.append(legend) }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A table of the scopes the graph uses, their colours, and what the thick border and dashed
    /// arrows mean; nil for an empty graph.
    private var legend: String? {
        guard !nodes.isEmpty else { return nil }
        let scopes = Set(nodes.map(\.scope)).sorted {
            (DOTScopeStyle($0).order, $0.description) < (DOTScopeStyle($1).order, $1.description)
        }
        var rows = ["<TR><TD><B>Scope</B></TD></TR>"]
        for scope in scopes {
            let style = DOTScopeStyle(scope)
            let name = Self.escapedForHTML(scope.description)
            rows.append("<TR><TD BGCOLOR=\"\(style.fill)\"><FONT COLOR=\"\(style.font)\">\(name)</FONT></TD></TR>")
        }
        rows.append("<TR><TD BORDER=\"3\">root</TD></TR>")
        if edges.contains(where: \.isDeferred) { rows.append("<TR><TD STYLE=\"dashed\">resolved later</TD></TR>") }
        let table =
            ["<TABLE BORDER=\"0\" CELLBORDER=\"1\" CELLSPACING=\"2\" CELLPADDING=\"4\">"] + rows + ["</TABLE>"]
        return "  legend [shape=plaintext, style=\"\", label=<\n"
            + table.map { "    \($0)\n" }.joined() + "  >];"
    }

    /// Escapes text for a double-quoted DOT string.
    static func escapedForDOT(_ text: String) -> String { escaped(text, ["\\": "\\\\", "\"": "\\\"", "\n": "\\n"]) }

    /// Escapes text for a Graphviz HTML-like label: generic type names have angle brackets.
    static func escapedForHTML(_ text: String) -> String {
        escaped(text, ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "\n": "<BR/>"])
    }

    /// `text` with each character `table` lists replaced, one `Character` at a time.
    private static func escaped(_ text: String, _ table: [Character: String]) -> String {
        text.reduce(into: "") { $0 += table[$1] ?? String($1) }
    }
}

/// How a scope is drawn: its fill, the text colour readable on it, and its place in the legend.
private struct DOTScopeStyle {
    let fill: String
    let font: String
    let order: Int

    init(_ scope: Scope) {
        switch scope {
        case .singleton: (fill, font, order) = ("#0072B2", "#FFFFFF", 0)
        case .weak: (fill, font, order) = ("#CC79A7", "#000000", 1)
        case .graph: (fill, font, order) = ("#56B4E9", "#000000", 2)
        case .transient: (fill, font, order) = ("#F0E442", "#000000", 3)
        default: (fill, font, order) = ("#E69F00", "#000000", 4)
        }
    }
}
