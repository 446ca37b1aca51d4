/// The table of one resolve's `.graph` instances and construction marks (see `ResolutionState`):
/// an open-addressing hash set keyed by producer identity, with linear probing, in memory its
/// resolve sets aside (see `GraphTableMemory`) until it grows onto the heap.
///
/// Two parallel arrays: trivial slots (set up with a plain fill) and instances, initialized only
/// for slots that have one. Instances are references (values boxed, see
/// `Producer.reference(for:)`), so reading one back never casts.
///
/// Its invariants, which make every method safe to call:
/// - all `capacity` slots are initialized (zero bits are an empty slot), and an instance is
///   initialized exactly where its slot says `hasInstance`: only those are read, replaced or
///   released;
/// - `capacity` only grows, so a slot index `claim` returned stays below it, and indexes its
///   producer's slot until `generation` changes (a stale index reaches another slot, never outside
///   the table);
/// - `finish` releases every instance and frees a table it grew into, once, when the resolve ends.
@safe struct GraphTable {
    struct Slot {
        /// The producer's identity; `0` marks an empty slot.
        var producer: UInt
        /// `constructionMark` plus one, so that an empty slot is all zero bits and a table is set
        /// up with a zero fill. 32 bits, like `recordedAt`, keep a slot three words (16 fit the
        /// stack table).
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

    /// Bytes of table memory one slot needs: the slot and its instance.
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

    /// An empty table in `memory`.
    @inline(__always)
    init(in memory: GraphTableMemory) {
        unsafe (slots, instances) = unsafe Self.carve(memory.base, capacity: memory.capacity)
        capacity = memory.capacity
    }

    @inline(__always)
    private static func carve(_ memory: UnsafeMutableRawPointer, capacity: Int)
        -> (UnsafeMutablePointer<Slot>, UnsafeMutablePointer<AnyObject>)
    {
        // Safe: `memory` holds `capacity * bytesPerSlot` word-aligned bytes (see
        // `GraphTableMemory`): the instances first, then the slots, each array aligned for a word.
        let instances = unsafe memory.bindMemory(to: AnyObject.self, capacity: capacity)
        let slots = unsafe (memory + capacity * MemoryLayout<AnyObject>.stride).bindMemory(
            to: Slot.self, capacity: capacity)
        unsafe slots.initialize(repeating: .empty, count: capacity)
        return unsafe (slots, instances)
    }

    /// The slot where probing for `producer` starts, in a table of `mask + 1` slots: high bits of
    /// a Fibonacci hash, as an object address's low bits are always zero.
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
    // Inlined, like `record`, with `grow` out of line: as calls they cost a six-object closure
    // graph 48 instructions.
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

    /// The instance slot `index` holds and the `registrations` it was recorded at, if it has one.
    @inline(__always)
    func instance(at index: Int) -> (object: AnyObject, recordedAt: Int32)? {
        guard unsafe slots[index].hasInstance else { return nil }
        return unsafe (instances[index], slots[index].recordedAt)
    }

    /// Whether slot `index` holds an instance.
    @inline(__always)
    func hasInstance(at index: Int) -> Bool { unsafe slots[index].hasInstance }

    @inline(__always)
    func constructionMark(at index: Int) -> Int { unsafe Int(slots[index].constructionMark) }

    @inline(__always)
    mutating func setConstructionMark(_ mark: Int, at index: Int) {
        unsafe slots[index].constructionMark = Int32(truncatingIfNeeded: mark)
    }

    /// Records `instance` in slot `index` (valid for the current `generation`), clearing its
    /// construction mark. Inlined: it runs once per object recorded.
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

    /// Calls `body` with each recorded instance and the identity of its producer.
    func forEachInstance(_ body: (UInt, AnyObject) -> Void) {
        for index in 0..<capacity where unsafe slots[index].hasInstance {
            unsafe body(slots[index].producer, instances[index])
        }
    }

    /// Releases the recorded instances and frees a table it grew into. Called once, when the
    /// resolve ends; the table is not used after it.
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

    /// Memory at `base` that its caller holds for as long as the table in it is used (see
    /// `ResolutionSpace`).
    @unsafe init(_ base: UnsafeMutableRawPointer, capacity: Int) {
        unsafe self.base = base
        self.capacity = capacity
    }
}
