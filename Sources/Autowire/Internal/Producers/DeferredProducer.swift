/// A producer of a handle that resolves another producer later (`Provider`, `Lazy`); its edge is
/// deferred, so it never takes part in a cycle.
final class DeferredProducer<T>: Producer<T>, @unchecked Sendable {
    let make: (Registry) -> T

    init(key: BindingKey, registry: Registry, target: AnyProducer, make: @escaping (Registry) -> T) {
        self.make = make
        super.init(
            key: key, scope: .transient, origin: .synthesized, registry: registry, registersEarly: false,
            isFactory: false)
        edges = [Edge(label: "get()", location: nil, target: target, isDeferred: true)]
    }

    /// The handle holds its registry strongly; the producer itself must not (the registry owns it).
    override func produce(_ resolution: Resolution) throws -> T { make(registry) }
}
