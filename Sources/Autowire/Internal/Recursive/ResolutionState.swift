import Synchronization

/// The state of one top-level resolve: which producers already have an instance in this object
/// graph (the `.graph` scope, cycles), which factories are under construction, and which
/// singletons it created.
///
/// It lives on the stack of the outermost `resolve`; its table is an open-addressing hash set keyed
/// by producer identity, in a fixed stack buffer when small, so a resolve allocates nothing but
/// the objects it creates.
///
/// The table is two parallel arrays: trivial slots (set up with a plain fill) and the recorded
/// instances, initialized only for slots that have one. Instances are references: class
/// instances as they are, values boxed (see `Producer.reference(for:)`), so reading one back never
/// casts. Every method that touches the table is `mutating`, so calls through
/// `Resolution.state.pointee` pass the state by address instead of copying it.
@safe struct ResolutionState {
    struct Slot {
        /// The producer's identity; `0` marks an empty slot.
        var producer: UInt
        /// `constructionMark`, stored one higher, so that an empty slot is all zero bits: the stack
        /// table, zeroed as it is made, needs no second pass (see `Resolution.run`). (32 bits,
        /// like `recordedAt`, keep a slot three words: 16 of them fit the stack table.)
        private var markPlusOne: Int32 = 0
        /// The value of `registrations` when the instance was recorded.
        var recordedAt: Int32 = 0
        /// Whether `instances` holds an initialized reference at this slot's index.
        var hasInstance = false

        /// The value of `registrations` when the producer started constructing, or `-1`.
        var constructionMark: Int32 {
            get { markPlusOne &- 1 }
            set { markPlusOne = newValue &+ 1 }
        }

        static var empty: Slot { Slot(producer: 0) }
    }

    enum Lookup {
        case absent
        case instance(AnyObject)
        case underConstruction(since: Int)
    }

    /// Bytes of table memory one slot needs: the slot and its instance.
    static let bytesPerSlot = MemoryLayout<Slot>.stride + MemoryLayout<AnyObject>.stride

    private var slots: UnsafeMutablePointer<Slot>
    private var instances: UnsafeMutablePointer<AnyObject>
    private var capacity: Int
    private var tableOnHeap = false
    private var count = 0
    /// How many slots hold an instance: `finish` stops once it has released them all.
    private var instanceCount = 0
    /// Grows each time an instance is recorded: lets a re-entered factory tell whether the
    /// recursion made progress (it may close) or not (it never will).
    private(set) var registrations = 0
    /// Grows each time the table is reallocated, which moves slots: a slot index is valid only
    /// while it stays the same.
    private(set) var generation = 0
    /// The number that tells this resolve from any other, given when a closure factory first
    /// receives a `Resolver` (0 until then): resolvers find their resolve by it (see `Resolver`).
    private(set) var serial: UInt = 0
    /// The runtime value an `AssistedFactory.make(_:)` call passes to what it creates.
    let seed: BorrowedValue?
    /// The request of a `RequestScope` resolve.
    let request: BorrowedValue?
    /// The resolve this one was started in on the same thread (from an `init()`, a `didSet`, a
    /// factory), if any: what it is building must not be started again here.
    var outer: ActiveResolve?
    /// The innermost nested program run in this resolution (see `ResolveProgram.runNested(in:)`),
    /// linked to the ones around it: what they are building is this resolve's.
    var innermostNestedRun: StackReference<ProgramRun>?
    /// Whether this is a program run's joined resolution (see `JoinedResolution`): the program it
    /// is entered in, its `outer`, is the same resolve, not an enclosing one.
    var joinsProgram = false
    /// The singleton creations under way in this resolve, innermost last. Here rather than in
    /// `pendingWork`: every instance read checks it, and each access to a class's property is
    /// checked for exclusivity at run time (about 90 instructions).
    var creationFrames: [CreationFrame] = []
    /// How many objects the container keeps (singletons, custom-scope, resettable and `.weak`
    /// instances) this resolve is making, one inside another: handles and resolvers made while
    /// it is not zero hold their container weakly (see `RegistryReference`).
    var keptCreations = 0
    /// Work deferred to the end and fills waiting for a factory: made the first time one is
    /// needed. Most resolves need none, and then start and end without those arrays to set up and
    /// release.
    var pendingWork: PendingWork?
    /// The part of this thread's stack the resolve may use, read once when it starts.
    let stack: StackBounds

    /// Sets up an empty table of `capacity` slots (a power of two) in `memory`, which must hold
    /// `capacity * bytesPerSlot` bytes aligned for a word; `isZeroed` when those bytes are all
    /// zero already, which is an empty table.
    init(
        memory: UnsafeMutableRawPointer, capacity: Int, isZeroed: Bool = false, seed: BorrowedValue? = nil,
        request: BorrowedValue? = nil
    ) {
        unsafe (slots, instances) = unsafe Self.carve(memory, capacity: capacity, isZeroed: isZeroed)
        self.capacity = capacity
        self.seed = seed
        self.request = request
        self.stack = .current
    }

