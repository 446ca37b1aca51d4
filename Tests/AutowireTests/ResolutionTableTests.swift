import Autowire
import Testing

// Factory-bound graph objects whose edges the container cannot see (closure factories), so a
// resolve records more instances than its table was sized for and the table must grow while
// factories are still running.
private final class Node {
    let next: Node?
    init(next: Node?) { self.next = next }
}
private enum Level0: Autowire.Tag { typealias Value = Node }
private enum Level1: Autowire.Tag { typealias Value = Node }
private enum Level2: Autowire.Tag { typealias Value = Node }
private enum Level3: Autowire.Tag { typealias Value = Node }
private enum Level4: Autowire.Tag { typealias Value = Node }
private enum Level5: Autowire.Tag { typealias Value = Node }
private enum Level6: Autowire.Tag { typealias Value = Node }
private enum Level7: Autowire.Tag { typealias Value = Node }
private enum Level8: Autowire.Tag { typealias Value = Node }
private enum Level9: Autowire.Tag { typealias Value = Node }
private enum Shared: Autowire.Tag { typealias Value = Node }

private final class Pair {
    let first: Node
    let second: Node
    init(first: Node, second: Node) {
        self.first = first
        self.second = second
    }
}

private final class Ping {}
private final class Pong {}

@Suite struct ResolutionTableTests {
    /// Ten levels, each made by a closure factory that resolves the next level and a shared node.
    private func deepContainer() throws -> Container {
        try Container { binder in
            binder.bind(Node.self).tagged(Shared.self).to { _ in Node(next: nil) }
            binder.bind(Node.self).tagged(Level9.self).to { r in Node(next: try r.resolve(Node.self, tag: Shared.self))
            }
            binder.bind(Node.self).tagged(Level8.self).to { r in Node(next: try r.resolve(Node.self, tag: Level9.self))
            }
            binder.bind(Node.self).tagged(Level7.self).to { r in Node(next: try r.resolve(Node.self, tag: Level8.self))
            }
            binder.bind(Node.self).tagged(Level6.self).to { r in Node(next: try r.resolve(Node.self, tag: Level7.self))
            }
            binder.bind(Node.self).tagged(Level5.self).to { r in Node(next: try r.resolve(Node.self, tag: Level6.self))
            }
            binder.bind(Node.self).tagged(Level4.self).to { r in Node(next: try r.resolve(Node.self, tag: Level5.self))
            }
            binder.bind(Node.self).tagged(Level3.self).to { r in Node(next: try r.resolve(Node.self, tag: Level4.self))
            }
            binder.bind(Node.self).tagged(Level2.self).to { r in Node(next: try r.resolve(Node.self, tag: Level3.self))
            }
            binder.bind(Node.self).tagged(Level1.self).to { r in Node(next: try r.resolve(Node.self, tag: Level2.self))
            }
            binder.bind(Node.self).tagged(Level0.self).to { r in Node(next: try r.resolve(Node.self, tag: Level1.self))
            }
            binder.bind(Pair.self).to { r in
                Pair(
                    first: try r.resolve(Node.self, tag: Level0.self),
                    second: try r.resolve(Node.self, tag: Shared.self))
            }
        }
    }

    @Test func graphInstancesStaySharedWhenTheTableGrowsDuringAResolve() throws {
        let pair = try deepContainer().resolve(Pair.self)
        var last = pair.first
        var depth = 0
        while let next = last.next {
            last = next
            depth += 1
        }
        #expect(depth == 10)
        #expect(last === pair.second)
    }

    @Test func eachTopLevelResolveGetsItsOwnGraphInstances() throws {
        let container = try deepContainer()
        let first = try container.resolve(Pair.self)
        let second = try container.resolve(Pair.self)
        #expect(first.second !== second.second)
    }

    @Test func aFactoryMetAgainWhileRunningIsACycleError() throws {
        let pingLine = #line + 2
        let container = try Container { binder in
            binder.bind(Ping.self).to { r in
                _ = try r.resolve(Pong.self)
                return Ping()
            }
            binder.bind(Pong.self).to { r in
                _ = try r.resolve(Ping.self)
                return Pong()
            }
        }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(Ping.self) }
        #expect(
            error.description == """
                error[unclosable-cycle]: Ping is needed again while its factory is still running, so the cycle can never close.
                  at: AutowireTests/ResolutionTableTests.swift:\(pingLine)
                  path: Ping → Pong → Ping
                  fix: Break the cycle: resolve one side through a `Provider` or `Lazy`, or turn a factory into an Injectable class in the `.graph` scope, which is filled after it is created.
                """)
    }
}
