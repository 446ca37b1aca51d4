/// Graphviz rendering.
extension DependencyGraph {
    /// The graph as Graphviz source: one box per node (type, how it is provided, scope, where it was
    /// bound), one arrow per dependency labelled with its property; roots are drawn bold and deferred
    /// dependencies (`Provider`, `Lazy`) dashed.
    ///
    /// ```sh
    /// swift run App > graph.dot && dot -Tsvg graph.dot -o graph.svg
    /// ```
    public var dot: String {
        var lines = [
            "digraph Autowire {",
            "  rankdir=LR;",
            "  node [shape=box, style=rounded, fontname=\"Helvetica\"];",
            "  edge [fontname=\"Helvetica\", fontsize=10];",
        ]
        let rootSet = Set(roots)
        for node in nodes {
            var label = [node.name, "\(node.provision.kind) · \(node.scope)"]
            if node.provision.kind == .implementation, let implementation = node.provision.implementation {
                label[1] = "bound to \(typeName(implementation)) · \(node.scope)"
            }
            if let location = node.location { label.append(location.description) }
            let bold = rootSet.contains(node.id) ? ", penwidth=2" : ""
            lines.append("  n\(node.id) [label=\"\(label.map(Self.escapedForDOT).joined(separator: "\\n"))\"\(bold)];")
        }
        for edge in edges {
            var attributes: [String] = []
            if !edge.label.isEmpty { attributes.append("label=\"\(Self.escapedForDOT(edge.label))\"") }
            if edge.isDeferred { attributes.append("style=dashed") }
            let suffix = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
            lines.append("  n\(edge.from) -> n\(edge.to)\(suffix);")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Escapes text for a double-quoted DOT string.
    static func escapedForDOT(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            default: result.append(character)
            }
        }
        return result
    }
}
