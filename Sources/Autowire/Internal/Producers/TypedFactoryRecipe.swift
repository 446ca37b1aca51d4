/// A compiled factory call: produces every argument, then calls the user's function.
protocol FactoryCall<Implementation>: AnyObject {
    associatedtype Implementation
    func make(_ resolution: Resolution) throws -> Implementation
}

/// A typed factory's compiled parameters: one producer per parameter, in parameter order, so a call
/// produces each argument with no lookup and no cast.
final class TypedFactoryRecipe<each Parameter, Implementation>: FactoryCall {
    let factory: (repeat each Parameter) throws -> Implementation
    let arguments: FactoryArgumentList

    // The arguments come as a pack, not a tuple: passing a tuple of a pack crashes the 6.3 compiler.
    init(
        factory: @escaping (repeat each Parameter) throws -> Implementation,
        arguments: repeat FactoryArgument<each Parameter>
    ) {
        self.factory = factory
        self.arguments = FactoryArgumentList(repeat each arguments)
    }

    func make(_ resolution: Resolution) throws -> Implementation {
        var index = 0
        return try factory(repeat try arguments.produce((each Parameter).self, at: &index, resolution))
    }
}

/// A bound assisted factory: the seed of the ongoing `make(_:)` first, then resolved parameters.
final class SeededFactoryRecipe<Seed, each Parameter, Implementation>: FactoryCall {
    let factory: (Seed, repeat each Parameter) throws -> Implementation
    private let seedReference: Unowned<SeedProducer<Seed>>
    var seed: SeedProducer<Seed> { seedReference.object }
    let arguments: FactoryArgumentList

    init(
        factory: @escaping (Seed, repeat each Parameter) throws -> Implementation, seed: SeedProducer<Seed>,
        arguments: repeat FactoryArgument<each Parameter>
    ) {
        self.factory = factory
        self.seedReference = Unowned(seed)
        self.arguments = FactoryArgumentList(repeat each arguments)
    }

    func make(_ resolution: Resolution) throws -> Implementation {
        var index = 0
        return try factory(
            try seed.produce(resolution), repeat try arguments.produce((each Parameter).self, at: &index, resolution))
    }
}

/// One compiled factory parameter; its producer is owned by a registry.
struct FactoryArgument<P> {
    let producerReference: Unowned<Producer<P>>
    var producer: Producer<P> { producerReference.object }
}

/// A factory's compiled parameters, flat and untyped, read back in parameter order.
///
/// Kept flat rather than as a tuple of `FactoryArgument`s: an unspecialized `make` had to look up
/// the tuple's and each `FactoryArgument<P>`'s metadata for every parameter on every call.
struct FactoryArgumentList {
    /// Owned by their registries.
    private let producers: [Unowned<AnyProducer>]

    init<each P>(_ arguments: repeat FactoryArgument<each P>) {
        var producers: [Unowned<AnyProducer>] = []
        for argument in repeat each arguments { producers.append(Unowned(argument.producer)) }
        self.producers = producers
    }

    /// Produces the argument at `index`, which the compiler typed `P` (its producer is the one
    /// compiled for a key of `P`), and moves to the next: by its nested program, as a closure's
    /// `Resolver` resolves it, in the same resolve (only a factory no program calls itself, past
    /// 64 parameters, gets its arguments here).
    @inline(__always)
    func produce<P>(_ type: P.Type, at index: inout Int, _ resolution: Resolution) throws -> P {
        let producer = producers[index]
        index += 1
        return try producer.withObject { try $0.asProducer(of: P.self).produceNestedValue(resolution) }
    }
}

/// Hands out compiled parameters in order, typed, while a pack expansion builds the argument tuple.
final class ArgumentCursor {
    let compiled: [AnyProducer]
    private var next = 0

    init(_ compiled: [AnyProducer]) { self.compiled = compiled }

    func take<P>(_ type: P.Type) -> FactoryArgument<P> {
        defer { next += 1 }
        return FactoryArgument(producerReference: Unowned(compiled[next].asProducer(of: P.self)))
    }
}

/// The factory call of a producer, set once its parameters are compiled (after the producer is
/// registered, so parameter cycles back to it are found).
final class FactoryCallHolder<Implementation> {
    var call: (any FactoryCall<Implementation>)?
    /// The same call as a resolve program makes it, with the producers of its parameters.
    var program: (factory: ProgramFactory, parameters: [AnyProducer])?
}

