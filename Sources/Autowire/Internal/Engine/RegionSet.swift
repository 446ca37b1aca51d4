/// A set of a program's regions, by index: which ones a run skipped, or staged. Four words in the
/// run's record cover 256 regions (a first resolve's many singletons and remade objects); a program
/// with more (a nested one, a region per `.graph` object) allocates the rest when set.
struct RegionSet {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    /// The words past the fourth, once one is set: a class reference, not an array, so copying and
    /// destroying a set is a null check (an empty array's retain and release take the slow path).
    private var overflow: Overflow?

    private final class Overflow {
        var words: [UInt64]
        init(_ words: [UInt64]) { self.words = words }
    }

    var isEmpty: Bool { words.0 | words.1 | words.2 | words.3 == 0 && (overflow == nil || overflowIsEmpty) }

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
        overflow = nil
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
    private var overflowIsEmpty: Bool { overflow?.words.allSatisfy { $0 == 0 } ?? true }

    private func word(_ number: Int) -> UInt64 {
        switch number {
        case 0: return words.0
        case 1: return words.1
        case 2: return words.2
        case 3: return words.3
        default:
            guard let words = overflow?.words, number - 4 < words.count else { return 0 }
            return words[number - 4]
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
            // Copied on write, so that a copy of the set is a set of its own.
            if !isKnownUniquelyReferenced(&overflow) { overflow = Overflow(overflow?.words ?? []) }
            guard let overflow else { return }
            if number - 4 >= overflow.words.count {
                guard value != 0 else { return }
                overflow.words += repeatElement(0, count: number - 4 - overflow.words.count + 1)
            }
            overflow.words[number - 4] = value
        }
    }
}
