import Synchronization

/// Turns an implementation object into the type it is bound as (`bind((any P).self).to(Impl.self)`)
/// with code compiled in the module that wrote the binding, where both types are known and the
/// conversion is a plain existential wrap (in the library's generic code, a dynamic cast and
/// conformance and metadata lookups, about 2,000 instructions).
///
/// Made by the `@inlinable` `to(_:)` overloads, only for an implementation that is a class.
@usableFromInline
final class ImplementationConversion: Sendable {
    /// Writes the object seen as the bound type to memory made for one value of that type; false,
    /// writing nothing, when the object does not conform.
    @usableFromInline let convert: @Sendable (AnyObject, FactoryProduct) -> Bool
    /// The object seen as the bound type in a `ValueBox`, as resolutions record such values; nil
    /// when it does not conform.
    let box: @Sendable (AnyObject) -> AnyObject?
    /// A program's store into a property of the bound type (optional or not) at a learned offset:
    /// called with the property's owner and an implementation object, both lent, it writes the
    /// object seen as the bound type, or nothing when it does not conform.
    let makeStore: @Sendable (_ offset: Int, _ optional: Bool) -> Store

    /// A program's store of an object into a property of another (see `ProgramStore.assign`).
    @usableFromInline typealias Store = @Sendable (_ owner: AnyObject, _ implementation: AnyObject) -> Void
    /// Whether an object has been converted: the implementation conforms, which a program may then
    /// rely on (see `ProgramStore.converting(_:)`).
    private let converted = Atomic<Bool>(false)

    @usableFromInline
    init(
        convert: @escaping @Sendable (AnyObject, FactoryProduct) -> Bool,
        box: @escaping @Sendable (AnyObject) -> AnyObject?,
        makeStore: @escaping @Sendable (Int, Bool) -> Store
    ) {
        self.convert = convert
        self.box = box
        self.makeStore = makeStore
    }

    /// The conversion of `Implementation` objects to `Value`, or nil when `Implementation` is not
    /// a class, or `Value` is one (a class bound to a subclass needs no conversion).
    @inlinable
    static func make<Implementation, Value>(_: Implementation.Type, as _: Value.Type) -> ImplementationConversion? {
        guard Implementation.self is AnyClass, !(Value.self is AnyClass) else { return nil }
        // `Implementation` is a class, and a conversion is only ever given objects its binding's
        // implementation producer made, which are `Implementation`s, recorded as themselves.
        return ImplementationConversion(
            convert: { object, destination in
                guard let value = recordedObject(object, as: Implementation.self) as? Value else { return false }
                destination.initialize(to: value)
                return true
            },
            box: { object in
                guard let value = recordedObject(object, as: Implementation.self) as? Value else { return nil }
                return ValueBox(value)
            },
            makeStore: { offset, optional in
                // Safe: `offset` was learned for a stored property of the owner's class whose type
                // is `Value?` when `optional`, else `Value` (see `ProgramStore.converting(_:)`).
                if optional {
                    return { owner, implementation in
                        guard let value = recordedObject(implementation, as: Implementation.self) as? Value else {
                            return
                        }
                        FieldAddress(in: owner, at: offset).assign(value as Value?)
                    }
                }
                return { owner, implementation in
                    guard let value = recordedObject(implementation, as: Implementation.self) as? Value else { return }
                    FieldAddress(in: owner, at: offset).assign(value)
                }
            })
    }

    /// `object` as a `T`, the type the binding binds, or `failure` when it does not conform. (Thrown
    /// rather than returned as an optional, whose metadata generic code would look up each time.)
    func value<T>(of object: AnyObject, as _: T.Type, orThrow failure: @autoclosure () -> ResolutionError) throws -> T {
        // Noted inside, so that the value is moved out of the memory once, to the caller.
        try FactoryProduct.written(
            as: T.self,
            by: { product in
                guard convert(object, product) else { return false }
                noteSuccess()
                return true
            }, orThrow: failure())
    }

    /// What a conversion a program relied on throws if it ever fails, which its proof rules out.
    @usableFromInline
    static func unexpectedFailure(of implementation: AnyObject) -> ResolutionError {
        ResolutionError(
            .internalInconsistency("the proven conversion of \(typeName(type(of: implementation))) failed"))
    }

    /// Whether a conversion has succeeded, so that the implementation is known to conform.
    var isProven: Bool { converted.load(ordering: .relaxed) }

    /// Notes that a conversion succeeded.
    func noteSuccess() {
        if !isProven { converted.store(true, ordering: .relaxed) }
    }
}
