import Synchronization

/// The lock-free read path of top-level lookups: `BindingKey` → root-checked producer.
///
/// An `AtomicWordTable`: a reader loads the current table once and probes it with a multiplicative
/// hash of the type's identity (no `Hasher`, no lock); a miss falls back to the registry's locked
/// table, which then inserts the producer here. Writers are serialized by their own lock, and a
/// larger copy is published when the table is half full. (A reader-writer lock here cost about 140
/// instructions per cached singleton resolve; a mutex made eight resolving threads wait on each
/// other.)
final class RootCache: @unchecked Sendable {
    /// Words per slot: type identity (0 = empty), tag identity (0 = untagged), producer.
    private static let wordsPerSlot = 3

    /// The current table (an `AtomicWordTable.Words`).
    private let current: Atomic<UnsafeMutableRawPointer>
    /// Serializes inserts; readers never take it.
    private let writer = RecursiveLock()
    /// Guarded by `writer`.
    private var tables: [AtomicWordTable.Words] = []
    private var count = 0

    init() {
        let table = AtomicWordTable.make(slots: 16, wordsPerSlot: Self.wordsPerSlot)
        tables.append(table)
        current = Atomic(UnsafeMutableRawPointer(table))
    }

    deinit {
        for table in tables { AtomicWordTable.free(table, wordsPerSlot: Self.wordsPerSlot) }
    }

    /// The producer cached for `key`, or nil. Safe to call from any thread without a lock.
    @inline(__always)
    func producer(for key: BindingKey) -> AnyProducer? {
        unretainedProducer(for: key)?.takeUnretainedValue()
    }

    /// The producer cached for `key`, unretained: producers are owned by the registry's table for
    /// the registry's whole life, so a caller holding the registry may use it without a retain.
    @inline(__always)
    func unretainedProducer(for key: BindingKey) -> Unmanaged<AnyProducer>? {
        let table = current.load(ordering: .acquiring).assumingMemoryBound(to: Atomic<UInt>.self)
        let typeWord = Self.word(key.type)
        let tagWord = key.tag.map(Self.word) ?? 0
        let mask = Int(table[0].load(ordering: .relaxed)) - 1
        var index = Self.home(typeWord, tagWord, mask: mask)
        while true {
            let slot = table + 1 + index * Self.wordsPerSlot
            let stored = slot[0].load(ordering: .acquiring)
            if stored == 0 { return nil }
            if stored == typeWord, slot[1].load(ordering: .relaxed) == tagWord {
                let bits = slot[2].load(ordering: .relaxed)
                guard let pointer = UnsafeRawPointer(bitPattern: bits) else { return nil }
                return Unmanaged<AnyProducer>.fromOpaque(pointer)
            }
            index = (index + 1) & mask
        }
    }

    /// Adds `producer` under `key`; the registry (or an ancestor it holds) must keep the producer
    /// alive.
    func insert(_ producer: AnyProducer, for key: BindingKey) {
        // A lock failure only costs the cache entry: the next lookup compiles-or-finds it again.
        _ = try? writer.withLock { insertLocked(producer, for: key) }
    }

    private func insertLocked(_ producer: AnyProducer, for key: BindingKey) {
        if self.producer(for: key) != nil { return }
        var table = current.load(ordering: .relaxed).assumingMemoryBound(to: Atomic<UInt>.self)
        if (count + 1) * 2 > AtomicWordTable.slotCount(table) {
            table = AtomicWordTable.doubled(table, wordsPerSlot: Self.wordsPerSlot) { slot, mask in
                Self.home(slot[0].load(ordering: .relaxed), slot[1].load(ordering: .relaxed), mask: mask)
            }
            tables.append(table)
            current.store(UnsafeMutableRawPointer(table), ordering: .releasing)
        }
        let (typeWord, tagWord) = (Self.word(key.type), key.tag.map(Self.word) ?? 0)
        let mask = AtomicWordTable.slotCount(table) - 1
        AtomicWordTable.insert(
            key: typeWord, home: Self.home(typeWord, tagWord, mask: mask), in: table, wordsPerSlot: Self.wordsPerSlot
        ) { slot in
            slot[1].store(tagWord, ordering: .relaxed)
            // Unretained: the registry (or an ancestor it holds) owns the producer for its whole
            // life, which outlasts this cache (see `insert`).
            slot[2].store(UInt(bitPattern: Unmanaged.passUnretained(producer).toOpaque()), ordering: .relaxed)
        }
        count += 1
    }

    @inline(__always)
    private static func word(_ type: Any.Type) -> UInt { UInt(bitPattern: ObjectIdentifier(type)) }

    @inline(__always)
    private static func home(_ typeWord: UInt, _ tagWord: UInt, mask: Int) -> Int {
        Int(truncatingIfNeeded: ((typeWord ^ (tagWord &* 31)) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }
}