extension PlanCompiler {
    /// Compiles each parameter of a typed factory: nil when one cannot be provided (every missing
    /// one is reported).
    func compileArguments<each Parameter>(
        _ parameters: repeat (each Parameter).Type, labels: [String?], owner: BindingKey, location: SourceLocation,
        edgesOf consumer: AnyProducer, firstIndex: Int = 1
    ) -> ArgumentCursor? {
        var compiled: [AnyProducer] = []
        var index = firstIndex - 1
        var complete = true
        for parameter in repeat each parameters {
            index += 1
            let position = index
            let name = labels.indices.contains(position - 1) ? labels[position - 1] : nil
            // Path text is made only if a problem is reported: naming types costs microseconds.
            let component = {
                EdgeLabel.pathComponent(
                    EdgeLabel.parameter(position, label: name), ownerName: owner.description,
                    ownerTypeName: owner.typeName)
            }
            if let found = producer(of: parameter, tag: nil, label: component(), location: location) {
                compiled.append(found)
                consumer.appendEdge(
                    Edge(
                        label: EdgeLabel.parameter(position, label: name), location: location, target: found,
                        isDeferred: false))
            } else {
                complete = false
            }
        }
        return complete ? ArgumentCursor(compiled) : nil
    }

    /// The scoped producer of a factory binding: runs the holder's call, wraps what it throws with
    /// the binding's location, and checks the result is a `Value`.
    func factoryProducer<Value, Implementation>(
        key: BindingKey, location: SourceLocation, scope: Scope, holder: FactoryCallHolder<Implementation>,
        origin: Origin? = nil
    ) -> Producer<Value> {
        checkConformance(of: Implementation.self, to: Value.self, key: key, location: location)
        let recipe = Recipe<Value>(
            make: { resolution in
                try resolution.checkDepth()
                let made = try holder.make(in: resolution, key: key, location: location)
                return try upcast(made, to: Value.self, key: key, location: location)
            },
            registersEarly: false, isFactory: true, factory: { holder.program })
        return makeScoped(key: key, scope: scope, origin: origin ?? .factory(location), recipe: recipe)
    }
}

extension PlanCompiler {
    /// Reports an implementation class that is not a `Value` (a class key bound to an unrelated
    /// class); a protocol's conformance is checked on the product.
    fileprivate func checkConformance<Implementation, Value>(
        of implementation: Implementation.Type, to value: Value.Type, key: BindingKey, location: SourceLocation
    ) {
        guard Value.self is AnyClass, !(Implementation.self is Value.Type) else { return }
        report(
            .nonConforming(implementation: Implementation.self, key: key, location: location, path: [key.description]))
    }
}

extension FactoryCallHolder {
    /// Runs the compiled call in `resolution`: what it throws gains the binding's key in its path,
    /// or becomes `factory-failed` at `location` when it is the user's own error.
    fileprivate func make(in resolution: Resolution, key: BindingKey, location: SourceLocation) throws -> Implementation
    {
        guard let call else {
            throw ResolutionError(.internalInconsistency("the factory for \(key) was not compiled"))
        }
        do {
            return try call.make(resolution)
        } catch let error as ResolutionError {
            throw error.prependingPath(key.description)
        } catch {
            throw ResolutionError(.factoryFailed(key, location: location, error: error), underlyingError: error)
        }
    }
}

extension PlanCompiler {
    /// The scoped producer of a ``ConstructorInjectable`` class that is also ``Injectable``: made
    /// by its construction (the holder's call, as `factoryProducer` runs it), then filled by `plan`,
    /// whose hook runs once what the object reads is complete, as for an autowired class.
    ///
    /// A program calls the construction, then fills its product (see `FilledConstruction`). A
    /// cycle back to the object through one of its properties closes as one through a constructor
    /// does: the property waits for the construction, filling included, to return. A construction
    /// of more than 64 parameters is called as a closure is, and its product filled by nested
    /// programs.
    func filledConstructionProducer<Value, Implementation>(
        key: BindingKey, location: SourceLocation, scope: Scope, holder: FactoryCallHolder<Implementation>,
        plan: InjectionPlan
    ) -> Producer<Value> {
        checkConformance(of: Implementation.self, to: Value.self, key: key, location: location)
        let recipe = Recipe<Value>(
            make: { resolution in
                try resolution.checkDepth()
                try plan.checkThread()
                let made = try holder.make(in: resolution, key: key, location: location)
                // A class: `Implementation` is an `Injectable` type.
                let object = made as AnyObject
                guard let hook = plan.hook, !hook.isAbsent else {
                    try plan.fill(object, in: resolution)
                    return try upcast(made, to: Value.self, key: key, location: location)
                }
                resolution.pointee.beginCreation()
                do {
                    try plan.fill(object, in: resolution)
                } catch {
                    resolution.pointee.abandonCreation()
                    throw error
                }
                try resolution.pointee.endCreation(nil, hook: PendingHook(object: object, hook: hook))
                return try upcast(made, to: Value.self, key: key, location: location)
            },
            registersEarly: false, isFactory: true, factory: { holder.program })
        return makeScoped(key: key, scope: scope, origin: .constructor(location), recipe: recipe)
    }
}
