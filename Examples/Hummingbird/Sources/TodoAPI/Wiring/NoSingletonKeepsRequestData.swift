public import Autowire

/// A check of the app's own, run by ``AppContainer/validate(_:)``: an app-wide singleton must not
/// depend, directly or through other objects, on a request's ``RequestContextData``; the first
/// request's data would be kept and served to every later one.
public struct NoSingletonKeepsRequestData: ValidationCheck {
    /// The check.
    public init() {}

    /// One `captive-request-data` error per dependency of a singleton that leads to the request's data.
    public func check(_ graph: DependencyGraph) -> [Diagnostic] {
        let holdsRequest = nodesReachingRequestData(in: graph)
        return graph.edges.compactMap { edge in
            let owner = graph.nodes[edge.from]
            let value = graph.nodes[edge.to]
            guard owner.scope == .singleton, holdsRequest.contains(edge.to) else { return nil }
            return Diagnostic(
                code: Diagnostic.Code("captive-request-data"),
                message: "\(owner.name) is app-wide but keeps \(value.name), which holds a request's data.",
                location: edge.location, path: graph.path(to: edge.to),
                fix: "Make \(owner.name) per request (drop its singleton scope), or give it a Provider<\(value.name)>.")
        }
    }

    /// The request data's node and every node with a non-deferred path to it.
    private func nodesReachingRequestData(in graph: DependencyGraph) -> Set<DependencyGraph.Node.ID> {
        var reaching = Set(graph.nodes.filter { $0.type == RequestContextData.self }.map(\.id))
        var changed = true
        while changed {
            changed = false
            for edge in graph.edges where !edge.isDeferred && reaching.contains(edge.to) {
                if reaching.insert(edge.from).inserted { changed = true }
            }
        }
        return reaching
    }
}
