import Testing

@testable import Autowire

@Suite struct ThreadLocalIdentityTests {
    private final class Object: Sendable {}

    @Test func aMarkNamesOneObjectUntilClearedOrReplaced() {
        let marks = ThreadLocalIdentity()
        let first = Object()
        let second = Object()
        #expect(!marks.isMarked(first))
        marks.mark(first)
        #expect(marks.isMarked(first) && !marks.isMarked(second))
        marks.mark(second)
        #expect(!marks.isMarked(first) && marks.isMarked(second))
        marks.clear()
        #expect(!marks.isMarked(first) && !marks.isMarked(second))
    }

    @Test func eachThreadHasItsOwnMark() {
        let marks = ThreadLocalIdentity()
        let here = Object()
        let there = Object()
        marks.mark(here)
        let seenThere = PlatformTests.onAnotherThread { () -> (here: Bool, there: Bool) in
            let before = marks.isMarked(here)
            marks.mark(there)
            return (before, marks.isMarked(there))
        }
        #expect(seenThere == (false, true))
        #expect(marks.isMarked(here) && !marks.isMarked(there))
        marks.clear()
    }
}
