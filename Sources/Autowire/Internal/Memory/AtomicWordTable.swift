import Synchronization

/// Storage of the insert-only hash tables threads read without a lock (`RootCache`, `PerTypeCache`): a slot
/// count (a power of two), then slots of `wordsPerSlot` atomic words, the first the key (0 while empty).
///
/// Invariant: the one writer fills a slot once, storing its key last with release ordering, so a reader
/// that acquires the key sees the whole slot. A full table is replaced by a larger copy; the old one stays
/// allocated until its owner goes, as a reader may still be probing it.
enum AtomicWordTable {
    typealias Words = UnsafeMutablePointer<Atomic<UInt>>

    static func make(slots: Int, wordsPerSlot: Int) -> Words {
        let words = 1 + slots * wordsPerSlot
        let table = Words.allocate(capacity: words)
        unsafe (table + 0).initialize(to: Atomic(UInt(slots)))
        for index in 1..<words { unsafe (table + index).initialize(to: Atomic(0)) }
        return unsafe table
    }

    /// Frees `table`, not what its words stand for (the owner's to release).
    /// Safe only from the owner's `deinit`, when no reader can still be probing it.
    static func free(_ table: Words, wordsPerSlot: Int) {
        unsafe table.deinitialize(count: 1 + slotCount(table) * wordsPerSlot)
        unsafe table.deallocate()
    }

    /// The table's slot count: a small power of two `make` stored, read with no overflow check.
    @inline(__always)
    static func slotCount(_ table: Words) -> Int { unsafe Int(bitPattern: table[0].load(ordering: .relaxed)) }

    @inline(__always)
    static func slot(_ index: Int, of table: Words, wordsPerSlot: Int) -> Words {
        unsafe table + 1 + index * wordsPerSlot
    }

    /// Fills the first empty slot from `home` on (linear probing): `fill` writes the other words, then `key`
    /// is stored last, releasing. Only the table's writer calls it.
    static func insert(key: UInt, home: Int, in table: Words, wordsPerSlot: Int, fill: (Words) -> Void) {
        let mask = unsafe slotCount(table) - 1
        var index = home & mask
        while unsafe slot(index, of: table, wordsPerSlot: wordsPerSlot)[0].load(ordering: .relaxed) != 0 {
            index = (index + 1) & mask
        }
        let filled = unsafe slot(index, of: table, wordsPerSlot: wordsPerSlot)
        unsafe fill(filled)
        unsafe filled[0].store(key, ordering: .releasing)
    }

    /// A copy of `old` with twice the slots, each placed by `home(slot, newMask)`, for the writer to publish.
    static func doubled(_ old: Words, wordsPerSlot: Int, home: (Words, _ mask: Int) -> Int) -> Words {
        let table = unsafe make(slots: slotCount(old) * 2, wordsPerSlot: wordsPerSlot)
        let mask = unsafe slotCount(table) - 1
        for index in unsafe 0..<slotCount(old) {
            let source = unsafe slot(index, of: old, wordsPerSlot: wordsPerSlot)
            let key = unsafe source[0].load(ordering: .relaxed)
            guard key != 0 else { continue }
            unsafe insert(key: key, home: home(source, mask), in: table, wordsPerSlot: wordsPerSlot) { target in
                for word in 1..<wordsPerSlot {
                    unsafe target[word].store(source[word].load(ordering: .relaxed), ordering: .relaxed)
                }
            }
        }
        return unsafe table
    }
}
