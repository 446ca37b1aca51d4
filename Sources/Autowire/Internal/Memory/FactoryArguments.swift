/// A factory call's arguments as a resolve program hands them over, read by the call that the
/// fixed-arity `to(factory:)` overloads build, `@inlinable`, in the caller's module: specialized
/// for the user's types (through a parameter pack, each parameter stays generic: hundreds of
/// instructions an object). Only this reader and ``ValueBox`` are visible to that code.
///
/// Arguments (frame slots or constants, as the entries say) and the call's `ProgramCall` are read
/// in place: the reader is two words, in registers (a copy cost about eight instructions a call).
@usableFromInline
@safe struct FactoryArguments {
    /// The run's frame of object references.
    @usableFromInline let frame: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    /// The call, in the program's table of calls: valid while the run holds the program.
    @usableFromInline let call: UnsafePointer<ProgramCall>

    /// The program's constants.
    @inlinable var constants: UnsafePointer<UnsafeMutableRawPointer> { unsafe call.pointee.constants }
    /// One entry per parameter, in order: a frame slot, or a constant's index with `constantBit`
    /// set, holding a class reference, or a `ValueBox` of the parameter's type.
    @inlinable var entries: UnsafePointer<UInt32> { unsafe call.pointee.entries }
    /// Bit `i` is set when argument `i` is a class reference.
    @inlinable var references: UInt64 { unsafe call.pointee.references }
    /// Bit `i` is set when argument `i` is its slot's last read: moved here, not lent, and the
    /// slot emptied.
    @inlinable var moves: UInt64 { unsafe call.pointee.moves }

    /// Marks an entry that indexes the constants rather than the frame.
    @inlinable static var constantBit: UInt32 { 1 << 31 }
    /// Marks an entry whose slot (bits 0 to 14) holds an implementation object, which the
    /// `ImplementationConversion` constant at bits 15 to 29 turns into the parameter's (protocol)
    /// type as it is read, with no box. Only in calls the fixed-arity overloads specialize.
    @inlinable static var convertedBit: UInt32 { 1 << 30 }
    /// The largest slot, or conversion constant, a converted entry can name.
    @inlinable static var convertedFieldLimit: Int { 1 << 15 }

    /// The argument at `index` for the call the fixed-arity overloads specialize: as `take` reads
    /// it, or converted from an implementation object (see `convertedBit`).
    @inlinable @inline(__always)
    func parameter<P>(_: P.Type, _ index: Int) throws -> P {
        // Tested first, a class reference (never converted) costs nothing more: `take`'s own test
        // folds away.
        if references & 1 << UInt64(index) != 0 { return take(P.self, index) }
        if unsafe entries[index] & Self.convertedBit != 0 { return try converted(P.self, index) }
        return take(P.self, index)
    }

    /// The implementation object of the converted entry at `index`, as a `P`. Out of line: only
    /// protocol parameters of bound implementations come here.
    @inlinable @inline(never)
    func converted<P>(_: P.Type, _ index: Int) throws -> P {
        let entry = unsafe entries[index]
        let slot = Int(entry & 0x7FFF)
        // Safe: filled by an earlier instruction, not moved before its last read (see `take`).
        let unmanaged = unsafe Unmanaged<AnyObject>.fromOpaque(frame[slot].unsafelyUnwrapped)
        let moved = moves & 1 << UInt64(index) != 0
        if moved { unsafe frame[slot] = nil }
        let implementation = unsafe moved ? unmanaged.takeRetainedValue() : unmanaged.takeUnretainedValue()
        // Safe: the lowering put this parameter's `ImplementationConversion` at this constant.
        let conversion = unsafe Unmanaged<ImplementationConversion>.fromOpaque(constants[Int(entry >> 15 & 0x7FFF)])
        // Cannot fail: the lowering converts only after a conversion succeeded, and a class that
        // conformed once always does.
        return try FactoryProduct.written(
            as: P.self, by: { unsafe conversion.takeUnretainedValue().convert(implementation, $0) },
            orThrow: ImplementationConversion.unexpectedFailure(of: implementation))
    }

    /// The argument at `index`, recorded by the lowering as the parameter's `Producer<P>` records
    /// values (so it holds a `P`). Read once, before the call: a moved argument's reference is
    /// taken over and its slot emptied, so that a failure after this does not release it again.
    @inlinable @inline(__always)
    func take<P>(_: P.Type, _ index: Int) -> P {
        let bit: UInt64 = 1 << UInt64(index)
        let entry = unsafe entries[index]
        // Read before the slot is emptied: the compiler cannot tell that store from the call's
        // description, and would load both again.
        let moved = moves & bit != 0
        let isReference = references & bit != 0
        let unmanaged: Unmanaged<AnyObject>
        if entry & Self.constantBit != 0 {
            unsafe unmanaged = unsafe Unmanaged.fromOpaque(constants[Int(entry & ~Self.constantBit)])
        } else {
            // Safe: filled earlier, not moved before its last read (see `ProgramFrame`).
            unsafe unmanaged = unsafe Unmanaged.fromOpaque(frame[Int(entry)].unsafelyUnwrapped)
            if moved { unsafe frame[Int(entry)] = nil }
        }
        // Only slots are ever marked moved, never constants, which belong to the program.
        let reference = unsafe moved ? unmanaged.takeRetainedValue() : unmanaged.takeUnretainedValue()
        if isReference { return unsafe unsafeBitCast(reference, to: P.self) }
        return unsafe unsafeDowncast(reference, to: ValueBox<P>.self).value
    }
}