    private static func carve(_ memory: UnsafeMutableRawPointer, capacity: Int, isZeroed: Bool = false)
        -> (UnsafeMutablePointer<Slot>, UnsafeMutablePointer<AnyObject>)
    {
        let instances = unsafe memory.bindMemory(to: AnyObject.self, capacity: capacity)
        let slots = unsafe (memory + capacity * MemoryLayout<AnyObject>.stride).bindMemory(
            to: Slot.self, capacity: capacity)
        // Zeroed memory is empty slots already (see `Slot.markPlusOne`): a slot has no references,
        // so zero bits are a valid, initialized `Slot`.
        if !isZeroed { unsafe slots.initialize(repeating: .empty, count: capacity) }
        return unsafe (slots, instances)
    }

    /// The slot where probing for `producer` starts, in a table of `mask + 1` slots.
    ///
    /// Objects are 16-byte aligned, so the address's low bits are always zero; a Fibonacci hash
    /// takes high bits of the product instead. (`>>` binds tighter than `&*`, hence the parentheses:
    /// without them every producer started at slot 0 and each lookup probed linearly.)
    @inline(__always)
    static func home(of producer: ObjectIdentifier, mask: Int) -> Int {
        home(of: UInt(bitPattern: producer), mask: mask)
    }

    @inline(__always)
    static func home(of producer: UInt, mask: Int) -> Int {
        Int(truncatingIfNeeded: AddressHash.upperBits(producer)) & mask
    }

    @inline(__always)
    private mutating func index(for producer: UInt) -> (index: Int, found: Bool) {
        let mask = capacity - 1
        var index = Self.home(of: producer, mask: mask)
        while true {
            let occupant = unsafe slots[index].producer
            if occupant == producer { return (index, true) }
            if occupant == 0 { return (index, false) }
            index = (index + 1) & mask
        }
    }

    @inline(__always)
    private static func identity(_ producer: AnyProducer) -> UInt {
        UInt(bitPattern: ObjectIdentifier(producer))
    }

    mutating func lookup(_ producer: AnyProducer) -> Lookup {
        let (index, found) = index(for: Self.identity(producer))
        guard found else { return .absent }
        if unsafe slots[index].hasInstance {
            unsafe noteRead(recordedAt: slots[index].recordedAt)
            return unsafe .instance(instances[index])
        }
        let mark = unsafe Int(slots[index].constructionMark)
        return mark >= 0 ? .underConstruction(since: mark) : .absent
    }

    /// Records the instance a producer made for this object graph.
    mutating func record(_ producer: AnyProducer, instance: AnyObject) {
        record(instance, at: claim(Self.identity(producer)))
    }

    /// Marks a producer as under construction; returns the previous mark to restore afterwards.
    mutating func beginConstruction(_ producer: AnyProducer) -> Int {
        let index = claim(Self.identity(producer))
        let previous = unsafe Int(slots[index].constructionMark)
        unsafe slots[index].constructionMark = Int32(truncatingIfNeeded: registrations)
        return previous
    }

    /// Marks a producer as under construction since this resolve had recorded `since` instances;
    /// returns the previous mark to restore afterwards.
    mutating func beginConstruction(_ producer: AnyProducer, since: Int) -> Int {
        let index = slot(claiming: producer)
        let previous = constructionMark(at: index)
        setConstructionMark(since, at: index)
        return previous
    }

    mutating func endConstruction(_ producer: AnyProducer, restoring mark: Int) {
        let (index, found) = index(for: Self.identity(producer))
        if found { unsafe slots[index].constructionMark = Int32(truncatingIfNeeded: mark) }
    }

    /// The slot of `producer`, claimed if it had none (then empty: no instance, no mark).
    @inline(__always)
    mutating func slot(claiming producer: AnyProducer) -> Int { claim(Self.identity(producer)) }

    /// The instance recorded in slot `index`, if any.
    @inline(__always)
    mutating func instance(at index: Int) -> AnyObject? {
        guard unsafe slots[index].hasInstance else { return nil }
        unsafe noteRead(recordedAt: slots[index].recordedAt)
        return unsafe instances[index]
    }

    @inline(__always)
    mutating func constructionMark(at index: Int) -> Int { unsafe Int(slots[index].constructionMark) }

    @inline(__always)
    mutating func setConstructionMark(_ mark: Int, at index: Int) {
        unsafe slots[index].constructionMark = Int32(truncatingIfNeeded: mark)
    }

    /// Notes, for the innermost singleton creation, that it read an instance recorded at
    /// `recordedAt`: one recorded before the creation started may still be under construction, so
    /// the singleton is then published only with the creation that recorded it.
    @inline(__always)
    private mutating func noteRead(recordedAt: Int32) {
        guard !creationFrames.isEmpty else { return }
        let innermost = creationFrames.count - 1
        let recorded = Int(recordedAt)
        if recorded < creationFrames[innermost].earliestRead { creationFrames[innermost].earliestRead = recorded }
    }

