import Testing

@testable import Autowire

/// `AddressHash`, the arithmetic of the tables keyed by addresses, written for any word width: on a
/// 64-bit word it must give exactly what the tables always computed, and on a 32-bit word (watchOS's
/// `arm64_32`, where `UInt` is 32 bits) it must still spread addresses over a table's buckets.
/// Linux has no 32-bit `UInt`, so the same generic code runs here with `UInt32`.
@Suite struct AddressHashTests {
    /// Keys that look like the addresses the tables see: distinct, aligned, evenly spaced.
    static func addresses<Word: FixedWidthInteger & UnsignedInteger>(
        _: Word.Type, count: Int = 1_000, stride: Int
    ) -> [Word] {
        (0..<count).map { Word(0x0010_0000 + $0 * stride) }
    }

    /// How many of `keys` fall in each of 64 buckets.
    static func loads<Word>(of keys: [Word], bucket: (Word) -> Int) -> [Int] {
        var loads = Array(repeating: 0, count: 64)
        for key in keys { loads[bucket(key) & 63] += 1 }
        return loads
    }

    /// 1,000 keys in 64 buckets average 15.6 a bucket: spread means at least 56 buckets used and
    /// none holding more than 40 keys (4%).
    static func isSpread(_ loads: [Int]) -> Bool {
        loads.filter { $0 > 0 }.count >= 56 && loads.max()! <= 40
    }

    /// Each way a table takes a bucket from a 32-bit address: `PerTypeCache` and `RootCache`
    /// (`middleBits`), `ResolutionState` (`upperBits`), `IdentityTable` (the top six bits of a
    /// 64-slot table), and `Dictionary`, which takes the low bits of `BindingKey`'s mix (with no
    /// tag, then with one fixed tag, and a seed).
    static let thirtyTwoBitBuckets: [(String, @Sendable (UInt32) -> Int)] = [
        ("middleBits", { Int(AddressHash.middleBits($0)) }),
        ("upperBits", { Int(AddressHash.upperBits($0)) }),
        ("IdentityTable's top bits", { Int(AddressHash.spread($0) >> UInt(UInt32.bitWidth - 6)) }),
        ("mix, no tag", { Int(AddressHash.mix($0, 0, seed: 0)) }),
        ("mix, a tag and a seed", { Int(AddressHash.mix($0, 0x0020_0040, seed: 0x5EED_0001)) }),
    ]

    @Test(arguments: [8, 16, 48, 4_096])
    func spreadsThousandThirtyTwoBitAddressesOverMostOfSixtyFourBuckets(stride: Int) {
        let keys = Self.addresses(UInt32.self, stride: stride)
        #expect(Set(keys).count == 1_000)
        for (name, bucket) in Self.thirtyTwoBitBuckets {
            let loads = Self.loads(of: keys, bucket: bucket)
            #expect(
                Self.isSpread(loads),
                "\(name), stride \(stride): \(loads.filter { $0 > 0 }.count) buckets used, the fullest holds \(loads.max()!)"
            )
        }
    }

    /// The check above fails where it should: the 64-bit arithmetic carried over to a 32-bit word
    /// (shifting the product right by 32 leaves 0) puts every key in bucket 0.
    @Test func theSpreadCheckRejectsTheSixtyFourBitShiftOnAThirtyTwoBitWord() {
        let keys = Self.addresses(UInt32.self, stride: 16)
        let loads = Self.loads(of: keys) { Int(($0 &* 0x9E37_79B9) >> 32) }
        #expect(loads[0] == 1_000)
        #expect(!Self.isSpread(loads))
    }

    /// On a 64-bit word every function gives what the tables computed before it was written
    /// generically, bit for bit (the speed gate's instruction counts rely on the same code).
    @Test func givesSixtyFourBitWordsExactlyTheFormerResults() {
        var random = RandomGraph.SplitMix64(seed: 42)
        let keys: [UInt64] = Self.addresses(UInt64.self, stride: 16) + (0..<1_000).map { _ in random.next() }
        for key in keys {
            let tag = key.byteSwapped
            let seed = key &* 3
            #expect(AddressHash.spread(key) == key &* 0x9E37_79B9_7F4A_7C15)
            #expect(AddressHash.middleBits(key) == (key &* 0x9E37_79B9_7F4A_7C15) >> 32)
            #expect(AddressHash.upperBits(key) == (key &* 0x9E37_79B9_7F4A_7C15) >> 40)
            var former = (key ^ tag &* 0x9E37_79B9_7F4A_7C15 ^ seed) &* 0xBF58_476D_1CE4_E5B9
            former ^= former >> 31
            #expect(AddressHash.mix(key, tag, seed: seed) == former)
            if UInt.bitWidth == 64 {
                #expect(UInt64(AddressHash.middleBits(UInt(truncatingIfNeeded: key))) == AddressHash.middleBits(key))
                #expect(
                    UInt64(
                        AddressHash.mix(
                            UInt(truncatingIfNeeded: key), UInt(truncatingIfNeeded: tag),
                            seed: UInt(truncatingIfNeeded: seed))) == former)
            }
        }
    }
}
