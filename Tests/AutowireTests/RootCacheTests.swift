import Synchronization
import Testing

@testable import Autowire

@Suite struct RootCacheTests {
    /// The container that resolved a chain, and the root producers of its first 300 classes.
    private static func chainProducers() throws -> (Container, [(BindingKey, AnyProducer)]) {
        let container = Container()
        var link: (any ChainLink)? = try container.resolve(Chain1000Link0.self)
        var entries: [(BindingKey, AnyProducer)] = []
        while let current = link, entries.count < 300 {
            let key = BindingKey(type: type(of: current), tag: nil)
            entries.append((key, try container.registry.rootProducer(for: key)))
            link = current.nextLink
        }
        return (container, entries)
    }

    @Test func producersStayFoundAsTheTableGrowsPastItsFirstSize() throws {
        let (container, entries) = try Self.chainProducers()
        let cache = RootCache()
        for (key, producer) in entries { cache.insert(producer, for: key) }
        #expect(entries.allSatisfy { key, producer in cache.producer(for: key) === producer })
        #expect(cache.producer(for: BindingKey(type: Int.self, tag: nil)) == nil)
        #expect(cache.producer(for: BindingKey(type: Chain1000Link0.self, tag: Int.self)) == nil)
        withExtendedLifetime(container) {}
    }

    @Test func readersRacingTheWriterFindOnlyWhatWasInserted() throws {
        let (container, entries) = try Self.chainProducers()
        let cache = RootCache()
        let mismatches = Atomic<Int>(0)
        let finished = runOnThreads(4) { thread in
            guard thread > 0 else {
                for (key, producer) in entries { cache.insert(producer, for: key) }
                return
            }
            for _ in 0..<3 {
                for (key, producer) in entries {
                    if let found = cache.producer(for: key), found !== producer {
                        mismatches.add(1, ordering: .relaxed)
                    }
                }
            }
        }
        #expect(finished)
        #expect(mismatches.load(ordering: .relaxed) == 0)
        #expect(entries.allSatisfy { key, producer in cache.producer(for: key) === producer })
        withExtendedLifetime(container) {}
    }
}
