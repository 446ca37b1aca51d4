/// The slots of one run of a resolve program, one object reference each (nil when empty): on the stack of
/// the call running it (`with(slotCount:_:)`), or allocated there for a large graph.
///
/// A slot filled by `own` holds a strong reference the frame owns until a store moves it into a property
/// (`take`), `release` drops it, or the run hands it to its caller; one filled by `lend` owns nothing.
///
/// Invariant, kept by `ProgramLowering`: every slot an instruction reads is below `slotCount` and was filled
/// by an earlier instruction, and a slot whose reference moved is read no more (only a last read moves).
/// The `DEBUG` end-of-run check and the AddressSanitizer suite catch a lowering that breaks it.
@safe struct ProgramFrame {
    private let slots: UnsafeMutablePointer<UnsafeMutableRawPointer?>

    @inline(__always)
    private init(_ slots: UnsafeMutablePointer<UnsafeMutableRawPointer?>) { unsafe self.slots = slots }

    /// Runs `body` on a frame of `slotCount` empty slots: on the stack in the smallest frame that
    /// holds them (clearing costs an instruction per two slots), else allocated for the call.
    @inline(__always)
    static func with<Result, Failure>(
        slotCount: Int, _ body: (ProgramFrame) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        if slotCount <= EightSlots.count {
            var slots = EightSlots()
            return try with(&slots, body)
        }
        if slotCount <= SixteenSlots.count {
            var slots = SixteenSlots()
            return try with(&slots, body)
        }
        let slots = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: slotCount)
        unsafe slots.initialize(repeating: nil, count: slotCount)
        defer { unsafe slots.deallocate() }
        return try unsafe body(ProgramFrame(slots))
    }

    @inline(__always)
    private static func with<Slots: StackFrameSlots, Result, Failure>(
        _ slots: inout Slots, _ body: (ProgramFrame) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        // Without the stack protector's canary (about five instructions a run): the frame is only
        // accessed at slots below `slotCount`, which the lowering numbers.
        try unsafe _withUnprotectedUnsafeMutablePointer(to: &slots) { slots throws(Failure) in
            // Safe: a tuple of optional pointers is laid out as that many contiguous words.
            try unsafe body(
                ProgramFrame(UnsafeMutableRawPointer(slots).assumingMemoryBound(to: UnsafeMutableRawPointer?.self)))
        }
    }

    @inline(__always)
    func isEmpty(_ slot: Int) -> Bool { unsafe slots[slot] == nil }

    /// Fills the empty `slot` with `object`'s reference, which the frame now owns.
    @inline(__always)
    func own(_ object: consuming AnyObject, at slot: Int) {
        unsafe slots[slot] = unsafe Unmanaged.passRetained(object).toOpaque()
    }

    /// Fills the empty `slot` with `object`, unowned: the run's caller keeps it alive for the run.
    @inline(__always)
    func lend(_ object: AnyObject, at slot: Int) {
        unsafe slots[slot] = unsafe Unmanaged.passUnretained(object).toOpaque()
    }

    /// The object in the filled `slot`, as a word: unretained, the frame keeps it.
    @inline(__always)
    func word(at slot: Int) -> ObjectWord { unsafe ObjectWord(slots[slot].unsafelyUnwrapped) }

    /// Calls `body` with the object in the filled `slot`, lent: the frame holds it for the call.
    @inline(__always)
    func withObject<Result>(at slot: Int, _ body: (AnyObject) throws -> Result) rethrows -> Result {
        try unsafe Unmanaged<AnyObject>.fromOpaque(slots[slot].unsafelyUnwrapped)._withUnsafeGuaranteedRef(body)
    }

    /// Empties the filled `slot`, whose reference moves to the caller (a property, a factory).
    @inline(__always)
    func take(_ slot: Int) { unsafe slots[slot] = nil }

    /// Drops the frame's reference in `slot`, if any (a skipped region made none), and empties it.
    @inline(__always)
    func release(_ slot: Int) {
        if let owned = unsafe slots[slot] {
            unsafe Unmanaged<AnyObject>.fromOpaque(owned).release()
            unsafe slots[slot] = nil
        }
    }

    /// Stores `value` into the property at byte `offset` of the object in slot `owner`, taking over one
    /// reference (moved out of its slot, or retained) and releasing the property's old one.
    /// Safe: `LearnedOffset` measured `offset` on this class, for a stored class reference (`T`, `T?`, `T!`).
    @inline(__always)
    func store(_ value: ObjectWord, intoObjectAt owner: Int, offset: Int) {
        let field = unsafe slots[owner].unsafelyUnwrapped + offset
        let old = unsafe field.load(as: UnsafeMutableRawPointer?.self)
        unsafe field.storeBytes(of: value.bits, as: UnsafeMutableRawPointer?.self)
        if let old = unsafe old { unsafe Unmanaged<AnyObject>.fromOpaque(old).release() }
    }

    @inline(__always)
    func arguments(for call: UnsafePointer<ProgramCall>) -> FactoryArguments {
        unsafe FactoryArguments(frame: slots, call: call)
    }

    @inline(__always)
    func destination(_ slot: Int) -> FrameSlot { unsafe FrameSlot(slots + slot) }
}

