/// A set of a program's regions, by index: which ones a run skipped, or staged. Four words kept in
/// the run's record, so that a program may have up to `capacity` regions (a first resolve that
/// creates many singletons, each in a region of its own, and the regions that make objects again).
struct RegionSet {
    static let capacity = 256

    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    var isEmpty: Bool { words.0 | words.1 | words.2 | words.3 == 0 }

    func contains(_ index: Int) -> Bool {
        if index < 64 { return words.0 & 1 << UInt64(index) != 0 }
        return word(index >> 6) & 1 << UInt64(index & 63) != 0
    }

    mutating func insert(_ index: Int) { setWord(index >> 6, word(index >> 6) | 1 << UInt64(index & 63)) }

    mutating func remove(_ index: Int) { setWord(index >> 6, word(index >> 6) & ~(1 << UInt64(index & 63))) }

    /// Inserts `first` and every index after it up to `last`.
    mutating func insert(from first: Int, through last: Int) {
        if last < 64 {
            // Within the first word, the common case: one mask.
            words.0 |= (UInt64.max >> UInt64(63 - last)) & (UInt64.max << UInt64(first))
            return
        }
        for index in first...last { insert(index) }
    }

    mutating func removeAll() { words = (0, 0, 0, 0) }

    private func word(_ number: Int) -> UInt64 {
        switch number {
        case 0: words.0
        case 1: words.1
        case 2: words.2
        default: words.3
        }
    }

    private mutating func setWord(_ number: Int, _ value: UInt64) {
        switch number {
        case 0: words.0 = value
        case 1: words.1 = value
        case 2: words.2 = value
        default: words.3 = value
        }
    }
}