extension FactoryArguments {
    /// The argument at `index`, lent, for a call not specialized in the caller's module (a
    /// parameter pack's, a collection's elements). Past the 64 the masks describe, told apart by
    /// its type; never moved (only the fixed-arity calls consume arguments).
    func lent<P>(_: P.Type, _ index: Int) -> P {
        guard index >= 64 else { return take(P.self, index) }
        // Safe: the lowering made the argument from the parameter's `Producer<P>`, which records a
        // `P` as `recordedValue` reads it (a class reference as it is, else a `ValueBox<P>`); the
        // program holds it for the call. LargeTypedFactoryTests read objects, strings and numbers
        // past the 64th parameter, under AddressSanitizer in CI.
        return recordedValue(recorded(index), as: P.self)
    }

    /// The argument at `index` as its producer records it, lent, never moved: for a call that
    /// reads its arguments as recorded values.
    func recorded(_ index: Int) -> AnyObject {
        let entry = unsafe entries[index]
        if entry & Self.constantBit != 0 {
            // A constant belongs to the program, which the run holds.
            return unsafe Unmanaged<AnyObject>.fromOpaque(constants[Int(entry & ~Self.constantBit)])
                .takeUnretainedValue()
        }
        // Safe: filled by an earlier instruction, not moved (see `take`).
        return unsafe Unmanaged<AnyObject>.fromOpaque(frame[Int(entry)].unsafelyUnwrapped).takeUnretainedValue()
    }
}

/// One factory call of a resolve program, as its arguments are read: fixed when the program is
/// made, from the lowering's `ResolveProgram.FactorySite`.
@usableFromInline
@safe struct ProgramCall {
    /// The program's constants.
    @usableFromInline let constants: UnsafePointer<UnsafeMutableRawPointer>
    /// The call's entries in the program's argument table (see `FactoryArguments.entries`).
    @usableFromInline let entries: UnsafePointer<UInt32>
    @usableFromInline let references: UInt64
    @usableFromInline let moves: UInt64
    /// Unretained: the program keeps the factory alive.
    let factory: Unmanaged<ProgramFactory>

    /// The call of `site`, pointing into `constants` and `arguments`: tables the program owns for
    /// its whole life, as it does the factory.
    init(
        _ site: ResolveProgram.FactorySite, constants: FixedBuffer<ObjectWord>, arguments: FixedBuffer<UInt32>
    ) {
        unsafe self.constants = UnsafeRawPointer(constants.address).assumingMemoryBound(
            to: UnsafeMutableRawPointer.self)
        unsafe entries = UnsafePointer(arguments.address) + site.first
        references = site.references
        moves = site.moves
        unsafe factory = .passUnretained(site.factory.object)
    }
}

/// A typed factory's call as the fixed-arity overloads specialize it: the arguments in, the
/// product written to a ``FactoryProduct``.
///
/// Written rather than returned: a generic return costs a copy through value witnesses, and
/// `as AnyObject` stays a runtime bridging call even in specialized code.
@usableFromInline
typealias SpecializedFactoryCall = @Sendable (FactoryArguments, FactoryProduct) throws -> Void

/// A call of a program's table of calls, read in place: what a `callFactory` instruction runs.
///
/// Safe because the lowering gives each `callFactory` its own call's index, which
/// `ResolveProgram.init` scales by `ProgramCall`'s stride: `offset` starts one entry of a table
/// the program owns, with the buffers the entry points into, for the program's whole life.
@safe struct ProgramCallSite {
    private let call: UnsafePointer<ProgramCall>

    /// The call at byte `offset` of `calls`.
    @inline(__always)
    init(in calls: FixedBuffer<ProgramCall>, atByteOffset offset: Int) {
        unsafe call = unsafe (UnsafeRawPointer(calls.address) + offset).assumingMemoryBound(to: ProgramCall.self)
    }

    /// The call's arguments, read from `frame` and the program's constants.
    @inline(__always)
    func arguments(in frame: ProgramFrame) -> FactoryArguments { unsafe frame.arguments(for: call) }

    /// Calls `body` with the call's factory, lent: the program keeps it alive.
    @inline(__always)
    func withFactory<Result>(_ body: (ProgramFactory) throws -> Result) rethrows -> Result {
        try unsafe call.pointee.factory._withUnsafeGuaranteedRef(body)
    }

    /// Calls `body` with the call's factory as the `SpecializedProgramFactory` it is: only for a
    /// call whose instruction says so (the lowering sets its `value` only for that class).
    @inline(__always)
    func withSpecializedFactory<Result>(_ body: (SpecializedProgramFactory) throws -> Result) rethrows -> Result {
        try unsafe call.pointee.factory._withUnsafeGuaranteedRef {
            try body(unsafe unsafeDowncast($0, to: SpecializedProgramFactory.self))
        }
    }
}
