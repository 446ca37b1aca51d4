/// How the container makes a `Tagged<T>` factory parameter: from the value `T` names.
extension Tagged: SynthesizedDependency {
    static var underlyingKey: BindingKey { BindingKey(T.Value.self, tag: T.self) }

    static func synthesize(_ key: BindingKey, in compiler: PlanCompiler) -> AnyProducer? {
        guard let source = compiler.producer(for: underlyingKey)?.typed(T.Value.self) else { return nil }
        return TaggedProducer<T>(key: key, registry: compiler.registry, source: source)
    }
}
