import Synchronization

/// Converts an implementation object to the type it is bound as (`bind((any P).self).to(Impl.self)`)
/// with code compiled in the binding's module, where it is a plain existential wrap (in generic library
/// code, a dynamic cast and lookups: ~2,000 instructions). Made by the `@inlinable` `to(_:)` overloads.
@usableFromInline
final class ImplementationConversion: Sendable {
    /// Writes the converted object to memory for one value; false (nothing written) if not conforming.
    @usableFromInline let convert: @Sendable (AnyObject, FactoryProduct) -> Bool
    /// The converted object in a `ValueBox`, as resolutions record it; nil if not conforming.
    let box: @Sendable (AnyObject) -> AnyObject?
    /// A program's store of the converted object at a property's learned offset (`Value` or `Value?`),
    /// given the owner and an implementation object, both lent.
    let makeStore: @Sendable (_ offset: Int, _ optional: Bool) -> Store

    /// A program's store of an object into a property of another (see `ProgramStore.assign`).
    @usableFromInline typealias Store = @Sendable (_ owner: AnyObject, _ implementation: AnyObject) -> Void
    /// Set once a conversion succeeded: the implementation conforms, which a program may then rely on.
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

    /// Nil when `Implementation` is not a class or `Value` is one (a subclass needs no conversion).
    @inlinable
    static func make<Implementation, Value>(_: Implementation.Type, as _: Value.Type) -> ImplementationConversion? {
        guard Implementation.self is AnyClass, !(Value.self is AnyClass) else { return nil }
        // A conversion is only given objects its binding's implementation producer made:
        // `Implementation`s, recorded as themselves.
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
                // Safe: `offset` was learned for a stored property of the owner's class, of type
                // `Value?` when `optional`, else `Value` (see `ProgramStore.converting(_:)`).
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

    /// `object` as a `T`, else `failure` thrown (an optional's metadata would cost a lookup).
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

    /// Thrown if a conversion a program relied on ever fails, which its proof rules out.
    @usableFromInline
    static func unexpectedFailure(of implementation: AnyObject) -> ResolutionError {
        ResolutionError(
            .internalInconsistency("the proven conversion of \(typeName(type(of: implementation))) failed"))
    }

    var isProven: Bool { converted.load(ordering: .relaxed) }

    func noteSuccess() {
        if !isProven { converted.store(true, ordering: .relaxed) }
    }
}
