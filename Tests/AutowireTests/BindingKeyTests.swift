import Testing

@testable import Autowire

/// `BindingKey`'s hash, which dictionaries and sets of keys use instead of `Hasher`.
@Suite struct BindingKeyTests {
    enum T0 {}
    enum T1 {}
    enum T2 {}
    enum T3 {}
    enum T4 {}
    enum T5 {}
    enum T6 {}
    enum T7 {}

    static let types: [Any.Type] = [T0.self, T1.self, T2.self, T3.self, T4.self, T5.self, T6.self, T7.self]

    /// Every type paired with every other as its tag, and with no tag.
    static let keys: [BindingKey] = types.flatMap { type in
        [BindingKey(type: type, tag: nil)] + types.map { BindingKey(type: type, tag: $0) }
    }

    @Test func equalKeysHashAlikeUnderEverySeed() {
        for seed in [0, 1, -1, 0x1234_5678, Int.max] {
            for key in Self.keys {
                let copy = BindingKey(type: key.type, tag: key.tag)
                #expect(copy == key)
                #expect(copy._rawHashValue(seed: seed) == key._rawHashValue(seed: seed))
            }
        }
    }

    @Test func keysSpreadOverTheLowBitsATableBucketsBy() {
        // 72 keys in 128 buckets, taken from the low bits as a dictionary does: identities are
        // aligned addresses, so a hash that left their zero low bits in place would use a handful.
        for seed in [0, 0x5DEE_CE66_D] {
            let buckets = Set(Self.keys.map { $0._rawHashValue(seed: seed) & 127 })
            #expect(buckets.count >= 40)
        }
    }

    @Test func aDictionaryOfKeysFindsEachKeyAndNoOther() {
        var table: [BindingKey: Int] = [:]
        for (index, key) in Self.keys.enumerated() { table[key] = index }
        #expect(table.count == Self.keys.count)
        for (index, key) in Self.keys.enumerated() { #expect(table[key] == index) }
        #expect(table[BindingKey(type: Int.self, tag: nil)] == nil)
    }
}
