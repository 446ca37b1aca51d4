/// One resolve's table of `.graph` instances and construction marks (see `ResolutionState`): an
/// open-addressing, linear-probing hash set keyed by producer identity, in memory its resolve sets aside
/// (`GraphTableMemory`) until it grows onto the heap. Two parallel arrays: trivial slots (zero-filled) and
/// instances, references (values boxed, `Producer.reference(for:)`) so reading one back never casts.
///
/// Invariants, which make every method safe:
/// - all `capacity` slots are initialized (zero bits: empty); an instance is initialized exactly where its
///   slot says `hasInstance`, and only those are read, replaced or released;
/// - `capacity` only grows, so an index `claim` returned stays in the table, and is its producer's slot
///   until `generation` changes;
/// - `finish` releases every instance and frees a grown table, once, when the resolve ends.
@safe struct GraphTable {
    struct Slot {
        /// The producer's identity; `0` marks an empty slot.
        var producer: UInt
        /// `constructionMark` plus one, so that an empty slot is all zero bits. 32 bits, like `recordedAt`,
        /// keep a slot three words (16 fit the stack table).
        private var markPlusOne: Int32 = 0
        /// The value of `registrations` when the instance was recorded.
        var recordedAt: Int32 = 0
        var hasInstance = false

        /// The value of `registrations` when the producer started constructing, or `-1`.
        var constructionMark: Int32 {
            get { markPlusOne &- 1 }
            set { markPlusOne = newValue &+ 1 }
        }

        static var empty: Slot { Slot(producer: 0) }
    }

    static let bytesPerSlot = MemoryLayout<Slot>.stride + MemoryLayout<AnyObject>.stride

    private var slots: UnsafeMutablePointer<Slot>
    private var instances: UnsafeMutablePointer<AnyObject>
    private var capacity: Int
    private var onHeap = false
    private var count = 0
    /// How many slots hold an instance: `finish` stops once it has released them all.
    private var instanceCount = 0
    /// Grows with each instance recorded: tells a re-entered factory whether the recursion made
    /// progress (it may close) or not (it never will).
    private(set) var registrations = 0
    /// Grows with each reallocation, which moves slots: a slot index is valid only while it stays.
    private(set) var generation = 0

    @inline(__always)
    init(in memory: GraphTableMemory) {
        unsafe (slots, instances) = unsafe Self.carve(memory.base, capacity: memory.capacity)
        capacity = memory.capacity
    }

    @inline(__always)
    private static func carve(_ memory: UnsafeMutableRawPointer, capacity: Int)
        -> (UnsafeMutablePointer<Slot>, UnsafeMutablePointer<AnyObject>)
    {
        // Safe: see `GraphTableMemory`: `capacity * bytesPerSlot` word-aligned bytes, instances then slots.
        let instances = unsafe memory.bindMemory(to: AnyObject.self, capacity: capacity)
        let slots = unsafe (memory + capacity * MemoryLayout<AnyObject>.stride).bindMemory(
            to: Slot.self, capacity: capacity)
        unsafe slots.initialize(repeating: .empty, count: capacity)
        return unsafe (slots, instances)
    }

    /// Where probing starts: high bits of a Fibonacci hash, as an object address's low bits are always zero.
    @inline(__always)
    static func home(of producer: UInt, mask: Int) -> Int {
        Int(truncatingIfNeeded: AddressHash.upperBits(producer)) & mask
    }

    /// The slot of `producer`, or the empty slot where it would go.
    @inline(__always)
    func index(for producer: UInt) -> (index: Int, found: Bool) {
        let mask = capacity - 1
        var index = Self.home(of: producer, mask: mask)
        while true {
            let occupant = unsafe slots[index].producer
            if occupant == producer { return (index, true) }
            if occupant == 0 { return (index, false) }
            index = (index + 1) & mask
        }
    }

    /// The slot of `producer`, claimed if it had none (then empty: no instance, no mark).
    // Inlined, like `record`, with `grow` out of line: as calls they cost a six-object graph 48 instructions.
    @inline(__always)
    mutating func claim(_ producer: UInt) -> Int {
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

    @inline(__always)
    func instance(at index: Int) -> (object: AnyObject, recordedAt: Int32)? {
        guard unsafe slots[index].hasInstance else { return nil }
        return unsafe (instances[index], slots[index].recordedAt)
    }

    @inline(__always)
    func hasInstance(at index: Int) -> Bool { unsafe slots[index].hasInstance }

    @inline(__always)
    func constructionMark(at index: Int) -> Int { unsafe Int(slots[index].constructionMark) }

    @inline(__always)
    mutating func setConstructionMark(_ mark: Int, at index: Int) {
        unsafe slots[index].constructionMark = Int32(truncatingIfNeeded: mark)
    }

    /// Records `instance` at `index` (of this `generation`), clearing its mark. Inlined: once per object.
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

    @inline(never)
    private mutating func grow() {
        let (oldSlots, oldInstances, oldCapacity, oldOnHeap) = unsafe (slots, instances, capacity, onHeap)
        capacity = oldCapacity * 2
        generation += 1
        let memory = UnsafeMutableRawPointer.allocate(
            byteCount: capacity * Self.bytesPerSlot, alignment: MemoryLayout<AnyObject>.alignment)
        unsafe (slots, instances) = unsafe Self.carve(memory, capacity: capacity)
        onHeap = true
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
            // The old table is the resolve's `GraphTableMemory`, which its maker frees.
        }
    }

    func forEachInstance(_ body: (UInt, AnyObject) -> Void) {
        for index in 0..<capacity where unsafe slots[index].hasInstance {
            unsafe body(slots[index].producer, instances[index])
        }
    }

    /// Releases the instances and frees a grown table: once, when the resolve ends; the table is dead after.
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
        instanceCount = 0
        if onHeap { unsafe UnsafeMutableRawPointer(instances).deallocate() }
        onHeap = false
    }
}

/// Memory for a `GraphTable` of `capacity` slots (a power of two): `capacity *
/// GraphTable.bytesPerSlot` bytes aligned for a word, valid while the call that made it runs.
@safe struct GraphTableMemory {
    fileprivate let base: UnsafeMutableRawPointer
    fileprivate let capacity: Int

    /// The caller holds `base` for as long as the table in it is used (see `ResolutionSpace`).
    @unsafe init(_ base: UnsafeMutableRawPointer, capacity: Int) {
        unsafe self.base = base
        self.capacity = capacity
    }
}
