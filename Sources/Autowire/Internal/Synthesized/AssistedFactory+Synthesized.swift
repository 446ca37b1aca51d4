/// How the container makes an `AssistedFactory<Seed, T>` for an `Injectable` class (bound ones
/// come from `to(assisted:)`).
extension AssistedFactory: SynthesizedDependency {
    static var underlyingKey: BindingKey { BindingKey(T.self, tag: nil) }

    static func synthesize(_ key: BindingKey, in compiler: PlanCompiler) -> AnyProducer? {
        guard let injectable = T.self as? any Injectable.Type else { return nil }
        return compiler.assistedFactory(for: injectable, seed: Seed.self, provided: T.self, key: key)
    }
}
