/// A typed factory as a resolve program calls it: its arguments come as a resolution records them
/// (class references as they are, other values boxed), and so does its result.
class ProgramFactory {
    let key: BindingKey
    /// Where the factory was bound; nil for what the container makes itself.
    let location: SourceLocation?
    /// Bit `i` is set when the values of parameter `i` are class references (else they come boxed).
    let references: UInt64

    init(key: BindingKey, location: SourceLocation?, references: UInt64 = 0) {
        self.key = key
        self.location = location
        self.references = references
    }

    /// Whether the factory takes over the arguments the program moves to it (see `call`).
    var consumesArguments: Bool { false }

    /// Whether errors inside its arguments name it in their path (`parameter 2 of Mailer's
    /// factory`). What the container makes with its own code hands them on unchanged.
    var namesPath: Bool { true }

    /// Whether the call may fail with `unavailable-instance` (an offered object gone): a program
    /// then calls it straight for an `.optional` property and skips its store
    /// (`ProgramLowering.OptionalPlace`).
    var mayBeUnavailable: Bool { false }

    /// For an alias's conversion: that conversion, compiled where the binding was written, which a
    /// property of the bound type can apply as it stores the object.
    var conversion: ImplementationConversion? { nil }

    /// Whether the call reads its arguments with `FactoryArguments.parameter`, which converts an
    /// implementation object to the parameter's type (only the specialized fixed-arity calls do).
    var readsConvertedArguments: Bool { false }

    /// Whether this is an alias's conversion (`AliasConversion`): one argument, the aliased value.
    var isAliasConversion: Bool { false }

    /// For a conversion that boxes an implementation object as a protocol it is bound as (see
    /// `AliasConversion`): `recorded`, what a resolution recorded for that protocol (the object
    /// itself, before it is filled, so that a cycle back to it closes), in the box a program holds.
    func boxingRecorded(_ recorded: AnyObject) throws -> AnyObject { recorded }

    /// Calls the factory with `arguments`, one per parameter, and returns its product as its
    /// producer records values. Each argument is borrowed, except those moved to a factory that
    /// consumes arguments: their reference is the factory's, consumed whether the call returns or
    /// throws.
    func call(_ arguments: FactoryArguments, in run: StackReference<ProgramRun>) throws -> AnyObject {
        throw ResolutionError(.internalInconsistency("\(Self.self) does not override call"))
    }

    /// Calls the factory and stores its product, retained, in the empty `slot`, in one call.
    func call(
        _ arguments: FactoryArguments, storingInto slot: FrameSlot,
        in run: StackReference<ProgramRun>
    ) throws {
        slot.fill(owning: try call(arguments, in: run))
    }

    /// The error of a failed call: a resolution error thrown inside passes through this factory
    /// (named in its path when it `namesPath`), anything else is the factory's own failure.
    func failure(_ error: any Error) -> ResolutionError {
        if let error = error as? ResolutionError { return namesPath ? error.prependingPath(key.description) : error }
        return ResolutionError(.factoryFailed(key, location: location, error: error), underlyingError: error)
    }
}

/// The program form of a `to(factory:)` binding of `Value`, through its parameter pack: generic
/// over each parameter, so it only borrows its arguments.
final class TypedProgramFactory<Value, each Parameter, Implementation>: ProgramFactory {
    private let factory: (repeat each Parameter) throws -> Implementation

    init(
        key: BindingKey, location: SourceLocation, factory: @escaping (repeat each Parameter) throws -> Implementation,
        references: UInt64
    ) {
        self.factory = factory
        super.init(key: key, location: location, references: references)
    }

    override func call(_ arguments: FactoryArguments, in run: StackReference<ProgramRun>) throws -> AnyObject {
        var index = 0
        let made = try factory(repeat arguments.next((each Parameter).self, &index))
        return record(try upcast(made, to: Value.self, key: key, location: location))
    }
}

/// The program form of a `to(assisted:)` binding: a `TypedProgramFactory` whose first argument is
/// the seed (a `SeedRead`'s).
final class SeededProgramFactory<Value, Seed, each Parameter, Implementation>: ProgramFactory {
    private let factory: (Seed, repeat each Parameter) throws -> Implementation

