/// Request data never outlives its request: in a `RequestScope`'s container, a kept object (`.singleton`,
/// `.weak`, a custom scope) reaching the request would hand it to later requests, and a handle (`Provider`,
/// `Lazy`, `AssistedFactory`) reaching it would resolve after it. Both are reported when the root compiles.
extension PlanCompiler {
    private struct Visit: Hashable {
        let producer: ObjectIdentifier
        let keeper: ObjectIdentifier?
        let handle: ObjectIdentifier?
    }

    /// A handle on the way, with where the property or parameter holding it was declared.
    private struct HandleOnPath {
        let producer: AnyProducer
        let location: SourceLocation?
    }

    private struct Frame {
        let producer: AnyProducer
        /// The outermost kept object on the way here since the last handle.
        let keeper: AnyProducer?
        /// The outermost handle on the way here.
        let handle: HandleOnPath?
        let component: String?
        var nextEdge = 0
    }

    /// Walks `root`'s graph, through its handles, for kept objects and handles that reach the
    /// request, and reports each once. A loop, not a recursion: the depth is the user's graph's.
    func checkKeptObjectsReachingRequest(from root: AnyProducer) {
        guard registry.settings.bindsRequest else { return }
        var stack = [Frame(producer: root, keeper: root.keepsInstances ? root : nil, handle: nil, component: nil)]
        var visited: Set<Visit> = [
            Visit(producer: ObjectIdentifier(root), keeper: stack[0].keeper.map(ObjectIdentifier.init), handle: nil)
        ]
        var reported: Set<ObjectIdentifier> = []
        while let top = stack.last {
            let producer = top.producer
            guard top.nextEdge < producer.edgeCount else {
                stack.removeLast()
                continue
            }
            let edge = producer.edge(at: top.nextEdge)
            stack[stack.count - 1].nextEdge += 1
            // Another container's producers never see this scope's request.
            guard edge.target.registry === registry else { continue }
            let target = edge.target
            let component = EdgeLabel.pathComponent(edge, of: producer)
            // What a handle resolves is made later, by a resolve of its own: no kept object on the way to
            // the handle keeps it. `producer` is the handle; the edge that led to it, its place.
            var handle = top.handle
            if edge.isDeferred, handle == nil {
                let owner = stack.count > 1 ? stack[stack.count - 2] : nil
                handle = HandleOnPath(
                    producer: producer,
                    location: owner.map { $0.producer.edge(at: $0.nextEdge - 1).location } ?? nil)
            }
            let inherited = edge.isDeferred ? nil : top.keeper
            let keeper = inherited ?? (target.keepsInstances ? target : nil)
            if case .request = target.origin {
                let path = stack.compactMap(\.component) + [component, target.key.description]
                if let keeper {
                    if reported.insert(ObjectIdentifier(keeper)).inserted {
                        report(
                            .requestKept(
                                keeper.key, scope: keeper.scope, request: target.key, location: target.origin.location,
                                path: path))
                    }
                } else if let handle, reported.insert(ObjectIdentifier(handle.producer)).inserted {
                    report(
                        .requestAfterItsResolve(
                            handle: handle.producer.key, request: target.key, location: handle.location, path: path))
                }
                continue
            }
            let visit = Visit(
                producer: ObjectIdentifier(target), keeper: keeper.map(ObjectIdentifier.init),
                handle: handle.map { ObjectIdentifier($0.producer) })
            guard visited.insert(visit).inserted else { continue }
            stack.append(Frame(producer: target, keeper: keeper, handle: handle, component: component))
        }
    }
}

extension AnyProducer {
    /// Whether resolving this reads a `RequestScope`'s request, not counting what its handles resolve later.
    var readsRequest: Bool {
        var stack: [AnyProducer] = [self]
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(self)]
        while let producer = stack.popLast() {
            if case .request = producer.origin { return true }
            for edge in producer.compiledEdges
            where !edge.isDeferred && seen.insert(ObjectIdentifier(edge.target)).inserted {
                stack.append(edge.target)
            }
        }
        return false
    }
}
