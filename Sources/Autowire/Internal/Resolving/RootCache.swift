import Synchronization

/// The lock-free read path of top-level lookups: `BindingKey` → root-checked producer.
///
/// An insert-only open-addressing table of atomic words. A reader loads the current table once
/// and probes it with a multiplicative hash of the type's identity (no `Hasher`, no lock); a miss
/// falls back to the registry's locked table, which then inserts the producer here. Writers are
/// serialized by their own lock. (A reader-writer lock here cost about 140 instructions per cached
/// singleton resolve; a mutex made eight resolving threads wait on each other.) A table is never changed in place except by filling an
/// empty slot (key word last, with release ordering), and when it is half full a larger copy is
/// published; replaced tables stay allocated until the cache goes away, because a reader may
/// still be probing one.
final class RootCache: @unchecked Sendable {
    /// Words per slot: type identity (0 = empty), tag identity (0 = untagged), producer.
    private static let wordsPerSlot = 3

    /// The current table: its first word is the slot count (a power of two), then the slots.
    private let current: Atomic<UnsafeMutableRawPointer>
    /// Serializes inserts; readers never take it.
    private let writer = RecursiveLock()
    /// Guarded by `writer`.
    private var tables: [UnsafeMutablePointer<Atomic<UInt>>] = []
    private var count = 0

    init() {
        let table = Self.makeTable(slots: 16)
        tables.append(table)
        current = Atomic(UnsafeMutableRawPointer(table))
    }

    deinit {
        for table in tables {
            let words = 1 + Int(table[0].load(ordering: .relaxed)) * Self.wordsPerSlot
            table.deinitialize(count: words)
            table.deallocate()
        }
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
        if (count + 1) * 2 > Int(table[0].load(ordering: .relaxed)) {
            table = grow(table)
        }
        Self.store(
            typeWord: Self.word(key.type), tagWord: key.tag.map(Self.word) ?? 0,
            producerWord: UInt(bitPattern: Unmanaged.passUnretained(producer).toOpaque()), in: table)
        count += 1
    }

    private func grow(_ old: UnsafeMutablePointer<Atomic<UInt>>) -> UnsafeMutablePointer<Atomic<UInt>> {
        let oldSlots = Int(old[0].load(ordering: .relaxed))
        let table = Self.makeTable(slots: oldSlots * 2)
        for index in 0..<oldSlots {
            let slot = old + 1 + index * Self.wordsPerSlot
            let typeWord = slot[0].load(ordering: .relaxed)
            if typeWord != 0 {
                Self.store(
                    typeWord: typeWord, tagWord: slot[1].load(ordering: .relaxed),
                    producerWord: slot[2].load(ordering: .relaxed), in: table)
            }
        }
        tables.append(table)
        current.store(UnsafeMutableRawPointer(table), ordering: .releasing)
        return table
    }

    private static func store(
        typeWord: UInt, tagWord: UInt, producerWord: UInt, in table: UnsafeMutablePointer<Atomic<UInt>>
    ) {
        let mask = Int(table[0].load(ordering: .relaxed)) - 1
        var index = home(typeWord, tagWord, mask: mask)
        while table[1 + index * wordsPerSlot].load(ordering: .relaxed) != 0 { index = (index + 1) & mask }
        let slot = table + 1 + index * wordsPerSlot
        slot[1].store(tagWord, ordering: .relaxed)
        slot[2].store(producerWord, ordering: .relaxed)
        // Last, with release ordering: a reader that sees the key sees the rest of the slot.
        slot[0].store(typeWord, ordering: .releasing)
    }

    private static func makeTable(slots: Int) -> UnsafeMutablePointer<Atomic<UInt>> {
        let words = 1 + slots * wordsPerSlot
        let table = UnsafeMutablePointer<Atomic<UInt>>.allocate(capacity: words)
        (table + 0).initialize(to: Atomic(UInt(slots)))
        for index in 1..<words { (table + index).initialize(to: Atomic(0)) }
        return table
    }

    @inline(__always)
    private static func word(_ type: Any.Type) -> UInt { UInt(bitPattern: ObjectIdentifier(type)) }

    @inline(__always)
    private static func home(_ typeWord: UInt, _ tagWord: UInt, mask: Int) -> Int {
        Int(truncatingIfNeeded: ((typeWord ^ (tagWord &* 31)) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }
}
