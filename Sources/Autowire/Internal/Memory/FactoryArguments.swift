/// A factory call's arguments, read by the call the fixed-arity `to(factory:)` overloads build `@inlinable`
/// in the caller's module, so it specializes for the user's types (through a parameter pack each stays
/// generic: hundreds of instructions an object). Only this reader and ``ValueBox`` are visible to that code.
/// Read in place, through two words in registers (a copy cost ~8 instructions a call).
@usableFromInline
@safe struct FactoryArguments {
    @usableFromInline let frame: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    /// The call, in the program's table of calls: valid while the run holds the program.
    @usableFromInline let call: UnsafePointer<ProgramCall>

    @inlinable var constants: UnsafePointer<UnsafeMutableRawPointer> { unsafe call.pointee.constants }
    /// One entry per parameter, in order: a frame slot, or a constant's index with `constantBit`
    /// set, holding a class reference, or a `ValueBox` of the parameter's type.
    @inlinable var entries: UnsafePointer<UInt32> { unsafe call.pointee.entries }
    /// Bit `i` is set when argument `i` is a class reference.
    @inlinable var references: UInt64 { unsafe call.pointee.references }
    /// Bit `i` is set when argument `i` is its slot's last read: moved here, not lent, and the slot emptied.
    @inlinable var moves: UInt64 { unsafe call.pointee.moves }

    /// Marks an entry that indexes the constants rather than the frame.
    @inlinable static var constantBit: UInt32 { 1 << 31 }
    /// Marks an entry whose slot (bits 0 to 14) holds an implementation object, which the
    /// `ImplementationConversion` constant at bits 15 to 29 turns into the (protocol) parameter type,
    /// unboxed. Only in fixed-arity calls.
    @inlinable static var convertedBit: UInt32 { 1 << 30 }
    /// The largest slot, or conversion constant, a converted entry can name.
    @inlinable static var convertedFieldLimit: Int { 1 << 15 }

    /// The argument at `index` for a fixed-arity call: as `take` reads it, or converted (see `convertedBit`).
    @inlinable @inline(__always)
    func parameter<P>(_: P.Type, _ index: Int) throws -> P {
        // Tested first, a class reference (never converted) costs nothing more: `take`'s own test folds away.
        if references & 1 << UInt64(index) != 0 { return take(P.self, index) }
        if unsafe entries[index] & Self.convertedBit != 0 { return try converted(P.self, index) }
        return take(P.self, index)
    }

    /// The converted entry at `index`, as a `P`. Out of line: only protocol parameters of bound types come
    /// here.
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
        // Cannot fail: converted only after a conversion succeeded, and a class conforming once always does.
        return try FactoryProduct.written(
            as: P.self, by: { unsafe conversion.takeUnretainedValue().convert(implementation, $0) },
            orThrow: ImplementationConversion.unexpectedFailure(of: implementation))
    }

    /// The argument at `index`, recorded as the parameter's `Producer<P>` records values. Read once, before
    /// the call: a moved reference is taken over and its slot emptied, so a later failure cannot release it.
    @inlinable @inline(__always)
    func take<P>(_: P.Type, _ index: Int) -> P {
        let bit: UInt64 = 1 << UInt64(index)
        let entry = unsafe entries[index]
        // Read before emptying the slot: the compiler can't tell that store from the call's; it would reload.
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
    /// The argument at `index`, lent, for a call not specialized in the caller's module (a parameter pack's,
    /// a collection's elements). Past the 64 the masks describe; never moved (only fixed-arity calls move).
    func lent<P>(_: P.Type, _ index: Int) -> P {
        guard index >= 64 else { return take(P.self, index) }
        // Safe: the lowering made the argument from the parameter's `Producer<P>`, recorded as
        // `recordedValue` reads it; the program holds it (LargeTypedFactoryTests check past 64, under ASan).
        return recordedValue(recorded(index), as: P.self)
    }

    /// The argument at `index` as its producer records it, lent, never moved.
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

/// One factory call of a resolve program, fixed when the program is made from `ResolveProgram.FactorySite`.
@usableFromInline
@safe struct ProgramCall {
    @usableFromInline let constants: UnsafePointer<UnsafeMutableRawPointer>
    /// The call's entries in the program's argument table (see `FactoryArguments.entries`).
    @usableFromInline let entries: UnsafePointer<UInt32>
    @usableFromInline let references: UInt64
    @usableFromInline let moves: UInt64
    /// Unretained: the program keeps the factory alive.
    let factory: Unmanaged<ProgramFactory>

    /// Points into `constants` and `arguments`, which the program owns for its life, as it does the factory.
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

/// A typed factory's call as the fixed-arity overloads specialize it. It writes its product to a
/// ``FactoryProduct`` rather than return it: a generic return copies through value witnesses, and
/// `as AnyObject` stays a runtime bridging call even in specialized code.
@usableFromInline
typealias SpecializedFactoryCall = @Sendable (FactoryArguments, FactoryProduct) throws -> Void

/// A call in a program's table of calls, read in place by a `callFactory` instruction.
/// Safe because `offset` is the call's index the lowering gave it, scaled by `ResolveProgram.init` to
/// `ProgramCall`'s stride: it starts an entry the program owns, with the buffers it points into, for life.
@safe struct ProgramCallSite {
    private let call: UnsafePointer<ProgramCall>

    @inline(__always)
    init(in calls: FixedBuffer<ProgramCall>, atByteOffset offset: Int) {
        unsafe call = unsafe (UnsafeRawPointer(calls.address) + offset).assumingMemoryBound(to: ProgramCall.self)
    }

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
