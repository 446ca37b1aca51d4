import Synchronization

/// The lock-free read path of top-level lookups, `BindingKey` → root-checked producer: an `AtomicWordTable`
/// probed with a multiplicative hash of the type's identity (no `Hasher`, no lock). A miss falls back to the
/// registry's locked table, which then inserts here. (A reader-writer lock cost ~140 instructions a cached
/// singleton resolve; a mutex made resolving threads wait on each other.)
///
/// Sendable: `tables` and `count` are guarded by `writer`; readers touch only `current` and the table's
/// atomic words (a producer's word is stored before its key's releasing store, which readers acquire);
/// tables are freed only in `deinit`.
@safe final class RootCache: @unchecked Sendable {
    /// Words per slot: type identity (0 = empty), tag identity (0 = untagged), producer.
    private static let wordsPerSlot = 3

    /// The current table's address: a plain word, so that a read makes no nil check (see `table(_:)`).
    private let current: Atomic<UInt>
    /// Serializes inserts; readers never take it.
    private let writer = RecursiveLock()
    private var tables: [AtomicWordTable.Words] = unsafe []
    private var count = 0

    init() {
        let table = unsafe AtomicWordTable.make(slots: 16, wordsPerSlot: Self.wordsPerSlot)
        unsafe tables.append(table)
        current = Atomic(UInt(bitPattern: table))
    }

    deinit {
        for index in unsafe tables.indices {
            unsafe AtomicWordTable.free(tables[index], wordsPerSlot: Self.wordsPerSlot)
        }
    }

    @inline(__always)
    func producer(for key: BindingKey) -> AnyProducer? {
        unsafe unretainedProducer(for: key)?.takeUnretainedValue()
    }

    /// Calls `body` with `key`'s producer lent, unretained (the registry's table owns it for its life, and
    /// every caller holds the registry); else `otherwise` (a generic `Result?` costs a metadata lookup).
    @inline(__always)
    func withProducer<Result>(
        for key: BindingKey, _ body: (AnyProducer) throws -> Result, otherwise: () throws -> Result
    ) rethrows -> Result {
        guard let known = unsafe unretainedProducer(for: key) else { return try otherwise() }
        return try unsafe known._withUnsafeGuaranteedRef(body)
    }

    @inline(__always)
    private func unretainedProducer(for key: BindingKey) -> Unmanaged<AnyProducer>? {
        // Every top-level resolve's first step: no check that could never fail (nil table, count, producer).
        let table = unsafe Self.table(current.load(ordering: .acquiring))
        let typeWord = Self.word(key.type)
        let tagWord = key.tag.map(Self.word) ?? 0
        let mask = unsafe AtomicWordTable.slotCount(table) &- 1
        var index = Self.home(typeWord, tagWord, mask: mask)
        while true {
            let slot = unsafe table + 1 + index &* Self.wordsPerSlot
            let stored = unsafe slot[0].load(ordering: .acquiring)
            if stored == 0 { return nil }
            if stored == typeWord, unsafe slot[1].load(ordering: .relaxed) == tagWord {
                // Safe: the producer's address was stored before the key, which this load of the
                // key acquired (see `AtomicWordTable.insert`), and an object's address is never 0.
                let pointer = unsafe UnsafeRawPointer(bitPattern: slot[2].load(ordering: .relaxed)).unsafelyUnwrapped
                return unsafe Unmanaged<AnyProducer>.fromOpaque(pointer)
            }
            index = (index &+ 1) & mask
        }
    }

    /// Adds `producer` under `key`; the registry (or an ancestor it holds) must keep it alive.
    func insert(_ producer: AnyProducer, for key: BindingKey) {
        // A lock failure only costs the cache entry: the next lookup compiles-or-finds it again.
        _ = try? writer.withLock { insertLocked(producer, for: key) }
    }

    private func insertLocked(_ producer: AnyProducer, for key: BindingKey) {
        if self.producer(for: key) != nil { return }
        var table = unsafe Self.table(current.load(ordering: .relaxed))
        if unsafe (count + 1) * 2 > AtomicWordTable.slotCount(table) {
            unsafe table = unsafe AtomicWordTable.doubled(table, wordsPerSlot: Self.wordsPerSlot) { slot, mask in
                unsafe Self.home(slot[0].load(ordering: .relaxed), slot[1].load(ordering: .relaxed), mask: mask)
            }
            unsafe tables.append(table)
            current.store(UInt(bitPattern: table), ordering: .releasing)
        }
        let (typeWord, tagWord) = (Self.word(key.type), key.tag.map(Self.word) ?? 0)
        let mask = unsafe AtomicWordTable.slotCount(table) - 1
        unsafe AtomicWordTable.insert(
            key: typeWord, home: Self.home(typeWord, tagWord, mask: mask), in: table, wordsPerSlot: Self.wordsPerSlot
        ) { slot in
            unsafe slot[1].store(tagWord, ordering: .relaxed)
            // Unretained: the registry (or an ancestor it holds) owns the producer longer than this cache.
            unsafe slot[2].store(UInt(bitPattern: Unmanaged.passUnretained(producer).toOpaque()), ordering: .relaxed)
        }
        count += 1
    }

    /// Safe: `current` only holds tables made by `AtomicWordTable.make`, never 0, freed only in `deinit`.
    @inline(__always)
    private static func table(_ address: UInt) -> AtomicWordTable.Words {
        unsafe AtomicWordTable.Words(bitPattern: address).unsafelyUnwrapped
    }

    @inline(__always)
    private static func word(_ type: Any.Type) -> UInt { UInt(bitPattern: ObjectIdentifier(type)) }

    @inline(__always)
    private static func home(_ typeWord: UInt, _ tagWord: UInt, mask: Int) -> Int {
        Int(truncatingIfNeeded: AddressHash.middleBits(typeWord ^ (tagWord &* 31))) & mask
    }
}
