/// What `[ObjectIdentifier: Value]` does, for the walks that compile and lower a graph, without SipHash
/// (~100 instructions a lookup): addresses, which nobody chooses to collide, are spread by one
/// multiplication (Fibonacci hashing). Linear probing; removal shifts later entries back, so no tombstones.
struct IdentityTable<Value> {
    /// `key` 0 marks an empty position.
    private struct Entry {
        var key: UInt
        var value: Value?
    }

    /// One allocation, made on the first insertion: most tables of a walk stay small, many empty.
    private var entries: [Entry] = []
    /// Word width minus log2 of the capacity: keeps the top bits of the product.
    private var shift = UInt.bitWidth
    private(set) var count = 0

    init() {}

    subscript(_ id: ObjectIdentifier) -> Value? {
        get {
            guard let position = position(of: UInt(bitPattern: id)) else { return nil }
            return entries[position].value
        }
        set {
            if let newValue {
                insert(newValue, for: UInt(bitPattern: id))
            } else if let position = position(of: UInt(bitPattern: id)) {
                remove(at: position)
            }
        }
    }

    /// Empties the table, keeping its storage.
    mutating func removeAll() {
        guard count > 0 else { return }
        for position in entries.indices where entries[position].key != 0 {
            entries[position] = Entry(key: 0, value: nil)
        }
        count = 0
    }

    func contains(_ id: ObjectIdentifier) -> Bool { position(of: UInt(bitPattern: id)) != nil }

    /// In no particular order.
    var addresses: [UInt] { entries.compactMap { $0.key == 0 ? nil : $0.key } }

    private var mask: Int { entries.count - 1 }

    private func home(of key: UInt) -> Int { Int(truncatingIfNeeded: AddressHash.spread(key) >> UInt(shift)) }

    private func position(of key: UInt) -> Int? {
        guard !entries.isEmpty else { return nil }
        var position = home(of: key)
        while entries[position].key != 0 {
            if entries[position].key == key { return position }
            position = (position + 1) & mask
        }
        return nil
    }

    private mutating func insert(_ value: Value, for key: UInt) {
        if (count + 1) * 2 > entries.count { grow() }
        var position = home(of: key)
        while entries[position].key != 0 {
            if entries[position].key == key {
                entries[position].value = value
                return
            }
            position = (position + 1) & mask
        }
        entries[position] = Entry(key: key, value: value)
        count += 1
    }

    /// Empties `position`, then moves back each entry of the run after it whose home does not lie
    /// between the emptied position and its own (cyclically): lookups then never stop early.
    private mutating func remove(at removed: Int) {
        var empty = removed
        entries[empty] = Entry(key: 0, value: nil)
        count -= 1
        var next = (empty + 1) & mask
        while entries[next].key != 0 {
            let home = home(of: entries[next].key)
            let stays = empty <= next ? (empty < home && home <= next) : (empty < home || home <= next)
            if !stays {
                entries.swapAt(empty, next)
                empty = next
            }
            next = (next + 1) & mask
        }
    }

    private mutating func grow() {
        let old = entries
        let capacity = Swift.max(16, entries.count * 2)
        entries = Array(repeating: Entry(key: 0, value: nil), count: capacity)
        shift = UInt.bitWidth - capacity.trailingZeroBitCount
        count = 0
        for entry in old where entry.key != 0 {
            // Every position holding a key holds its value.
            if let value = entry.value { insert(value, for: entry.key) }
        }
    }
}

extension IdentityTable where Value == Void {
    mutating func insert(_ id: ObjectIdentifier) { self[id] = () }

    mutating func remove(_ id: ObjectIdentifier) { self[id] = nil }
}
