import Synchronization

/// A process-wide table of facts about types (hook, main-actor isolation, Mirror) that compiling asks several
/// times a class, read without a lock (a locked dictionary cost ~290 instructions a read): an
/// `AtomicWordTable` keyed by type identity; an entry is boxed once and never changes or goes away.
///
/// Sendable: `tables` and `count` are guarded by `writer`; readers touch only `current` and the table's
/// atomic words (a box's word is stored before its key's releasing store, which readers acquire), and a box
/// never changes. Entries go to every thread: a facts table keeps only `Sendable` ones.
@safe final class PerTypeCache<Entry>: @unchecked Sendable {
    private final class Box {
        let entry: Entry
        init(_ entry: Entry) { self.entry = entry }
    }

    /// Words per slot: type identity (0 = empty), then the entry's box.
    private static var wordsPerSlot: Int { 2 }

    private let current: Atomic<AtomicWordTable.Words>
    /// Serializes inserts; readers never take it.
    private let writer = RecursiveLock()
    /// Every table made, the current one last. Guarded by `writer`.
    private var tables: [AtomicWordTable.Words] = unsafe []
    private var count = 0

    init() {
        let table = unsafe AtomicWordTable.make(slots: 64, wordsPerSlot: Self.wordsPerSlot)
        unsafe tables.append(table)
        unsafe current = unsafe Atomic(table)
    }

    deinit {
        // Each box was retained once, by `keep`, and the current table holds every one (older
        // tables hold copies of its words): releasing the current table's boxes balances it.
        let table = unsafe current.load(ordering: .acquiring)
        for index in unsafe 0..<AtomicWordTable.slotCount(table) {
            let slot = unsafe AtomicWordTable.slot(index, of: table, wordsPerSlot: Self.wordsPerSlot)
            guard unsafe slot[0].load(ordering: .relaxed) != 0 else { continue }
            unsafe Self.box(slot[1].load(ordering: .relaxed)).release()
        }
        for index in unsafe tables.indices {
            unsafe AtomicWordTable.free(tables[index], wordsPerSlot: Self.wordsPerSlot)
        }
    }

    /// The entry for `type`, or when there is none yet `make`'s (made outside the lock), kept. Racing makers
    /// both get the first one kept; a lock failure only skips the keeping (the next caller makes it again).
    @inline(__always)
    func entry(for type: ObjectIdentifier, orMake make: () -> Entry) -> Entry {
        if let known = find(type) { return known }
        return keep(make(), for: type)
    }

    @inline(__always)
    private func find(_ type: ObjectIdentifier) -> Entry? {
        let table = unsafe current.load(ordering: .acquiring)
        let typeWord = UInt(bitPattern: type)
        let mask = unsafe AtomicWordTable.slotCount(table) - 1
        var index = Self.home(typeWord, mask: mask)
        while true {
            let slot = unsafe AtomicWordTable.slot(index, of: table, wordsPerSlot: Self.wordsPerSlot)
            let stored = unsafe slot[0].load(ordering: .acquiring)
            // Unretained: the table keeps each box while the cache lives; the key's acquiring load showed it.
            if stored == typeWord {
                return unsafe Self.box(slot[1].load(ordering: .relaxed)).takeUnretainedValue().entry
            }
            if stored == 0 { return nil }
            index = (index + 1) & mask
        }
    }

    @inline(never)
    private func keep(_ made: Entry, for type: ObjectIdentifier) -> Entry {
        (try? writer.withLock { () -> Entry in
            if let kept = find(type) { return kept }
            var table = unsafe current.load(ordering: .relaxed)
            if unsafe (count + 1) * 2 > AtomicWordTable.slotCount(table) {
                unsafe table = unsafe AtomicWordTable.doubled(table, wordsPerSlot: Self.wordsPerSlot) { slot, mask in
                    unsafe Self.home(slot[0].load(ordering: .relaxed), mask: mask)
                }
                unsafe tables.append(table)
                unsafe current.store(table, ordering: .releasing)
            }
            let typeWord = UInt(bitPattern: type)
            // Retained for the table, released only in `deinit`, so readers' unretained reads stay valid.
            let box = unsafe UInt(bitPattern: Unmanaged.passRetained(Box(made)).toOpaque())
            unsafe AtomicWordTable.insert(
                key: typeWord, home: Self.home(typeWord, mask: AtomicWordTable.slotCount(table) - 1), in: table,
                wordsPerSlot: Self.wordsPerSlot
            ) { slot in unsafe slot[1].store(box, ordering: .relaxed) }
            count += 1
            return made
        }) ?? made
    }

    /// The box in a filled slot's second word (never 0): retained by `keep`, released in `deinit`.
    @inline(__always)
    private static func box(_ word: UInt) -> Unmanaged<Box> {
        unsafe Unmanaged<Box>.fromOpaque(UnsafeRawPointer(bitPattern: word).unsafelyUnwrapped)
    }

    @inline(__always)
    private static func home(_ typeWord: UInt, mask: Int) -> Int {
        Int(truncatingIfNeeded: AddressHash.middleBits(typeWord)) & mask
    }
}
