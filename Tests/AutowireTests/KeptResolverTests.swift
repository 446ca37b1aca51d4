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

/// Made by a factory that resolves through its own resolver and through one kept from an earlier
/// resolve.
private final class Pair {
    let own: Metrics
    let viaKept: Metrics
    init(own: Metrics, viaKept: Metrics) {
        self.own = own
        self.viaKept = viaKept
    }
}
/// A resolver that was not there when a factory needed it.
private struct NoKeptResolver: Error {}

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

    /// A factory's resolver borrows its container's bindings for the call; one the factory keeps
    /// holds them on its own, so it still resolves, closure bindings included, once nothing else
    /// holds the container.
    @Test func aKeptResolverStillResolvesAfterItsContainerIsGone() throws {
        weak var released: Container?
        let kept: Resolver = try {
            let container = try Container { binder in
                binder.bind(Reporter.self).to { resolver in Reporter(resolver: resolver) }
            }
            released = container
            return try container.resolve(Reporter.self).resolver
        }()
        #expect(released == nil)
        let metrics = try kept.resolve(Metrics.self)
        #expect(metrics.logger != nil)
        let reporter = try kept.resolve(Reporter.self)
        #expect(try reporter.resolver.resolve(Metrics.self) !== metrics)
    }

    /// A later resolve on the same thread reuses the stack slot of the earlier one's state: the
    /// kept resolver must still see that its own resolve ended, and not join the later graph.
    @Test func aResolverKeptFromAnEarlierResolveStaysOutOfALaterResolveOnTheSameThread() throws {
        let kept = Locked<Resolver?>(nil)
        let container = try Container { binder in
            binder.bind(Reporter.self).to { resolver in Reporter(resolver: resolver) }
            binder.bind(Pair.self).to { resolver in
                guard let earlier = kept.withLock({ $0 }) else { throw NoKeptResolver() }
                return Pair(own: try resolver.resolve(Metrics.self), viaKept: try earlier.resolve(Metrics.self))
            }
        }
        for _ in 0..<3 {
            let reporter = try container.resolve(Reporter.self)
            kept.withLock { $0 = reporter.resolver }
            let pair = try container.resolve(Pair.self)
            #expect(pair.own.logger !== pair.viaKept.logger)
        }
    }
}
