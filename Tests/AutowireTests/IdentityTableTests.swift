import Testing

@testable import Autowire

/// One object whose identity keys the tables under test.
private final class Key {}

@Suite struct IdentityTableTests {
    /// Random insertions, updates and removals over a pool of objects, checked after each against a
    /// dictionary: removal shifts entries back, and a mistake there loses an entry or finds a
    /// removed one only when the probe runs cross each other, which many seeds and small tables
    /// reach.
    @Test(arguments: 0..<20)
    func agreesWithADictionaryThroughRandomInsertionsUpdatesAndRemovals(seed: UInt64) {
        let pool = (0..<64).map { _ in Key() }
        var random = RandomGraph.SplitMix64(seed: seed)
        var table = IdentityTable<Int>()
        var model: [ObjectIdentifier: Int] = [:]
        for step in 0..<2_000 {
            let id = ObjectIdentifier(pool[random.below(pool.count)])
            if random.chance(40) {
                table[id] = nil
                model[id] = nil
            } else {
                table[id] = step
                model[id] = step
            }
            #expect(table.count == model.count)
            for key in pool {
                let id = ObjectIdentifier(key)
                guard table[id] == model[id], table.contains(id) == (model[id] != nil) else {
                    Issue.record(
                        "seed \(seed), step \(step): the table holds \(String(describing: table[id])) where a dictionary holds \(String(describing: model[id]))"
                    )
                    return
                }
            }
        }
    }

    @Test func aSetOfIdentitiesAddsAndRemovesMembers() {
        let first = Key()
        let second = Key()
        var set = IdentityTable<Void>()
        set.insert(ObjectIdentifier(first))
        set.insert(ObjectIdentifier(first))
        set.insert(ObjectIdentifier(second))
        #expect(set.count == 2)
        set.remove(ObjectIdentifier(first))
        #expect(!set.contains(ObjectIdentifier(first)))
        #expect(set.contains(ObjectIdentifier(second)))
        #expect(set.count == 1)
    }
}
