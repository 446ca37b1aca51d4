/// A factory call's arguments as a resolve program hands them over, read by the call that the
/// fixed-arity `to(factory:)` overloads build in the caller's module.
///
/// Those overloads are `@inlinable` so that the call is specialized for the user's own types: the
/// initializer is called directly, where a call through a parameter pack stays generic for each
/// parameter (its metadata and value witnesses), which costs hundreds of instructions per object.
/// Only this reader and ``ValueBox`` are visible to that code.
@usableFromInline
struct FactoryArguments {
    /// One borrowed argument per parameter, in order: a class reference as it is, anything else a
    /// `ValueBox` of the parameter's type.
    @usableFromInline let base: UnsafePointer<UnsafeMutableRawPointer>
    /// Bit `i` is set when argument `i` is a class reference.
    @usableFromInline let references: UInt64
    /// Bit `i` is set when argument `i` was read for the last time: its reference is moved here
    /// rather than lent.
    @usableFromInline let moves: UInt64

    init(_ base: UnsafePointer<UnsafeMutableRawPointer>, references: UInt64, moves: UInt64) {
        self.base = base
        self.references = references
        self.moves = moves
    }

    /// The argument at `index`, which the lowering made from the producer compiled for that
    /// parameter, a `Producer<P>`, and recorded the way that producer records values. Read once
    /// per call: a moved argument's reference is taken over.
    @inlinable @inline(__always)
    func take<P>(_: P.Type, _ index: Int) -> P {
        let bit: UInt64 = 1 << UInt64(index)
        let unmanaged = Unmanaged<AnyObject>.fromOpaque(base[index])
        let reference = moves & bit != 0 ? unmanaged.takeRetainedValue() : unmanaged.takeUnretainedValue()
        if references & bit != 0 { return unsafeBitCast(reference, to: P.self) }
        return unsafeDowncast(reference, to: ValueBox<P>.self).value
    }
}

/// A typed factory's call as the fixed-arity overloads specialize it: the arguments in, the
/// product initialized at the pointer (uninitialized memory for one value of the factory's type).
///
/// The product is written rather than returned: returning it through a generic signature would
/// cost a copy through its value witnesses, and `as AnyObject` stays a runtime bridging call even
/// in specialized code.
@usableFromInline
typealias SpecializedFactoryCall = @Sendable (FactoryArguments, UnsafeMutableRawPointer) throws -> Void
