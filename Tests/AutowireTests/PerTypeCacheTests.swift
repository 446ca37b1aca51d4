import Synchronization
import Testing

@testable import Autowire

/// An entry that counts how many of its kind are alive.
private final class CountedEntry: Sendable {
    static let alive = Atomic<Int>(0)
    let value: Int
    init(_ value: Int) {
        self.value = value
        Self.alive.add(1, ordering: .relaxed)
    }
    deinit { Self.alive.subtract(1, ordering: .relaxed) }
}

/// Objects whose identities stand for types: any identity is a key.
private final class Key: Sendable {}

/// Serialized: the suite counts live entries in a global.
@Suite(.serialized) struct PerTypeCacheTests {
    @Test func anEntryIsMadeOnceThenReadBack() {
        let cache = PerTypeCache<Int>()
        let key = Key()
        let made = Atomic<Int>(0)
        let first = cache.entry(for: ObjectIdentifier(key)) {
            made.add(1, ordering: .relaxed)
            return 7
        }
        let second = cache.entry(for: ObjectIdentifier(key)) {
            made.add(1, ordering: .relaxed)
            return 8
        }
        #expect(first == 7 && second == 7)
        #expect(made.load(ordering: .relaxed) == 1)
    }

    @Test func entriesStayReadableAsTheTableGrowsPastItsFirstSize() {
        let cache = PerTypeCache<Int>()
        let keys = (0..<500).map { _ in Key() }
        for (index, key) in keys.enumerated() { _ = cache.entry(for: ObjectIdentifier(key)) { index } }
        let read = keys.map { key in cache.entry(for: ObjectIdentifier(key)) { -1 } }
        #expect(read == Array(0..<500))
    }

    @Test func threadsRacingForOneTypeAllGetTheFirstEntryKept() {
        let cache = PerTypeCache<CountedEntry>()
        let keys = (0..<64).map { _ in Key() }
        let mismatches = Atomic<Int>(0)
        let seen = Locked<[ObjectIdentifier: ObjectIdentifier]>([:])
        let finished = runOnThreads(8) { thread in
            for (index, key) in keys.enumerated() {
                let entry = cache.entry(for: ObjectIdentifier(key)) { CountedEntry(index) }
                if entry.value != index { mismatches.add(1, ordering: .relaxed) }
                seen.withLock { seen in
                    let kept = seen[ObjectIdentifier(key), default: ObjectIdentifier(entry)]
                    if kept != ObjectIdentifier(entry) { mismatches.add(1, ordering: .relaxed) }
                    seen[ObjectIdentifier(key)] = kept
                }
            }
        }
        #expect(finished)
        #expect(mismatches.load(ordering: .relaxed) == 0)
    }

    @Test func aCacheReleasesItsEntriesWhenItGoesAway() {
        let before = CountedEntry.alive.load(ordering: .relaxed)
        do {
            let cache = PerTypeCache<CountedEntry>()
            let keys = (0..<100).map { _ in Key() }
            for (index, key) in keys.enumerated() {
                _ = cache.entry(for: ObjectIdentifier(key)) { CountedEntry(index) }
            }
            #expect(CountedEntry.alive.load(ordering: .relaxed) == before + 100)
        }
        #expect(CountedEntry.alive.load(ordering: .relaxed) == before)
    }
}
