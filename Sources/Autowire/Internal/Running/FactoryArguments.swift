/// A factory call's arguments as a resolve program hands them over, read by the call that the
/// fixed-arity `to(factory:)` overloads build in the caller's module.
///
/// Those overloads are `@inlinable` so that the call is specialized for the user's own types: the
/// initializer is called directly, where a call through a parameter pack stays generic for each
/// parameter (its metadata and value witnesses), which costs hundreds of instructions per object.
/// Only this reader and ``ValueBox`` are visible to that code.
///
/// The arguments are read where the program keeps them, with no copy: each is a slot of the run's
/// frame or one of the program's constants, as the call's entries in the program's argument table
/// say.
@usableFromInline
struct FactoryArguments {
    /// The run's frame of object references.
    @usableFromInline let frame: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    /// The program's constants.
    @usableFromInline let constants: UnsafePointer<UnsafeMutableRawPointer>
    /// One entry per parameter, in order: a frame slot, or a constant's index with `constantBit`
    /// set. Each holds a class reference as it is, anything else a `ValueBox` of the parameter's
    /// type.
    @usableFromInline let entries: UnsafePointer<UInt32>
    /// Bit `i` is set when argument `i` is a class reference.
    @usableFromInline let references: UInt64
    /// Bit `i` is set when argument `i` is its slot's last read: its reference is moved here rather
    /// than lent, and the slot emptied.
    @usableFromInline let moves: UInt64

    /// Marks an entry that indexes the constants rather than the frame.
    @inlinable static var constantBit: UInt32 { 1 << 31 }

    /// The argument at `index`, which the lowering made from the producer compiled for that
    /// parameter, a `Producer<P>`, and recorded the way that producer records values. Read once
    /// per call, before the call: a moved argument's reference is taken over, and its slot emptied
    /// so that a failure after this does not release it again.
    @inlinable @inline(__always)
    func take<P>(_: P.Type, _ index: Int) -> P {
        let bit: UInt64 = 1 << UInt64(index)
        let entry = entries[index]
        let unmanaged: Unmanaged<AnyObject>
        if entry & Self.constantBit != 0 {
            unmanaged = Unmanaged.fromOpaque(constants[Int(entry & ~Self.constantBit)])
        } else {
            // Filled by an earlier instruction, and not moved before its last read (see
            // `ResolveProgram.execute`).
            unmanaged = Unmanaged.fromOpaque(frame[Int(entry)].unsafelyUnwrapped)
            if moves & bit != 0 { frame[Int(entry)] = nil }
        }
        // The lowering marks only slots as moved, never constants, which belong to the program.
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
