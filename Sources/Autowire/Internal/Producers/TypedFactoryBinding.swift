/// A `to(factory:)` binding waiting to be compiled. (A class rather than a closure: closures that
/// capture parameter packs crash the 6.3 compiler.)
final class TypedFactoryBinding<Value, each Parameter, Implementation>: FactoryParameterKeys {
    let key: BindingKey
    let location: SourceLocation
    let scope: Scope
    let factory: (repeat each Parameter) throws -> Implementation
    /// How the graph shows it: a typed factory, unless it is a `ConstructorInjectable` type's own.
    let origin: Origin
    /// The parameters' ``ParameterLabel``s, nil (or none) where a parameter goes by its position.
    let labels: [String?]
    /// The call specialized in the caller's module, when a fixed-arity overload bound the factory.
    let specialized: SpecializedFactoryCall?

    init(
        value: Value.Type, key: BindingKey, location: SourceLocation, scope: Scope,
        factory: @escaping (repeat each Parameter) throws -> Implementation, labels: [String?] = [],
        specialized: SpecializedFactoryCall? = nil, origin: Origin? = nil
    ) {
        self.key = key
        self.location = location
        self.scope = scope
        self.factory = factory
        self.labels = labels
        self.specialized = specialized
        self.origin = origin ?? .factory(location)
    }

    func compile(_ compiler: PlanCompiler, register: Bool) -> AnyProducer {
        let holder = FactoryCallHolder()
        let producer: Producer<Value> = compiler.factoryProducer(
            key: key, location: location, scope: scope, holder: holder, making: Implementation.self, origin: origin)
        if register { compiler.register(producer) }
        if let parameters = compiler.compileArguments(
            repeat (each Parameter).self, labels: labels, owner: key, location: location, edgesOf: producer)
        {
            holder.program = (programFactory(), parameters)
        }
        // Its edges are complete: checked now when they lead only to checked producers.
        compiler.checkWhenEdgesAreChecked(producer)
        return producer
    }

    /// The specialized call if there is one and the product is a class, else the parameter pack.
    func programFactory() -> ProgramFactory {
        let references = referenceMask(repeat (each Parameter).self)
        guard let specialized = specialized, Implementation.self is AnyClass else {
            return TypedProgramFactory<Value, repeat each Parameter, Implementation>(
                key: key, location: location, factory: factory, references: references)
        }
        let key = key
        let location = location
        let upcast: ((AnyObject) throws -> AnyObject)? =
            Implementation.self == Value.self
            ? nil : { made in record(try Autowire.upcast(made, to: Value.self, key: key, location: location)) }
        return SpecializedProgramFactory(
            key: key, location: location, specialized: specialized, references: references, upcast: upcast)
    }

    /// The key each parameter is resolved by (see `StaticReach.parameters`).
    var parameterKeys: [BindingKey] { BindingKey.untagged(repeat (each Parameter).self) }

}

/// Bit `i` set if argument `i` is a class reference, up to 64 (`FactoryArguments.lent` tells the rest).
private func referenceMask<each Argument>(_ arguments: repeat (each Argument).Type) -> UInt64 {
    var references: UInt64 = 0
    var index: UInt64 = 0
    for argument in repeat each arguments {
        if argument is AnyClass, index < 64 { references |= 1 << index }
        index += 1
    }
    return references
}

/// A `to(assisted:)` binding waiting to be compiled: the factory's first parameter is the seed.
final class SeededFactoryBinding<T, Seed, each Parameter, Implementation> {
    let location: SourceLocation
    let factory: (Seed, repeat each Parameter) throws -> Implementation
    /// The labels of the seed and the other parameters, in order; empty when none were given.
    let labels: [String?]

    init(
        location: SourceLocation, factory: @escaping (Seed, repeat each Parameter) throws -> Implementation,
        labels: [String?] = []
    ) {
        self.location = location
        self.factory = factory
        self.labels = labels
    }

    /// Registers the producer that `AssistedFactory<Seed, T>.make(_:)` runs, without compiling its
    /// parameters yet (see ``compileArguments(of:_:)``).
    func producer(_ compiler: PlanCompiler) -> (Producer<T>, FactoryCallHolder) {
        let key = BindingKey(T.self, tag: AssistedTarget<Seed>.self)
        let holder = FactoryCallHolder()
        let producer: Producer<T> = compiler.factoryProducer(
            key: key, location: location, scope: .transient, holder: holder, making: Implementation.self)
        compiler.register(producer)
        return (producer, holder)
    }

    /// Compiles the parameters of `made`'s factory once the `AssistedFactory` binding is registered, so
    /// a parameter that is the factory itself (a tree whose nodes make their children) finds it.
    func compileArguments(of made: (Producer<T>, FactoryCallHolder), _ compiler: PlanCompiler) {
        let (producer, holder) = made
        let seed = compiler.seedProducer(Seed.self)
        let seedLabel = labels.first ?? nil
        producer.appendEdge(
            Edge(label: EdgeLabel.parameter(1, label: seedLabel), location: location, target: seed, isDeferred: false))
        if let parameters = compiler.compileArguments(
            repeat (each Parameter).self, labels: labels, owner: producer.key, location: location, edgesOf: producer,
            firstIndex: 2)
        {
            // The seed is the first argument, read from the run (see `SeedRead`).
            let call = SeededProgramFactory<T, Seed, repeat each Parameter, Implementation>(
                key: producer.key, location: location, factory: factory,
                references: referenceMask(Seed.self, repeat (each Parameter).self))
            holder.program = (call, [seed] + parameters)
        }
    }
}
