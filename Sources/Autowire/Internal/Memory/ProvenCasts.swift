// Casts whose result type the library's own construction proves, so that the resolve path pays no
// dynamic cast (a conformance or class-hierarchy walk each time): each states here, once, what
// proves it. `unsafeDowncast` still checks the class in debug builds, which run the whole suite.

extension AnyProducer {
    /// This producer as the `Producer<T>` it is, for a caller holding it as the producer of a key of `T` or
    /// of a `T` property's step. Proven by the plan compiler: a key of `T` gets only a `Producer<T>`, and a
    /// property's step is made only for a `Producer<Value>` (`Dependency.makeStep`'s cast).
    @inline(__always)
    func asProducer<T>(of _: T.Type) -> Producer<T> { unsafe unsafeDowncast(self, to: Producer<T>.self) }
}

/// `object` as an instance of `X`, the class whose plan (steps, stores or hook) it was passed to. Proven by
/// the plan compiler and engine: a plan is compiled for one class, the compiler checks that every object
/// reaching a declaration's store or step is of it, and a producer passes its plan only the object it made.
@inline(__always)
func planObject<X: AnyObject>(_ object: AnyObject, as _: X.Type) -> X { unsafe unsafeDowncast(object, to: X.self) }

extension Dependency where Root == AnyObject {
    /// `dependencies` without their root type: the same array read as `[DeclaredDependency]` (a copy costs a
    /// metadata lookup and an allocation, ~800 instructions a class). Proven by `Dependency`'s declaration:
    /// no stored property mentions `Root`, so both element types share a layout, and an array's elements are
    /// read without its element type's metadata. The array is only read (`withoutRepeats` makes a new one).
    static func all<Declared>(_ dependencies: [Dependency<Declared>]) -> [DeclaredDependency] {
        unsafe unsafeBitCast(dependencies, to: [DeclaredDependency].self)
    }
}

/// `value` as a `T` when `Value` is `T`, else `otherwise(value)`: for generic code whose two types are
/// usually one (an implementation bound as itself), sparing a dynamic cast. Proven by its own test: two
/// metatypes with one `ObjectIdentifier` are one type.
@inline(__always)
func identicalCast<Value, T>(_ value: Value, to _: T.Type, otherwise: (Value) throws -> T) rethrows -> T {
    if ObjectIdentifier(Value.self) == ObjectIdentifier(T.self) { return unsafe unsafeBitCast(value, to: T.self) }
    return try otherwise(value)
}
