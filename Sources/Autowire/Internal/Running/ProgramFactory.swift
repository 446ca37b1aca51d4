/// A typed factory as a resolve program calls it: its arguments come as a resolution records them
/// (class references as they are, other values boxed), and so does its result.
class ProgramFactory {
    let key: BindingKey
    let location: SourceLocation

    init(key: BindingKey, location: SourceLocation) {
        self.key = key
        self.location = location
    }

    /// Calls the factory with `arguments`, borrowed, one per parameter in order.
    func call(_ arguments: UnsafePointer<UnsafeMutableRawPointer>) throws -> AnyObject {
        throw ResolutionError(.internalInconsistency("\(Self.self) does not override call"))
    }

    /// The error of a failed call as the recursive path reports it: a resolution error thrown
    /// inside passes through this factory, anything else is the factory's own failure.
    func failure(_ error: any Error) -> ResolutionError {
        if let error = error as? ResolutionError { return error.prependingPath(key.description) }
        return ResolutionError(.factoryFailed(key, location: location, error: error), underlyingError: error)
    }
}

/// The program form of a `to(factory:)` binding of a class type `Value`.
final class TypedProgramFactory<Value, each Parameter, Implementation>: ProgramFactory {
    private let factory: (repeat each Parameter) throws -> Implementation
    /// Per parameter, whether its values are class references (else they come boxed).
    private let holdsReferences: [Bool]

    init(key: BindingKey, location: SourceLocation, factory: @escaping (repeat each Parameter) throws -> Implementation)
    {
        self.factory = factory
        var holdsReferences: [Bool] = []
        for parameter in repeat (each Parameter).self { holdsReferences.append(parameter is AnyClass) }
        self.holdsReferences = holdsReferences
        super.init(key: key, location: location)
    }

    override func call(_ arguments: UnsafePointer<UnsafeMutableRawPointer>) throws -> AnyObject {
        var index = 0
        let made = try factory(repeat argument((each Parameter).self, arguments, &index))
        // The lowering takes this factory only when `Value` is a class.
        return unsafeBitCast(try upcast(made, to: Value.self, key: key, location: location), to: AnyObject.self)
    }

    @inline(__always)
    private func argument<P>(_: P.Type, _ arguments: UnsafePointer<UnsafeMutableRawPointer>, _ index: inout Int) -> P {
        defer { index += 1 }
        let reference = Unmanaged<AnyObject>.fromOpaque(arguments[index]).takeUnretainedValue()
        // Each argument comes from the producer compiled for parameter `index`, a `Producer<P>`,
        // and is recorded the way that producer records values.
        if holdsReferences[index] { return unsafeBitCast(reference, to: P.self) }
        return unsafeDowncast(reference, to: ValueBox<P>.self).value
    }
}
