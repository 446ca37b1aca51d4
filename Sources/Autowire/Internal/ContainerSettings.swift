/// What a binder asks of its container besides bindings.
struct ContainerSettings {
    /// Singletons to create when the container is built, in the order they were marked.
    var eagerSingletons: [EagerSingleton] = []
    /// Whether `resetSingletons()` may drop the container's singletons (which then cost a lock per
    /// read, and are never constants of a resolve program).
    var singletonsAreResettable = false
    /// Whether a child uses its parent's producers, and so its autowired singletons, for what it
    /// does not bind (see `Registry.sharedProducer`).
    var sharesParentPlans = true
    /// The request's key when this is a `RequestScope`'s container, which binds the request: its
    /// kept objects must not reach it (see `PlanCompiler.checkKeptObjectsReachingRequest`).
    var request: BindingKey?
    var bindsRequest: Bool { request != nil }
    /// The modules this container and its ancestors included: a child includes none of them again.
    var includedModules: Set<ObjectIdentifier> = []
    /// The same for `Hashable` module values, compared as values: a module type's equality includes its type.
    var includedModuleValues: Set<AnyHashable> = []
}

/// A singleton marked eager, and where.
struct EagerSingleton {
    let key: BindingKey
    let location: SourceLocation
}
