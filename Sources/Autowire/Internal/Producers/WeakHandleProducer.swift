/// A producer of a wrapper that holds this producer's container weakly and needs nothing resolved
/// to be made: an injected `PropertyInjector` or `ChildContainerFactory`. A new wrapper each time;
/// its edge (to the plan an injector runs) is deferred, like a `Provider`'s.
final class WeakHandleProducer<T>: Producer<T>, @unchecked Sendable {
    private let make: (Registry) -> T

    init(key: BindingKey, registry: Registry, deferredTarget: AnyProducer?, make: @escaping (Registry) -> T) {
        self.make = make
        super.init(
            key: key, scope: .transient, origin: .synthesized, registry: registry, registersEarly: false,
            isFactory: false)
        if let deferredTarget { edges = [Edge(label: "", location: nil, target: deferredTarget, isDeferred: true)] }
    }

    override func produce(_ resolution: Resolution) throws -> T { make(registry) }
}
