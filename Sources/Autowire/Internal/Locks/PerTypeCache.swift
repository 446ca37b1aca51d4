import Synchronization

/// A process-wide table of facts about types (whether a class has a hook, is main-actor isolated,
/// what its Mirror shows), read without a lock: compiling asks it several times for every class.
///
/// The same design as `RootCache`: an insert-only open-addressing table of atomic words, keyed by
/// the type's identity and probed with a multiplicative hash (no `Hasher`, no lock). An entry is
/// boxed once and never changes or goes away while the cache lives; inserts are serialized by their
/// own lock, fill an empty slot key word last (with release ordering), and publish a larger copy
/// when the table is half full. Replaced tables stay allocated until the cache goes away, because
/// a reader may still be probing one. (A reader-writer lock around a dictionary cost about 290
/// instructions a read: 5,000 of a fresh container's first resolve.)
final class PerTypeCache<Entry>: @unchecked Sendable {
    /// An entry kept: retained by the table until the cache goes away.
    private final class Box {
        let entry: Entry
        init(_ entry: Entry) { self.entry = entry }
    }

    /// Words per slot: type identity (0 = empty), then the entry's box.
    private static var wordsPerSlot: Int { 2 }

    /// The current table: its first word is the slot count (a power of two), then the slots.
    private let current: Atomic<UnsafeMutablePointer<Atomic<UInt>>>
    /// Serializes inserts; readers never take it.
    private let writer = RecursiveLock()
    /// Every table made, the current one last. Guarded by `writer`.
    private var tables: [UnsafeMutablePointer<Atomic<UInt>>] = []
    private var count = 0

    init() {
        let table = Self.makeTable(slots: 64)
        tables.append(table)
        current = Atomic(table)
    }

    deinit {
        // The current table holds every entry kept; the older ones hold copies of the same words.
        let table = current.load(ordering: .acquiring)
        for index in 0..<Int(table[0].load(ordering: .relaxed)) {
            let slot = table + 1 + index * Self.wordsPerSlot
            guard slot[0].load(ordering: .relaxed) != 0 else { continue }
            Self.box(slot[1].load(ordering: .relaxed)).release()
        }
        for table in tables {
            table.deinitialize(count: 1 + Int(table[0].load(ordering: .relaxed)) * Self.wordsPerSlot)
            table.deallocate()
        }
    }

    /// The entry for `type`, made by `make` (outside the lock) and kept when there is none yet.
    /// Two threads making one at once both return the first one kept. A lock failure only costs
    /// the keeping: `make`'s entry is returned, and the next caller makes it again.
    @inline(__always)
    func entry(for type: ObjectIdentifier, orMake make: () -> Entry) -> Entry {
        if let known = find(type) { return known }
        return keep(make(), for: type)
    }

    @inline(__always)
    private func find(_ type: ObjectIdentifier) -> Entry? {
        let table = current.load(ordering: .acquiring)
        let typeWord = UInt(bitPattern: type)
        let mask = Int(table[0].load(ordering: .relaxed)) - 1
        var index = Self.home(typeWord, mask: mask)
        while true {
            let slot = table + 1 + index * Self.wordsPerSlot
            let stored = slot[0].load(ordering: .acquiring)
            // Unretained: the table keeps every box it stores until the cache goes away, and the
            // acquiring load of the key made the box's word and its entry visible here.
            if stored == typeWord { return Self.box(slot[1].load(ordering: .relaxed)).takeUnretainedValue().entry }
            if stored == 0 { return nil }
            index = (index + 1) & mask
        }
    }

    @inline(never)
    private func keep(_ made: Entry, for type: ObjectIdentifier) -> Entry {
        (try? writer.withLock { () -> Entry in
            if let kept = find(type) { return kept }
            var table = current.load(ordering: .relaxed)
            if (count + 1) * 2 > Int(table[0].load(ordering: .relaxed)) {
                table = grow(table)
            }
            Self.store(
                typeWord: UInt(bitPattern: type),
                boxWord: UInt(bitPattern: Unmanaged.passRetained(Box(made)).toOpaque()), in: table)
            count += 1
            return made
        }) ?? made
    }

    /// Copies `old`'s slots into a table twice its size and publishes it. Called under `writer`.
    private func grow(_ old: UnsafeMutablePointer<Atomic<UInt>>) -> UnsafeMutablePointer<Atomic<UInt>> {
        let oldSlots = Int(old[0].load(ordering: .relaxed))
        let table = Self.makeTable(slots: oldSlots * 2)
        for index in 0..<oldSlots {
            let slot = old + 1 + index * Self.wordsPerSlot
            let typeWord = slot[0].load(ordering: .relaxed)
            if typeWord != 0 {
                Self.store(typeWord: typeWord, boxWord: slot[1].load(ordering: .relaxed), in: table)
            }
        }
        tables.append(table)
        current.store(table, ordering: .releasing)
        return table
    }

    private static func store(typeWord: UInt, boxWord: UInt, in table: UnsafeMutablePointer<Atomic<UInt>>) {
        let mask = Int(table[0].load(ordering: .relaxed)) - 1
        var index = home(typeWord, mask: mask)
        while table[1 + index * wordsPerSlot].load(ordering: .relaxed) != 0 { index = (index + 1) & mask }
        let slot = table + 1 + index * wordsPerSlot
        slot[1].store(boxWord, ordering: .relaxed)
        // Last, with release ordering: a reader that sees the key sees the box, and the entry in it.
        slot[0].store(typeWord, ordering: .releasing)
    }

    private static func makeTable(slots: Int) -> UnsafeMutablePointer<Atomic<UInt>> {
        let words = 1 + slots * wordsPerSlot
        let table = UnsafeMutablePointer<Atomic<UInt>>.allocate(capacity: words)
        (table + 0).initialize(to: Atomic(UInt(slots)))
        for index in 1..<words { (table + index).initialize(to: Atomic(0)) }
        return table
    }

    /// The box a slot's second word holds: retained by `keep` when stored, released in `deinit`.
    @inline(__always)
    private static func box(_ word: UInt) -> Unmanaged<Box> {
        Unmanaged<Box>.fromOpaque(UnsafeRawPointer(bitPattern: word).unsafelyUnwrapped)
    }

    @inline(__always)
    private static func home(_ typeWord: UInt, mask: Int) -> Int {
        Int(truncatingIfNeeded: (typeWord &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }
}
