import Autowire
import Synchronization
import Testing

/// How many times the singleton chain's last link was made: once per build of the whole chain.
private let singletonChainTailsMade = Atomic<Int>(0)

/// How many links a resolved chain has, walking it from its head.
private func length(of head: any ChainLink) -> Int {
    var count = 1
    var link = head
    while let next = link.nextLink {
        count += 1
        link = next
    }
    return count
}

@Suite struct DepthTests {
    @MainActor
    @Test func aThousandDeepChainResolvesOnTheMainActor() throws {
        let head = try Container().resolve(Chain1000Link0.self)
        #expect(length(of: head) == 1_000)
    }

    @Test func aThousandDeepChainResolvesInsideATask() async throws {
        let container = Container()
        let count = try await Task.detached {
            length(of: try container.resolve(Chain1000Link0.self))
        }.value
        #expect(count == 1_000)
    }

    @Test func aThousandDeepSingletonChainResolvesOnceInsideATask() async throws {
        // The last link is bound by a factory that counts: the chain below the singleton head is
        // built once per creation of the head.
        let container = try Container { binder in
            binder.bind(Chain1000Link0.self).scoped(.singleton).to(Chain1000Link0.self)
            binder.bind(Chain1000Link999.self).to { _ in
                singletonChainTailsMade.add(1, ordering: .relaxed)
                return Chain1000Link999()
            }
        }
        let (count, isShared) = try await Task {
            let head = try container.resolve(Chain1000Link0.self)
            let again = try container.resolve(Chain1000Link0.self)
            return (length(of: head), head === again)
        }.value
        #expect(count == 1_000)
        #expect(isShared)
        #expect(singletonChainTailsMade.load(ordering: .relaxed) == 1)
    }
}
