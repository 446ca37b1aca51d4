/// Terminal rendering.
extension DependencyGraph: CustomStringConvertible {
    /// The graph as an indented tree, one tree per root; a node met again is marked `(see above)`
    /// instead of being expanded twice, which also keeps cycles finite.
    ///
    /// ```text
    /// App (autowired, graph)
    /// └─ orders: OrderService (autowired, graph)
    ///    ├─ repository: OrderRepository (bound to SQLOrderRepository at App/main.swift:12, graph)
    ///    │  └─ SQLOrderRepository (autowired, graph)
    ///    └─ clock: SystemClock (autowired, singleton)
    /// ```
    public var textTree: String {
        var lines: [String] = []
        var expanded: Set<Int> = []
        for root in roots {
            lines.append(nodes[root].summary)
            expanded.insert(root)
            appendChildren(of: root, prefix: "", expanded: &expanded, into: &lines)
        }
        return lines.joined(separator: "\n")
    }

    /// The ``textTree``.
    public var description: String { textTree }

    private func appendChildren(of node: Int, prefix: String, expanded: inout Set<Int>, into lines: inout [String]) {
        let children = edges(from: node)
        for (index, edge) in children.enumerated() {
            let isLast = index == children.count - 1
            let label = edge.label.isEmpty ? "" : "\(edge.label): "
            let deferred = edge.isDeferred ? " (deferred)" : ""
            let seen = expanded.contains(edge.to)
            lines.append(
                "\(prefix)\(isLast ? "└─ " : "├─ ")\(label)\(nodes[edge.to].summary)\(deferred)\(seen ? " (see above)" : "")"
            )
            guard !seen else { continue }
            expanded.insert(edge.to)
            appendChildren(of: edge.to, prefix: prefix + (isLast ? "   " : "│  "), expanded: &expanded, into: &lines)
        }
    }
}