    /// The pending work, made if there was none.
    mutating func pending() -> PendingWork {
        if let pendingWork { return pendingWork }
        let made = PendingWork()
        pendingWork = made
        return made
    }

    /// Whether fills wait for a running factory.
    @inline(__always)
    mutating func hasWaitingFills() -> Bool { pendingWork.map { !$0.waitingFills.isEmpty } ?? false }

    /// Makes `fill` wait for its factory.
    mutating func addWaitingFill(_ fill: WaitingFill) { pending().waitingFills.append(fill) }

    /// Takes out the fills waiting for `producer`'s value.
    mutating func takeWaitingFills(for producer: AnyProducer) -> [WaitingFill] {
        let identity = Self.identity(producer)
        var taken: [WaitingFill] = []
        pendingWork?.waitingFills.removeAll { fill in
            guard fill.factory == identity else { return false }
            taken.append(fill)
            return true
        }
        return taken
    }

    /// Records `instance` in slot `index` (valid for the current `generation`). Inlined: once per
    /// object recorded, a closure's product or what a joined program records.
    @inline(__always)
    mutating func record(_ instance: consuming AnyObject, at index: Int) {
        if unsafe slots[index].hasInstance {
            unsafe instances[index] = instance
        } else {
            unsafe (instances + index).initialize(to: instance)
            unsafe slots[index].hasInstance = true
            instanceCount &+= 1
        }
        unsafe slots[index].constructionMark = -1
        unsafe slots[index].recordedAt = Int32(truncatingIfNeeded: registrations)
        registrations &+= 1
    }

    /// The instance slot `index` holds: read only right after `record` initialized that slot, in
    /// the same table generation.
    func recorded(at index: Int) -> AnyObject { unsafe instances[index] }

    // Inlined with `record`, and `grow` kept out of line: the calls cost 48 instructions of a graph
    // of six objects that closure factories make (callgrind).
    @inline(__always)
    private mutating func claim(_ producer: UInt) -> Int {
        var (index, found) = index(for: producer)
        if !found {
            // Wrapping arithmetic: counts never exceed the capacity, an allocation's size.
            if (count &+ 1) &* 2 > capacity {
                grow()
                index = self.index(for: producer).index
            }
            unsafe slots[index].producer = producer
            count &+= 1
        }
        return index
    }

    @inline(never)
    private mutating func grow() {
        let (oldSlots, oldInstances, oldCapacity, oldOnHeap) = unsafe (slots, instances, capacity, tableOnHeap)
        capacity = oldCapacity * 2
        generation += 1
        let memory = UnsafeMutableRawPointer.allocate(
            byteCount: capacity * Self.bytesPerSlot, alignment: MemoryLayout<AnyObject>.alignment)
        unsafe (slots, instances) = unsafe Self.carve(memory, capacity: capacity)
        tableOnHeap = true
        for old in 0..<oldCapacity where unsafe oldSlots[old].producer != 0 {
            let index = unsafe index(for: oldSlots[old].producer).index
            unsafe slots[index] = unsafe oldSlots[old]
            if unsafe oldSlots[old].hasInstance {
                unsafe (instances + index).moveInitialize(from: oldInstances + old, count: 1)
            }
        }
        if oldOnHeap {
            unsafe UnsafeMutableRawPointer(oldInstances).deallocate()
        } else {
            // The old table belongs to the caller's stack frame, which releases it.
        }
    }

    /// Whether `producer`'s factory is running in this resolve: marked, and nothing recorded yet.
    mutating func isConstructing(_ producer: AnyProducer) -> Bool { isConstructing(ObjectIdentifier(producer)) }

    /// `isConstructing(_:)` of the producer whose identity is `producer`.
    mutating func isConstructing(_ producer: ObjectIdentifier) -> Bool {
        let (index, found) = index(for: UInt(bitPattern: producer))
        return unsafe found && !slots[index].hasInstance && slots[index].constructionMark >= 0
    }

    /// Calls `body` with each recorded instance and the identity of its producer (the bits of its
    /// `ObjectIdentifier`), for validation, which looks at what a resolve leaves alive.
    mutating func forEachInstance(_ body: (UInt, AnyObject) -> Void) {
        for index in 0..<capacity where unsafe slots[index].hasInstance {
            unsafe body(slots[index].producer, instances[index])
        }
    }

    /// Gives the resolve its `serial`, unique in the process.
    @inline(never)
    mutating func numberForResolvers() {
        serial = Self.lastSerial.add(1, ordering: .relaxed).newValue
    }

    private static let lastSerial = Atomic<UInt>(0)

    /// Ends the resolve: the recorded instances are released.
    mutating func finish() {
        var remaining = instanceCount
        var index = 0
        while remaining > 0 {
            if unsafe slots[index].hasInstance {
                unsafe (instances + index).deinitialize(count: 1)
                remaining -= 1
            }
            index += 1
        }
        if tableOnHeap { unsafe UnsafeMutableRawPointer(instances).deallocate() }
    }
}
