import Synchronization

/// The storage of the insert-only hash tables that threads read without a lock (`RootCache`,
/// `PerTypeCache`): one word holding the slot count (a power of two), then the slots, each
/// `wordsPerSlot` atomic words of which the first is the slot's key (0 while empty).
///
/// A slot is filled once, by the table's one writer, its key last with release ordering: a reader
/// that loads the key with acquiring ordering sees the rest of the slot. A table is never changed
/// otherwise; when it fills up, its owner publishes a larger copy and keeps the old one allocated
/// until it goes away, because a reader may still be probing it.
enum AtomicWordTable {
    typealias Words = UnsafeMutablePointer<Atomic<UInt>>

    /// A table of `slots` empty slots (a power of two).
    static func make(slots: Int, wordsPerSlot: Int) -> Words {
        let words = 1 + slots * wordsPerSlot
        let table = Words.allocate(capacity: words)
        unsafe (table + 0).initialize(to: Atomic(UInt(slots)))
        for index in 1..<words { unsafe (table + index).initialize(to: Atomic(0)) }
        return unsafe table
    }

    /// Frees `table`. Its words are plain integers: what they stand for is its owner's to release.
    /// Safe only from the owner's `deinit`: no reader can still be probing a table whose owner is
    /// gone, and every table was made by `make` with this slot size.
    static func free(_ table: Words, wordsPerSlot: Int) {
        unsafe table.deinitialize(count: 1 + slotCount(table) * wordsPerSlot)
        unsafe table.deallocate()
    }

    /// The table's slot count: a small power of two `make` stored, read with no overflow check.
    @inline(__always)
    static func slotCount(_ table: Words) -> Int { unsafe Int(bitPattern: table[0].load(ordering: .relaxed)) }

    /// The first word of slot `index`.
    @inline(__always)
    static func slot(_ index: Int, of table: Words, wordsPerSlot: Int) -> Words {
        unsafe table + 1 + index * wordsPerSlot
    }

    /// Fills the first empty slot from `home` on (linear probing): `fill` stores the slot's other
    /// words, then `key` is stored, last, with release ordering. Only the table's writer calls it.
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

    /// A copy of `old` with twice its slots, each filled slot placed where `home` (given the slot's
    /// words and the new mask) says, for the writer to publish.
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
