/// Request data never outlives its request: in a `RequestScope`'s container, an object kept beyond
/// one resolve (`.singleton`, `.weak`, a custom scope) whose graph reaches the request would hand one
/// request's data to later ones. Found when the root is compiled, naming the object and its scope.
extension PlanCompiler {
    private struct Visit: Hashable {
        let producer: ObjectIdentifier
        /// The kept object the walk is inside, if any.
        let keeper: ObjectIdentifier?
    }

    private struct Frame {
        let producer: AnyProducer
        /// The outermost kept object on the way here.
        let keeper: AnyProducer?
        /// The path component that led here; nil for the root.
        let component: String?
        var nextEdge = 0
    }

    /// Walks `root`'s graph (not its `Provider`s and `Lazy`s, which resolve later) for kept
    /// objects that reach the request, and reports each once. A loop, not a recursion: the depth
    /// is the user's graph's.
    func checkKeptObjectsReachingRequest(from root: AnyProducer) {
        guard registry.settings.bindsRequest else { return }
        var stack = [Frame(producer: root, keeper: root.keepsInstances ? root : nil, component: nil)]
        var visited: Set<Visit> = [
            Visit(producer: ObjectIdentifier(root), keeper: stack[0].keeper.map(ObjectIdentifier.init))
        ]
        var reported: Set<ObjectIdentifier> = []
        while let top = stack.last {
            let producer = top.producer
            guard top.nextEdge < producer.edges.count else {
                stack.removeLast()
                continue
            }
            let edge = producer.edges[top.nextEdge]
            stack[stack.count - 1].nextEdge += 1
            // Another container's producers never see this scope's request.
            guard !edge.isDeferred, edge.target.registry === registry else { continue }
            let target = edge.target
            let keeper = top.keeper ?? (target.keepsInstances ? target : nil)
            let component = EdgeLabel.pathComponent(edge, of: producer)
            if case .request = target.origin {
                if let keeper, reported.insert(ObjectIdentifier(keeper)).inserted {
                    let path = (stack.compactMap(\.component) + [component, target.key.description])
                    report(
                        .requestKept(
                            keeper.key, scope: keeper.scope, request: target.key, location: target.origin.location,
                            path: path))
                }
                continue
            }
            guard
                visited.insert(Visit(producer: ObjectIdentifier(target), keeper: keeper.map(ObjectIdentifier.init)))
                    .inserted
            else { continue }
            stack.append(Frame(producer: target, keeper: keeper, component: component))
        }
    }
}
