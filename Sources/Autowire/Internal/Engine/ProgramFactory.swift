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

    /// Whether the call was specialized where the binding was written (the fixed-arity overloads): it
    /// consumes its arguments (moved at their slot's last read) and converts implementation objects to
    /// parameter types (`FactoryArguments.parameter`).
    var isSpecializedCall: Bool { false }

    /// Whether errors inside its arguments name it in their path; the container's own code hands them on.
    var namesPath: Bool { true }

    /// Whether the call may fail with `unavailable-instance` (an offered object gone), so that an
    /// `.optional` property skips its store (`ProgramLowering.OptionalPlace`).
    var mayBeUnavailable: Bool { false }

    /// An alias's conversion, compiled where the binding was written, for a property of the bound type
    /// to apply as it stores the object.
    var conversion: ImplementationConversion? { nil }

    var isAliasConversion: Bool { false }

    /// For a conversion boxing an object as a bound protocol: what a resolution recorded for that protocol
    /// (the object itself, unfilled so a cycle back to it closes), in the box a program holds.
    func boxingRecorded(_ recorded: AnyObject) throws -> AnyObject { recorded }

    /// Calls the factory, one argument per parameter, returning its product as its producer records values.
    /// Arguments are borrowed, except those moved to an `isSpecializedCall` factory: consumed even on throw.
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

/// A `to(assisted:)` binding's `TypedProgramFactory`, whose first argument is the seed (a `SeedRead`'s).
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
    @inline(__always)
    fileprivate func next<P>(_: P.Type, _ index: inout Int) -> P {
        defer { index += 1 }
        return lent(P.self, index)
    }
}

/// A fixed-arity `to(factory:)` binding (or `Construction`) of a class: its call, specialized in the
/// caller's module, consumes the arguments moved to it. Not generic: calling it looks up no metadata.
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

    override var isSpecializedCall: Bool { true }

    /// Whether the product is the bound class, written by the call straight into its slot (no dispatch).
    var writesProductIntoSlot: Bool { upcast == nil }

    /// Has the factory write its product's one strong reference into the empty `slot` (nothing if it
    /// throws). Only for a factory that `writesProductIntoSlot`.
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
