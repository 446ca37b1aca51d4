/// Wirings that work, but not the way their author meant: found from the compiled graph.
extension Validator {
    /// Dependencies on a class that is bound, as the implementation, to another type: they create
    /// the class directly, bypassing the binding, its scope and every override of it in tests.
    func bypassedBindings(_ snapshot: GraphSnapshot) -> [Diagnostic] {
        var boundAs: [ObjectIdentifier: (key: BindingKey, location: SourceLocation)] = [:]
        for producer in snapshot.producers {
            guard case .implementation(let implementation, let location) = producer.origin,
                ObjectIdentifier(implementation) != ObjectIdentifier(producer.key.type)
            else { continue }
            boundAs[ObjectIdentifier(implementation)] = (producer.key, location)
        }
        guard !boundAs.isEmpty else { return [] }
        let graph = snapshot.graph
        return graph.edges.compactMap { edge in
            let owner = snapshot.producers[edge.from]
            let target = snapshot.producers[edge.to]
            // A binding's own edge to its implementation is the binding at work.
            guard case .autowired = target.origin, target.key.tag == nil, !edge.label.isEmpty,
                let bound = boundAs[ObjectIdentifier(target.key.type)]
            else { return nil }
            if case .implementation = owner.origin { return nil }
            return .bypassedBinding(
                owner: graph.nodes[edge.from].name, property: edge.label, implementation: target.key,
                boundAs: bound.key, boundAt: bound.location, declaredAt: edge.location, path: graph.path(to: edge.to))
        }
    }
}

extension Validator {
    /// Resolves each cleanly compiling root once in the validation copy: a failing resolve reports its error
    /// (no static check sees inside a closure factory), and surviving `.graph` and `.transient` objects
    /// (watched weakly) forming a cycle of static dependencies are reported, as each resolve would leak one
    /// such group. In a request scope, what a request-reading root needs that does not read the request is
    /// resolved in its place, so that a factory failing there fails at start-up, not at the first request.
    func resolvingRoots(_ snapshot: GraphSnapshot, _ clean: CleanCompilation) -> [Diagnostic] {
        var reported: Set<Set<Int>> = []
        var findings: [Diagnostic] = []
        var entries = snapshot.graph.roots
        if registry.settings.bindsRequest { entries += requestFreeInputs(of: snapshot) }
        var positions: [UInt: Int] = [:]
        for (node, producer) in snapshot.producers.enumerated() {
            positions[UInt(bitPattern: ObjectIdentifier(producer))] = node
        }
        for root in entries {
            let producer = snapshot.producers[root]
            guard !(producer is InjectionTargetProducer), !(producer is any HandleProducer), !readsRequest(producer),
                clean.compiled(reaching: producer, { $0.producer(for: producer.key) }) != nil
            else { continue }
            let (survivors, error) = survivingObjects(resolving: producer, positions: positions)
            if let error { findings += readable(error.diagnostics) }
            guard !survivors.isEmpty else { continue }
            let nodes = Set(
                snapshot.producers.indices.filter { node in
                    let producer = snapshot.producers[node]
                    return (producer.scope == .graph || producer.scope == .transient)
                        && survivors.contains(UInt(bitPattern: ObjectIdentifier(producer)))
                })
            for cycle in Self.cycles(among: nodes, in: snapshot.graph)
            where reported.insert(Set(cycle.map { snapshot.graph.edges[$0].from })).inserted {
                findings.append(.strongReferenceCycle(cycle.map { snapshot.graph.edges[$0] }, in: snapshot.graph))
            }
        }
        return findings
    }

    /// The nodes that do not read the request but are dependencies of nodes that do: what a
    /// request's graph takes from outside the request, each once.
    private func requestFreeInputs(of snapshot: GraphSnapshot) -> [Int] {
        var reads: [ObjectIdentifier: Bool] = [:]
        func readsRequest(_ producer: AnyProducer) -> Bool {
            if let known = reads[ObjectIdentifier(producer)] { return known }
            let found = self.readsRequest(producer)
            reads[ObjectIdentifier(producer)] = found
            return found
        }
        var inputs: [Int] = []
        var seen: Set<Int> = Set(snapshot.graph.roots)
        for edge in snapshot.graph.edges where !edge.isDeferred {
            let (from, to) = (snapshot.producers[edge.from], snapshot.producers[edge.to])
            guard readsRequest(from), !readsRequest(to), seen.insert(edge.to).inserted else { continue }
            inputs.append(edge.to)
        }
        return inputs
    }

    /// The producers whose objects, recorded by one resolve of `producer` (its nested program records each
    /// `.graph` object it makes), outlive it, and its error. `positions`: node by identifier bits.
    private func survivingObjects(resolving producer: AnyProducer, positions: [UInt: Int]) -> (
        Set<UInt>, ResolutionError?
    ) {
        var watched: [(producer: UInt, object: WeakObject)] = []
        // Held past the resolve, then released root first, for the reason given in `audit`.
        var held: [(position: Int, object: AnyObject?)] = []
        do throws(ResolutionError) {
            try ResolveProgram.inResolution { resolution throws(ResolutionError) in
                _ = try ResolutionError.catching { try producer.produceNested(resolution) }
                resolution.pointee.forEachInstance { identity, object in
                    watched.append((identity, WeakObject(object)))
                    held.append((positions[identity] ?? Int.max, object))
                }
            }
        } catch {
            return ([], error)
        }
        held.sort { $0.position < $1.position }
        for index in held.indices { held[index].object = nil }
        return (Set(watched.filter { $0.object.object != nil }.map(\.producer)), nil)
    }

    /// One cycle of static edges among `nodes` (as edge indices) per node not yet on a reported cycle.
    static func cycles(among nodes: Set<Int>, in graph: DependencyGraph) -> [[Int]] {
        var cycles: [[Int]] = []
        var onSomeCycle: Set<Int> = []
        for start in nodes.sorted() where !onSomeCycle.contains(start) {
            // Depth-first from `start` with an explicit stack, looking for a way back to it.
            var path: [(node: Int, next: Int)] = [(start, 0)]
            var visited: Set<Int> = [start]
            var found: [Int]?
            while found == nil, let top = path.last {
                let outgoing = graph.outgoing[top.node]
                guard top.next < outgoing.count else {
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let edge = graph.edges[outgoing[top.next]]
                guard !edge.isDeferred, nodes.contains(edge.to) else { continue }
                if edge.to == start {
                    found = path.map { graph.outgoing[$0.node][$0.next - 1] }
                } else if visited.insert(edge.to).inserted {
                    path.append((edge.to, 0))
                }
            }
            guard let found else { continue }
            cycles.append(found)
            for edge in found { onSomeCycle.insert(graph.edges[edge].from) }
        }
        return cycles
    }
}

/// A weak reference, for watching what a resolve leaves alive.
private struct WeakObject {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}
