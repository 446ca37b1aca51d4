/// The producers that already serve top-level requests, found by type and tag identity with a
/// multiplicative hash: a top-level resolve's only lookup, kept far cheaper than a `Dictionary`
/// keyed by `BindingKey` (whose SipHash alone costs more than a cached singleton resolve).
struct RootTable {
    private struct Entry {
        var type: UInt
        var tag: UInt
        var producer: AnyProducer?
    }

    private var entries = [Entry](repeating: Entry(type: 0, tag: 0, producer: nil), count: 16)
    private var count = 0

    @inline(__always)
    private static func identity(_ key: BindingKey) -> (UInt, UInt) {
        (
            UInt(bitPattern: Int(bitPattern: ObjectIdentifier(key.type))),
            key.tag.map { UInt(bitPattern: Int(bitPattern: ObjectIdentifier($0))) } ?? 0
        )
    }

    @inline(__always)
    private func index(type: UInt, tag: UInt) -> Int {
        Int(truncatingIfNeeded: ((type ^ (tag &* 31)) &* 0x9E37_79B9_7F4A_7C15) >> 32) & (entries.count - 1)
    }

    func producer(for key: BindingKey) -> AnyProducer? {
        let (type, tag) = Self.identity(key)
        var slot = index(type: type, tag: tag)
        while let producer = entries[slot].producer {
            if entries[slot].type == type, entries[slot].tag == tag { return producer }
            slot = (slot + 1) & (entries.count - 1)
        }
        return nil
    }

    mutating func insert(_ producer: AnyProducer, for key: BindingKey) {
        if (count + 1) * 2 > entries.count { grow() }
        let (type, tag) = Self.identity(key)
        var slot = index(type: type, tag: tag)
        while entries[slot].producer != nil {
            if entries[slot].type == type, entries[slot].tag == tag { return }
            slot = (slot + 1) & (entries.count - 1)
        }
        entries[slot] = Entry(type: type, tag: tag, producer: producer)
        count += 1
    }

    private mutating func grow() {
        let old = entries
        entries = [Entry](repeating: Entry(type: 0, tag: 0, producer: nil), count: old.count * 2)
        count = 0
        for entry in old {
            guard let producer = entry.producer else { continue }
            var slot = index(type: entry.type, tag: entry.tag)
            while entries[slot].producer != nil { slot = (slot + 1) & (entries.count - 1) }
            entries[slot] = entry
            entries[slot].producer = producer
            count += 1
        }
    }
}
