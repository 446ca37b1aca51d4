import Autowire
import Testing

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
    @Test func aThousandDeepChainResolvesOnTheMainThread() throws {
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
        let container = try Container { binder in
            binder.bind(Chain1000Link0.self).scoped(.singleton).to(Chain1000Link0.self)
        }
        let (count, isShared) = try await Task {
            let head = try container.resolve(Chain1000Link0.self)
            let again = try container.resolve(Chain1000Link0.self)
            return (length(of: head), head === again)
        }.value
        #expect(count == 1_000)
        #expect(isShared)
    }
}
