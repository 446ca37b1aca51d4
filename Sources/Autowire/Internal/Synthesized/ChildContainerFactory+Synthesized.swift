/// How the container makes a `ChildContainerFactory` dependency: one on the container that
/// compiled it, held weakly for an object the container keeps.
extension ChildContainerFactory: SynthesizedDependency {
    /// Keyed by `Container`, not its own type, which would make `requested` and `canProvide` loop.
    static var underlyingKey: BindingKey { BindingKey(Container.self, tag: nil) }

    static func synthesize(_ key: BindingKey, in compiler: PlanCompiler) -> AnyProducer? {
        WeakHandleProducer(key: key, registry: compiler.registry, deferredTarget: nil) { registry, weakly in
            ChildContainerFactory(parent: registry, weakly: weakly)
        }
    }
}
