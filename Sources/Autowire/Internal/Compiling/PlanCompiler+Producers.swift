/// How the compiler makes producers: a dependency's typed producer, an autowired class, a construction, a
/// `PropertyInjector`'s plan (and the object it fills, as its graph sees it), and the scoped producer.
extension PlanCompiler {
    /// The producer of the object being injected, when `key` is its type and nothing else provides it.
    func injectedObjectProducer(for key: BindingKey) -> AnyProducer? {
        guard let injectedObject, injectedObject.key == key else { return nil }
        let made = injectedObject.make()
        if let registered = producer(registeredFor: made.key) { return registered }
        register(made)
        return made
    }

    /// Autowires a `ConstructorInjectable` type through its construction in its own scope, with no binding.
    func construct<X: ConstructorInjectable>(_ type: X.Type, key: BindingKey) -> AnyProducer {
        let scope = reading("scope", of: type) { type.scope }
        return construct(type, as: X.self, key: key, scope: scope, register: true)
    }

    /// Compiles `type`'s construction as a producer of `provided` (itself, or a type it is bound to).
    func construct<X: ConstructorInjectable, T>(
        _ type: X.Type, as provided: T.Type, key: BindingKey, scope: Scope, register: Bool
    ) -> AnyProducer {
        let construction = reading("construction", of: type) { type.construction }
        return construction.recipe.compile(self, as: T.self, key: key, scope: scope, register: register)
    }

    /// A typed producer for `Value`, or nil with a missing-binding problem recorded.
    func producer<Value>(
        of type: Value.Type, tag: Any.Type?, label: @autoclosure @escaping () -> String, location: SourceLocation?
    ) -> Producer<Value>? {
        let key = BindingKey(Value.self, tag: tag)
        pushPath(.text(label))
        defer { popPath() }
        guard let producer = producer(for: key) else {
            if ranOutOfStack { return nil }
            report(
                .missingBinding(
                    key, location: location, path: path + [key.description], propertyHint: nil,
                    requestScope: registry.settings.request))
            return nil
        }
        return producer.typed(Value.self)
    }

    /// Compiles an `Injectable` class, `init()` then dependencies, provided as `T`: itself or a bound type.
    func autowire<X: Injectable, T>(
        _ type: X.Type, as provided: T.Type, key: BindingKey, scope: Scope, origin: Origin, register: Bool,
        conversion: ImplementationConversion? = nil
    ) -> Producer<T> {
        let (producer, plan) = autowiredProducer(
            type, as: provided, key: key, scope: scope, origin: origin, conversion: conversion)
        if register { self.register(producer) }
        compileSteps(of: type, into: plan, edgesOf: producer)
        return producer
    }

    /// The producer that fills an existing object of `type` (for `PropertyInjector`).
    func injectionTarget<X: PropertyInjectable>(_ type: X.Type) -> InjectionTargetProducer {
        let key = BindingKey(type: type, tag: PropertyInjectionTarget.self)
        if let existing = producer(registeredFor: key) as? InjectionTargetProducer { return existing }
        let producer = InjectionTargetProducer(key: key, registry: registry)
        register(producer)
        let outer = injectedObject
        let registry = registry
        injectedObject = (BindingKey(type: type, tag: nil), { InjectedObjectProducer<X>(registry: registry) })
        compileSteps(of: type, into: producer.plan, edgesOf: producer)
        injectedObject = outer
        // Reached through producers compiled before as well as now: found in the graph itself.
        let ownKey = BindingKey(type: type, tag: nil)
        let injectedKey = BindingKey(type: type, tag: InjectedObject.self)
        // Walked only when such a producer exists: validation makes an injection target per class,
        // and a walk each would make validating a chain of n classes O(n²).
        if self.producer(registeredFor: ownKey) != nil || self.producer(registeredFor: injectedKey) != nil {
            producer.selfProducers = producer.reached { reached in
                reached.scope == .graph && (reached.key == ownKey || reached.key == injectedKey)
            }
        }
        return producer
    }

    func makeScoped<T>(key: BindingKey, scope: Scope, origin: Origin, recipe: Recipe<T>) -> Producer<T> {
        if let storage = registry.resettableStorage(for: scope) {
            return ResettableProducer(
                key: key, scope: scope, origin: origin, registry: registry, recipe: recipe, storage: storage)
        }
        return switch scope.kind {
        case .transient, .graph:
            RecipeProducer(key: key, scope: scope, origin: origin, registry: registry, recipe: recipe)
        case .singleton: SingletonProducer(key: key, origin: origin, registry: registry, recipe: recipe)
        // `.custom` always has a storage, above.
        case .weak, .custom: WeakProducer(key: key, origin: origin, registry: registry, recipe: recipe)
        }
    }
}
