/// What a ``Construction`` holds: its initializer, compiled like a typed factory binding for the
/// key and scope of each container that autowires the type.
protocol ConstructionRecipe: FactoryParameterKeys, Sendable {
    /// A producer of `Value` (the type itself, or a type it is bound to) for `key`.
    func compile<Value>(_ compiler: PlanCompiler, as value: Value.Type, key: BindingKey, scope: Scope, register: Bool)
        -> AnyProducer
}

/// The initializer of a ``ConstructorInjectable`` type (a class, as `TypedFactoryBinding` is).
final class ConstructorFactory<T, each Parameter>: ConstructionRecipe {
    let initializer: @Sendable (repeat each Parameter) throws -> T
    let location: SourceLocation
    /// The parameters' ``ParameterLabel``s; empty when none were given.
    let labels: [String?]
    /// The call specialized in the caller's module, when a fixed-arity overload made the construction.
    let specialized: SpecializedFactoryCall?

    init(
        _ initializer: @escaping @Sendable (repeat each Parameter) throws -> T, labels: [String?],
        specialized: SpecializedFactoryCall?, location: SourceLocation
    ) {
        self.initializer = initializer
        self.labels = labels
        self.specialized = specialized
        self.location = location
    }

    /// The key each parameter is resolved by (see `StaticReach.constructed`).
    var parameterKeys: [BindingKey] { BindingKey.untagged(repeat (each Parameter).self) }

    func compile<Value>(_ compiler: PlanCompiler, as value: Value.Type, key: BindingKey, scope: Scope, register: Bool)
        -> AnyProducer
    {
        if let injectable = T.self as? any Injectable.Type {
            return compileFilled(injectable, compiler, as: Value.self, key: key, scope: scope, register: register)
        }
        return TypedFactoryBinding(
            value: Value.self, key: key, location: location, scope: scope, factory: initializer, labels: labels,
            specialized: specialized, origin: .constructor(location)
        ).compile(compiler, register: register)
    }

    /// A type that is also ``Injectable``: made by its construction, then its declared properties are
    /// filled and its hook runs (`X` is `T`, opened from the cast).
    private func compileFilled<X: Injectable, Value>(
        _ type: X.Type, _ compiler: PlanCompiler, as value: Value.Type, key: BindingKey, scope: Scope, register: Bool
    ) -> AnyProducer {
        let holder = FactoryCallHolder()
        let plan = InjectionPlan()
        let producer: Producer<Value> = compiler.factoryProducer(
            key: key, location: location, scope: scope, holder: holder, making: T.self, origin: .constructor(location))
        if register { compiler.register(producer) }
        if let parameters = compiler.compileArguments(
            repeat (each Parameter).self, labels: labels, owner: key, location: location, edgesOf: producer)
        {
            // A program calls the construction (for the class itself), fills its product, then converts
            // it to a non-class `Value`. A cycle back through a property closes as through a
            // constructor: the property waits for the construction, filling included.
            let construction = TypedFactoryBinding(
                value: T.self, key: key, location: location, scope: scope, factory: initializer, labels: labels,
                specialized: specialized, origin: .constructor(location)
            ).programFactory()
            let boxing =
                Value.self is AnyClass ? nil : AliasConversion<Value, X>(key: key, location: location, specialized: nil)
            holder.program = (FilledConstruction(construction, filling: X.self, by: plan, boxedBy: boxing), parameters)
        }
        compiler.compileSteps(of: X.self, into: plan, edgesOf: producer)
        return producer
    }
}
