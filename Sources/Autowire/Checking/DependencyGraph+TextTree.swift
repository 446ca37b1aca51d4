/// Terminal rendering.
extension DependencyGraph: CustomStringConvertible {
    /// The graph as an indented tree, one tree per root; a node met again is not expanded twice
    /// (which also keeps cycles finite): it is marked `(dependencies shown above)` when it has any.
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
            // The lines below `root`, depth first, with a stack of its own rather than recursion, so that a chain
            // thousands of types deep renders on any thread.
            // Each entry: the children still to render below a node, and the prefix of their lines.
            var pending: [(children: ArraySlice<Edge>, prefix: String)] = [(edges(from: root)[...], "")]
            while let top = pending.indices.last {
                guard let edge = pending[top].children.popFirst() else {
                    pending.removeLast()
                    continue
                }
                let prefix = pending[top].prefix
                let isLast = pending[top].children.isEmpty
                // A parameter's label ends with its colon already (`log:`); a property's does not.
                let label =
                    edge.label.isEmpty ? "" : edge.label.hasSuffix(":") ? "\(edge.label) " : "\(edge.label): "
                let deferred = edge.isDeferred ? " (deferred)" : ""
                let seen = expanded.contains(edge.to)
                let elided = seen && !edges(from: edge.to).isEmpty ? " (dependencies shown above)" : ""
                lines.append("\(prefix)\(isLast ? "└─ " : "├─ ")\(label)\(nodes[edge.to].summary)\(deferred)\(elided)")
                guard !seen else { continue }
                expanded.insert(edge.to)
                pending.append((edges(from: edge.to)[...], prefix + (isLast ? "   " : "│  ")))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The ``textTree``.
    public var description: String { textTree }
}
