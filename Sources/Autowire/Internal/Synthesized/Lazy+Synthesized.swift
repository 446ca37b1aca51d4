/// How the container makes a `Lazy<T>`: a handle on `T`'s producer, resolved on the first `get()`.
extension Lazy: SynthesizedDependency {
    static var underlyingKey: BindingKey { BindingKey(T.self, tag: nil) }

    static func synthesize(_ key: BindingKey, in compiler: PlanCompiler) -> AnyProducer? {
        guard let target = compiler.producer(for: BindingKey(T.self, tag: nil))?.typed(T.self) else { return nil }
        compiler.scheduleRootCheck(target)
        return DeferredProducer(key: key, registry: compiler.registry, target: target) { handle in
            Lazy(handle: handle)
        }
    }
}
