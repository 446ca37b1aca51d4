import Autowire
import Dispatch
import Testing

private final class Logger: Injectable {}
private final class Metrics: Injectable {
    var logger: Logger!
    static let dependencies: [Dependency<Metrics>] = [.inject(\.logger)]
}
/// Made by a factory that hands its resolver to another queue, as code that fans work out does.
/// Holds non-`Sendable` objects, but only ever reads them on the test's thread.
private final class Database: @unchecked Sendable {
    let metrics: [Metrics]
    init(metrics: [Metrics]) { self.metrics = metrics }
}
/// A wait in a factory that did not end in time.
private struct WaitTimedOut: Error, CustomStringConvertible {
    let description: String
}

/// Keeps the resolver it was given, to use it after the resolve that made it ended.
private final class Reporter {
    let resolver: Resolver
    init(resolver: Resolver) { self.resolver = resolver }
}

@Suite struct KeptResolverTests {
    /// The factory's resolver is used on other threads while the resolving thread is still inside
    /// the factory: each use must be a new resolve of its own, never a touch of the resolving
    /// thread's state (under ASan this was a stack-use-after-return; plain runs aborted).
    @Test func aResolverUsedOnAnotherQueueInsideItsFactoryStartsIndependentResolves() throws {
        for _ in 0..<50 {
            let container = try Container { binder in
                binder.bind(Database.self).scoped(.singleton).to { resolver in
                    let made = Locked<[Metrics]>([])
                    let group = DispatchGroup()
                    for _ in 0..<4 {
                        DispatchQueue.global().async(group: group) {
                            if let metrics = try? resolver.resolve(Metrics.self) {
                                made.withLock { $0.append(metrics) }
                            }
                        }
                    }
                    guard group.wait(timeout: .now() + .seconds(30)) == .success else {
                        throw WaitTimedOut(description: "the resolves on other queues did not finish within 30 s")
                    }
                    return Database(metrics: made.withLock { $0 })
                }
            }
            let database = try container.resolve(Database.self)
            #expect(database.metrics.count == 4)
            // Independent resolves: each has its own `.graph` Logger.
            #expect(Set(database.metrics.map { ObjectIdentifier($0.logger) }).count == 4)
        }
    }

    @Test func aResolverKeptAfterItsResolveEndedWorksFromAnyThread() throws {
        let container = try Container { binder in
            binder.bind(Reporter.self).to { resolver in Reporter(resolver: resolver) }
        }
        let resolver = try container.resolve(Reporter.self).resolver
        let made = Locked<[Metrics]>([])
        let finished = runOnThreads(8, timeout: .seconds(30)) { _ in
            if let metrics = try? resolver.resolve(Metrics.self) { made.withLock { $0.append(metrics) } }
        }
        #expect(finished)
        let metrics = made.withLock { $0 }
        #expect(metrics.count == 8)
        #expect(Set(metrics.map { ObjectIdentifier($0.logger) }).count == 8)
    }
}
