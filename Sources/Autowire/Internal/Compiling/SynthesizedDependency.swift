/// A type made out of another binding rather than bound (`Provider<T>`, `Lazy<T>`, `Tagged<T>`); found by a
/// dynamic cast when a key has no binding.
protocol SynthesizedDependency {
    /// Compiles and registers the producer for `key`; nil when the underlying value cannot be provided.
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