/// One slot of a run's frame that a factory call fills with its product (see `ProgramFrame`).
@safe struct FrameSlot {
    private let address: UnsafeMutablePointer<UnsafeMutableRawPointer?>

    @inline(__always)
    fileprivate init(_ address: UnsafeMutablePointer<UnsafeMutableRawPointer?>) { unsafe self.address = address }

    @inline(__always)
    func fill(owning object: consuming AnyObject) {
        unsafe address.pointee = unsafe Unmanaged.passRetained(object).toOpaque()
    }

    /// The slot as memory for a specialized factory call's class product (see `FactoryProduct`).
    @inline(__always)
    var product: FactoryProduct { unsafe FactoryProduct(UnsafeMutableRawPointer(address)) }
}

/// An object reference as a run's frame and a program's constants hold it: its bits, which own
/// nothing by themselves (the frame or the program says who owns the reference).
@safe struct ObjectWord {
    fileprivate let bits: UnsafeMutableRawPointer

    @inline(__always)
    init(_ bits: UnsafeMutableRawPointer) { unsafe self.bits = bits }

    /// Owning nothing: its holder, a program's constants, keeps the object (`ResolveProgram.keptAlive`).
    @inline(__always)
    init(unretained object: AnyObject) { unsafe bits = Unmanaged.passUnretained(object).toOpaque() }

    /// The word of `object`, owning the strong reference it is handed (a run's result).
    // Safe: the word owns the reference `passRetained` adds until its holder releases or takes it.
    @inline(__always)
    init(owning object: consuming AnyObject) { unsafe bits = Unmanaged.passRetained(object).toOpaque() }

    @inline(__always)
    func retain() { _ = unsafe Unmanaged<AnyObject>.fromOpaque(bits).retain() }

    @inline(__always)
    func release() { unsafe Unmanaged<AnyObject>.fromOpaque(bits).release() }

    /// Calls `body` with the object, lent: the word's holder keeps it alive for the call.
    @inline(__always)
    func withObject<Result>(_ body: (AnyObject) throws -> Result) rethrows -> Result {
        try unsafe Unmanaged<AnyObject>.fromOpaque(bits)._withUnsafeGuaranteedRef(body)
    }

    /// The word as a raw reference, for a caller taking over its strong reference (a result).
    @inline(__always)
    var owned: UnsafeMutableRawPointer { unsafe bits }

    /// The object, taking over the word's strong reference (a nested run's result).
    @inline(__always)
    func takeObject() -> AnyObject { unsafe Unmanaged<AnyObject>.fromOpaque(bits).takeRetainedValue() }
}

/// A frame of slots on the stack, all nil: a resolve of a small graph allocates nothing but its objects.
private protocol StackFrameSlots {
    static var count: Int { get }
    init()
}

private typealias FourSlots = (
    UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?
)

@safe private struct EightSlots: StackFrameSlots {
    static var count: Int { 8 }
    var slots: (FourSlots, FourSlots) = ((nil, nil, nil, nil), (nil, nil, nil, nil))
}

@safe private struct SixteenSlots: StackFrameSlots {
    static var count: Int { 16 }
    var slots: (FourSlots, FourSlots, FourSlots, FourSlots) = (
        (nil, nil, nil, nil), (nil, nil, nil, nil), (nil, nil, nil, nil), (nil, nil, nil, nil)
    )
}
