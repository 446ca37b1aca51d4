/// A producer of a handle that resolves another producer later (`Provider`, `Lazy`, `AssistedFactory`);
/// its edge is deferred, so it never takes part in a cycle.
///
/// Sendable: `contributed` is set only while compiling (see `AnyProducer`); the rest is `let`.
final class DeferredProducer<T>: Producer<T>, HandleProducer, @unchecked Sendable {
    let target: AnyProducer
    let make: (ContainerHandle) -> T
    /// Set while compiling when the handle is a collection's element rather than bound under its key:
    /// the collection's key and the edges from its producer to this one.
    var contributed: (collection: BindingKey, edges: [Int])?

    override var handleTarget: AnyProducer? { target }

    init(key: BindingKey, registry: Registry, target: AnyProducer, make: @escaping (ContainerHandle) -> T) {
        self.target = target
        self.make = make
        super.init(key: key, registry: registry)
        appendEdge(Edge(label: "", location: nil, target: target, isDeferred: true))
    }

    /// Found again by this producer's key in the compiling registry; held weakly for a kept object.
    private func handle(weakly: Bool) -> ContainerHandle {
        ContainerHandle(
            registry: registry, weakly: weakly, handleKey: key, targetKey: BindingKey(type: target.key.type, tag: nil),
            element: contributed)
    }

    override func lowering() -> Lowering { lowering(insideKeptObject: false) }

    /// Made on each run: a handle held by the program (which the registry owns) would be the same for
    /// kept and other objects, and a strong one would keep the registry alive forever. Only a weak one,
    /// in a kept object's region, is made once.
    override func lowering(insideKeptObject: Bool) -> Lowering {
        let make = make
        if insideKeptObject {
            let handle = handle(weakly: true)
            return .factory(ValueCall(key: key, references: 0) { _ in make(handle) }, [], shared: false)
        }
        let handleKey = key
        let targetKey = BindingKey(type: target.key.type, tag: nil)
        let contributed = contributed
        return .factory(
            HandleCall(key: key, registry: registry) { registry in
                make(
                    ContainerHandle(
                        registry: registry, weakly: false, handleKey: handleKey, targetKey: targetKey,
                        element: contributed))
            }, [], shared: false)
    }
}

/// A producer of a handle, seen without its type: what a handle looks up to find its target.
protocol HandleProducer: AnyObject {
    var target: AnyProducer { get }
    /// Where a handle contributed to a collection is found (see `ContainerHandle`).
    var contributed: (collection: BindingKey, edges: [Int])? { get set }
}
