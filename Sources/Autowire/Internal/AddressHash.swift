/// The arithmetic behind the tables keyed by addresses (type metadata, objects, producers): a multiply that
/// spreads an address's bits upward (Fibonacci hashing), and the mix `BindingKey` hashes with, written once
/// for any word width. watchOS's `arm64_32` has a 32-bit `UInt`, where a 64-bit constant does not compile
/// and a product shifted right by 32 would be 0 (one bucket for all), so constants and shifts follow the
/// word's width, each a compile-time constant once specialized.
enum AddressHash {
    /// `key` times 2^width / φ (made odd): each bit reaches the bits above it, so the product's high half
    /// depends on all of an address's meaningful bits, alignment zeros or not.
    @inline(__always)
    static func spread<Word: FixedWidthInteger & UnsignedInteger>(_ key: Word) -> Word {
        key &* goldenRatio()
    }

    /// Bits of `spread(key)` from the middle of the word up, where a table of up to 2^(width/2)
    /// slots takes its index (after masking): bits 32 up on a 64-bit word, 16 up on a 32-bit one.
    @inline(__always)
    static func middleBits<Word: FixedWidthInteger & UnsignedInteger>(_ key: Word) -> Word {
        spread(key) >> (Word.bitWidth / 2)
    }

    /// Bits of `spread(key)` from five eighths of the word up: bits 40 up on 64 bits (up to 2^24 slots), 20
    /// up on 32 (2^12 slots; a larger table still works, its probes starting in the lower 2^12).
    @inline(__always)
    static func upperBits<Word: FixedWidthInteger & UnsignedInteger>(_ key: Word) -> Word {
        spread(key) >> (Word.bitWidth * 5 / 8)
    }

    /// Two identities and a seed mixed into one word whose low bits a `Dictionary` or `Set` buckets by: the
    /// tag spread, the three combined and multiplied again, the high half folded down (a multiply spreads
    /// bits only upward, and an identity's low bits are alignment zeros).
    @inline(__always)
    static func mix<Word: FixedWidthInteger & UnsignedInteger>(_ first: Word, _ second: Word, seed: Word) -> Word {
        var mixed = (first ^ spread(second) ^ seed) &* secondMultiplier()
        mixed ^= mixed >> (Word.bitWidth / 2 - 1)
        return mixed
    }

    /// ⌊2^width / φ⌋, odd: the multiplier of Fibonacci hashing for a 64- or a 32-bit word.
    @inline(__always)
    private static func goldenRatio<Word: FixedWidthInteger & UnsignedInteger>() -> Word {
        Word.bitWidth == 64
            ? Word(truncatingIfNeeded: 0x9E37_79B9_7F4A_7C15 as UInt64)
            : Word(truncatingIfNeeded: 0x9E37_79B9 as UInt32)
    }

    /// The second multiplier of `mix`: SplitMix64's for a 64-bit word, MurmurHash3's `fmix32` one
    /// for a 32-bit word. Both are odd, so that the multiplication loses no bits.
    @inline(__always)
    private static func secondMultiplier<Word: FixedWidthInteger & UnsignedInteger>() -> Word {
        Word.bitWidth == 64
            ? Word(truncatingIfNeeded: 0xBF58_476D_1CE4_E5B9 as UInt64)
            : Word(truncatingIfNeeded: 0x85EB_CA6B as UInt32)
    }
}
