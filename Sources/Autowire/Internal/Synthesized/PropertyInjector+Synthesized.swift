/// How the container makes a `PropertyInjector<T>` dependency: the plan that fills a `T`, compiled
/// now and checked as a root of its own, behind an injector that holds the container (weakly for an
/// object the container keeps).
extension PropertyInjector: SynthesizedDependency {
    static var underlyingKey: BindingKey { BindingKey(T.self, tag: nil) }

    static func synthesize(_ key: BindingKey, in compiler: PlanCompiler) -> AnyProducer? {
        let target = compiler.injectionTarget(T.self)
        compiler.scheduleRootCheck(target)
        return WeakHandleProducer(key: key, registry: compiler.registry, deferredTarget: target) { registry, weakly in
            weakly
                ? PropertyInjector(weaklyOn: registry, target: target)
                : PropertyInjector(registry: registry, target: target, objectType: T.self)
        }
    }
}
