/// How the container makes an `AssistedFactory<Seed, T>` for an `Injectable` class (bound ones
/// come from `to(assisted:)`).
extension AssistedFactory: SynthesizedDependency {
    static var underlyingKey: BindingKey { BindingKey(T.self, tag: nil) }

    static func synthesize(_ key: BindingKey, in compiler: PlanCompiler) -> AnyProducer? {
        guard let injectable = T.self as? any Injectable.Type else { return nil }
        return compiler.assistedFactory(for: injectable, seed: Seed.self, provided: T.self, key: key)
    }
}

/// What every `AssistedFactory<Seed, T>` is, seen without its type parameters: for messages.
protocol AssistedFactoryType {
    static var seedType: Any.Type { get }
    static var productType: Any.Type { get }
}

extension AssistedFactory: AssistedFactoryType {
    static var seedType: Any.Type { Seed.self }
    static var productType: Any.Type { T.self }
}
