/// A set of a program's regions, by index: which ones a run skipped, or staged. Four words kept in
/// the run's record, for the first 256 regions (a first resolve that creates many singletons, each
/// in a region of its own, and the regions that make objects again); the words of a program with
/// more (a nested program, with a region per `.graph` object) are allocated when first set.
struct RegionSet {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    /// The words past the fourth, as far as one was set.
    private var overflow: [UInt64] = []

    var isEmpty: Bool { words.0 | words.1 | words.2 | words.3 == 0 && (overflow.isEmpty || overflowIsEmpty) }

    // The first word is read and written inline: the regions of most programs are all in it.

    @inline(__always)
    func contains(_ index: Int) -> Bool {
        if index < 64 { return words.0 & 1 << UInt64(index) != 0 }
        return containsPastFirstWord(index)
    }

    @inline(__always)
    mutating func insert(_ index: Int) {
        if index < 64 {
            words.0 |= 1 << UInt64(index)
        } else {
            setWord(index >> 6, word(index >> 6) | 1 << UInt64(index & 63))
        }
    }

    @inline(__always)
    mutating func remove(_ index: Int) {
        if index < 64 {
            words.0 &= ~(1 << UInt64(index))
        } else {
            setWord(index >> 6, word(index >> 6) & ~(1 << UInt64(index & 63)))
        }
    }

    /// Inserts `first` and every index after it up to `last`.
    @inline(__always)
    mutating func insert(from first: Int, through last: Int) {
        if last < 64 {
            // Within the first word, the common case: one mask.
            words.0 |= (UInt64.max >> UInt64(63 - last)) & (UInt64.max << UInt64(first))
        } else {
            insertPastFirstWord(from: first, through: last)
        }
    }

    mutating func removeAll() {
        words = (0, 0, 0, 0)
        overflow = []
    }

    @inline(never)
    private func containsPastFirstWord(_ index: Int) -> Bool {
        word(index >> 6) & 1 << UInt64(index & 63) != 0
    }

    @inline(never)
    private mutating func insertPastFirstWord(from first: Int, through last: Int) {
        for index in first...last { insert(index) }
    }

    @inline(never)
    private var overflowIsEmpty: Bool { overflow.allSatisfy { $0 == 0 } }

    private func word(_ number: Int) -> UInt64 {
        switch number {
        case 0: words.0
        case 1: words.1
        case 2: words.2
        case 3: words.3
        default: number - 4 < overflow.count ? overflow[number - 4] : 0
        }
    }

    @inline(never)
    private mutating func setWord(_ number: Int, _ value: UInt64) {
        switch number {
        case 0: words.0 = value
        case 1: words.1 = value
        case 2: words.2 = value
        case 3: words.3 = value
        default:
            if number - 4 >= overflow.count {
                guard value != 0 else { return }
                overflow += repeatElement(0, count: number - 4 - overflow.count + 1)
            }
            overflow[number - 4] = value
        }
    }
}