    init(
        key: BindingKey, location: SourceLocation,
        factory: @escaping (Seed, repeat each Parameter) throws -> Implementation, references: UInt64
    ) {
        self.factory = factory
        super.init(key: key, location: location, references: references)
    }

    override func call(_ arguments: FactoryArguments, in run: StackReference<ProgramRun>) throws -> AnyObject {
        var index = 0
        let seed = arguments.next(Seed.self, &index)
        let made = try factory(seed, repeat arguments.next((each Parameter).self, &index))
        return record(try upcast(made, to: Value.self, key: key, location: location))
    }
}

extension FactoryArguments {
    /// The argument at `index`, which then moves on to the next.
    @inline(__always)
    fileprivate func next<P>(_: P.Type, _ index: inout Int) -> P {
        defer { index += 1 }
        return lent(P.self, index)
    }
}

/// The program form of a fixed-arity `to(factory:)` binding (or `Construction`) whose product is
/// a class: its call was specialized in the caller's module, and consumes the arguments moved to
/// it. Not generic, so that calling it looks up no metadata.
final class SpecializedProgramFactory: ProgramFactory {
    private let specialized: SpecializedFactoryCall
    /// Converts the product to the bound type as its producer records it; nil for the bound class.
    private let upcast: ((AnyObject) throws -> AnyObject)?

    init(
        key: BindingKey, location: SourceLocation, specialized: @escaping SpecializedFactoryCall, references: UInt64,
        upcast: ((AnyObject) throws -> AnyObject)?
    ) {
        self.specialized = specialized
        self.upcast = upcast
        super.init(key: key, location: location, references: references)
    }

    override var consumesArguments: Bool { true }

    override var readsConvertedArguments: Bool { true }

    /// Whether the product is of the bound class itself, so that a program has the call write it
    /// straight into its slot (see `writeProduct`), with no dispatch.
    var writesProductIntoSlot: Bool { upcast == nil }

    /// Calls the factory, which writes its product's one strong reference into the empty `slot`
    /// (nothing when it throws). Only for a factory that `writesProductIntoSlot`.
    @inline(__always)
    func writeProduct(_ arguments: FactoryArguments, into slot: FrameSlot) throws {
        try specialized(arguments, slot.product)
    }

    override func call(
        _ arguments: FactoryArguments, storingInto slot: FrameSlot,
        in run: StackReference<ProgramRun>
    ) throws {
        guard upcast != nil else { return try writeProduct(arguments, into: slot) }
        slot.fill(owning: try call(arguments, in: run))
    }

    override func call(_ arguments: FactoryArguments, in run: StackReference<ProgramRun>) throws -> AnyObject {
        // The binding made this factory only for a product type that is a class.
        let made = try FactoryProduct.object { try specialized(arguments, $0) }
        guard let upcast else { return made }
        return try upcast(made)
    }
}

/// A value a resolve program makes from its arguments with the container's own code: a `Tagged`
/// wrapper, an optional, a collection. Recorded as its producer records values.
final class ValueCall<Value>: ProgramFactory {
    private let make: (FactoryArguments) -> Value

    init(key: BindingKey, references: UInt64, make: @escaping (FactoryArguments) -> Value) {
        self.make = make
        super.init(key: key, location: nil, references: references)
    }

    override var namesPath: Bool { false }

    override func call(_ arguments: FactoryArguments, in run: StackReference<ProgramRun>) throws -> AnyObject {
        record(make(arguments))
    }
}

/// A root whose value is fixed for the container's life (a handle, an optional or `Tagged` of a
/// created singleton): the program's one call hands it out, as its producer records it.
final class ConstantRead: ProgramFactory {
    private let value: AnyObject

    init(_ value: AnyObject, key: BindingKey) {
        self.value = value
        super.init(key: key, location: nil)
    }

    override var namesPath: Bool { false }

    override func call(_ arguments: FactoryArguments, in run: StackReference<ProgramRun>) throws -> AnyObject { value }
}
