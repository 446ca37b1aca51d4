import Testing

@testable import Autowire

@Suite struct ThreadLocalStackTests {
    private static let names = ThreadLocalStack<String>()

    private static func visible() -> [String] {
        var seen: [String] = []
        _ = names.first { name in
            seen.append(name)
            return false
        }
        return seen
    }

    @Test func valuesAreSeenInnermostFirstOnlyWhileTheCallThatPushedThemRuns() {
        #expect(Self.visible() == [])
        let inside = Self.names.with("outer") {
            Self.names.with("inner") { (Self.visible(), Self.names.first { $0.hasPrefix("o") }) }
        }
        #expect(inside.0 == ["inner", "outer"])
        #expect(inside.1 == "outer")
        #expect(Self.visible() == [])
    }

    @Test func aValueIsPoppedWhenItsCallThrows() {
        struct Failure: Error {}
        #expect(throws: Failure.self) {
            try Self.names.with("failing") { throw Failure() }
        }
        #expect(Self.visible() == [])
    }

    @Test func anotherThreadSeesNoneOfThisThreadsValues() {
        let there = Self.names.with("here") { PlatformTests.onAnotherThread { Self.visible() } }
        #expect(there == [])
    }
}
