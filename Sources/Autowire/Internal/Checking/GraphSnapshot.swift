/// Turns compiled producers into a ``DependencyGraph``: a breadth-first walk from each root in turn
/// over every edge, deferred ones included. Reads producers only; runs nothing.
struct GraphSnapshot {
    let graph: DependencyGraph
    /// The producer behind each node, by node id; owned by the compiler that made them.
    let producers: [AnyProducer]

    /// - Parameters:
    ///   - roots: The requested roots, always roots of the graph.
    ///   - bindings: Explicit bindings, roots only when no earlier root reaches them.
    init(roots: [AnyProducer], bindings: [AnyProducer] = []) {
        var ids: [ObjectIdentifier: Int] = [:]
        var producers: [AnyProducer] = []
        var parentEdges: [Int?] = []
        var edges: [DependencyGraph.Edge] = []

        func id(of producer: AnyProducer, reachedBy edge: Int?) -> Int {
            if let existing = ids[ObjectIdentifier(producer)] { return existing }
            let id = producers.count
            ids[ObjectIdentifier(producer)] = id
            producers.append(producer)
            parentEdges.append(edge)
            return id
        }

        // Each root's reach is walked before the next root is added, so a node's first path starts
        // at the earliest root that reaches it (validation lists the requested roots first).
        var rootIDs: [Int] = []
        var next = 0
        for (index, root) in (roots + bindings).enumerated() {
            let isReached = ids[ObjectIdentifier(root)] != nil
            let rootID = id(of: root, reachedBy: nil)
            if index < roots.count || !isReached, !rootIDs.contains(rootID) { rootIDs.append(rootID) }
            while next < producers.count {
                let producer = producers[next]
                for edge in producer.compiledEdges {
                    let target = id(of: edge.target, reachedBy: edges.count)
                    edges.append(
                        DependencyGraph.Edge(
                            from: next, to: target, label: edge.label, location: edge.location,
                            isDeferred: edge.isDeferred))
                }
                next += 1
            }
        }
        self.producers = producers
        self.graph = DependencyGraph(
            roots: rootIDs, nodes: producers.enumerated().map { Self.node($1, id: $0) }, edges: edges,
            parentEdges: parentEdges)
    }

    private static func node(_ producer: AnyProducer, id: Int) -> DependencyGraph.Node {
        let key = producer.key
        let isInjectionTarget = producer is InjectionTargetProducer
        return DependencyGraph.Node(
            id: id, type: key.type, tag: isInjectionTarget ? nil : key.userTag, scope: producer.scope,
            provision: isInjectionTarget
                ? .init(.propertyInjection) : key.isAssistedSeed ? .init(.assistedArgument) : provision(producer.origin)
        )
    }

    private static func provision(_ origin: Origin) -> DependencyGraph.Provision {
        switch origin {
        case .autowired: .init(.autowired)
        case .implementation(let type, let location): .init(.implementation, [location], implementation: type)
        case .value(let location): .init(.value, [location])
        case .closure(let location): .init(.closure, [location])
        case .factory(let location): .init(.factory, [location])
        case .constructor(let location): .init(.constructor, [location])
        case .collection(let locations): .init(.collection, locations)
        case .synthesized: .init(.synthesized)
        case .offered(let location): .init(.offered, [location])
        case .request(let location): .init(.request, [location])
        }
    }
}
