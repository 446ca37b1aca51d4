/// A producer of a handle that resolves another producer later (`Provider`, `Lazy`,
/// `AssistedFactory`); its edge is deferred, so it never takes part in a cycle.
final class DeferredProducer<T>: Producer<T>, HandleProducer, @unchecked Sendable {
    let target: AnyProducer
    let make: (ContainerHandle) -> T
    /// Set while compiling when the handle is a collection's element rather than bound under its
    /// key: the collection's key and the edges from its producer to this one.
    var contributed: (collection: BindingKey, edges: [Int])?

    init(key: BindingKey, registry: Registry, target: AnyProducer, make: @escaping (ContainerHandle) -> T) {
        self.target = target
        self.make = make
        super.init(
            key: key, scope: .transient, origin: .synthesized, registry: registry, registersEarly: false,
            isFactory: false)
        edges = [Edge(label: "", location: nil, target: target, isDeferred: true)]
    }

    /// The handle finds its target again through this producer's key, in the registry that
    /// compiled it, which it holds weakly.
    private var handle: ContainerHandle {
        ContainerHandle(
            registry: registry, handleKey: key, targetKey: BindingKey(type: target.key.type, tag: nil),
            element: contributed)
    }

    override func produce(_ resolution: Resolution) throws -> T { make(handle) }

    /// `Provider` and `AssistedFactory` are values that only name their target, the same for
    /// every resolve: one made now serves every run. A `Lazy` keeps what it resolves, so each run
    /// makes its own.
    override func lowering() -> Lowering {
        let handle = handle
        guard holdsReferences else { return .constant(reference(for: make(handle))) }
        let make = make
        return .factory(ValueCall(key: key, references: 0) { _ in make(handle) }, [], shared: false)
    }
}

/// A producer of a handle, seen without its type: what a handle looks up to find its target.
protocol HandleProducer: AnyObject {
    var target: AnyProducer { get }
    /// Where a handle contributed to a collection is found (see `ContainerHandle`).
    var contributed: (collection: BindingKey, edges: [Int])? { get set }
}
