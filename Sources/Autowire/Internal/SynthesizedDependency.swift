/// A type the container makes out of another binding rather than binds: `Provider<T>`,
/// `Lazy<T>`, `Tagged<T>`. Found by a dynamic cast when a key has no binding.
protocol SynthesizedDependency {
    /// Compiles and registers the producer for `key`, or returns nil when the underlying value
    /// cannot be provided.
    static func synthesize(_ key: BindingKey, in compiler: PlanCompiler) -> AnyProducer?

    /// What the synthesized value is made from: what a missing-binding message should name.
    static var underlyingKey: BindingKey { get }
}

extension BindingKey {
    /// The key a missing-binding message names: `String tagged Host` rather than `Tagged<Host>`.
    var requested: BindingKey {
        guard tag == nil, let synthesized = type as? any SynthesizedDependency.Type else { return self }
        return synthesized.underlyingKey.requested
    }
}

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
