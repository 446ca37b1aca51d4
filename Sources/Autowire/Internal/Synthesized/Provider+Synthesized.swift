/// How the container makes a `Provider<T>`: from `T`'s producer, which it resolves only on `get()`.
extension Provider: SynthesizedDependency {
    static var underlyingKey: BindingKey { BindingKey(T.self, tag: nil) }

    static func synthesize(_ key: BindingKey, in compiler: PlanCompiler) -> AnyProducer? {
        guard let target = compiler.producer(for: BindingKey(T.self, tag: nil))?.typed(T.self) else { return nil }
        compiler.scheduleRootCheck(target)
        return DeferredProducer(key: key, registry: compiler.registry, target: target) { handle in
            Provider(handle: handle)
        }
    }
}
