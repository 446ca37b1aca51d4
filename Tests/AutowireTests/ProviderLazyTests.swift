import Autowire
import Foundation
import Synchronization
import Testing

private let lazyCreations = Atomic<Int>(0)
private let slowIndexCreations = Atomic<Int>(0)

private final class Report: Injectable {
    static var scope: Scope { .transient }
}
private final class ExpensiveIndex: Injectable {
    required init() { lazyCreations.add(1, ordering: .relaxed) }
}
/// Not a singleton, so only the `Lazy` keeps it to one instance; slow to create, so that the
/// threads calling `get()` together all arrive while the first call is still creating it.
private final class SlowIndex: Injectable {
    static var scope: Scope { .transient }
    required init() {
        slowIndexCreations.add(1, ordering: .relaxed)
        usleep(50_000)
    }
}
private final class ReportScreen: Injectable {
    var makeReport: Provider<Report>!
    var index: Lazy<ExpensiveIndex>!
    static let dependencies: [Dependency<ReportScreen>] = [.inject(\.makeReport), .inject(\.index)]
}
private final class SharedClock: Injectable {
    static var scope: Scope { .singleton }
}
private final class ClockUser: Injectable {
    var clock: Provider<SharedClock>!
    static let dependencies: [Dependency<ClockUser>] = [.inject(\.clock)]
}

// An all-transient cycle closed by a Provider on one side and a Lazy on the other.
private final class Parent: Injectable {
    static var scope: Scope { .transient }
    var child: Child!
    static let dependencies: [Dependency<Parent>] = [.inject(\.child)]
}
private final class Child: Injectable {
    static var scope: Scope { .transient }
    var parent: Provider<Parent>!
    var lazyParent: Lazy<Parent>!
    static let dependencies: [Dependency<Child>] = [.inject(\.parent), .inject(\.lazyParent)]
}

@Suite struct ProviderLazyTests {
    @Test func aProviderResolvesAnewOnEveryGet() throws {
        let container = Container()
        let screen = try container.resolve(ReportScreen.self)
        #expect(try screen.makeReport.get() !== screen.makeReport.get())
    }

    @Test func aProviderRespectsTheSingletonScope() throws {
        let container = Container()
        let user = try container.resolve(ClockUser.self)
        #expect(try user.clock.get() === container.resolve(SharedClock.self))
    }

    @Test func aLazyResolvesOnceOnFirstGet() throws {
        let container = Container()
        let screen = try container.resolve(ReportScreen.self)
        let before = lazyCreations.load(ordering: .relaxed)
        let first = try screen.index.get()
        let second = try screen.index.get()
        #expect(first === second)
        #expect(lazyCreations.load(ordering: .relaxed) == before + 1)
    }

    @Test func concurrentFirstGetsOfALazyResolveOnce() throws {
        let container = Container()
        let lazy = try container.resolve(Lazy<SlowIndex>.self)
        let seen = Locked<[ObjectIdentifier]>([])
        let errors = Locked<[String]>([])
        let finished = runOnThreads(8, timeout: .seconds(30)) { _ in
            do {
                let index = try lazy.get()
                seen.withLock { $0.append(ObjectIdentifier(index)) }
            } catch {
                errors.withLock { $0.append("\(error)") }
            }
        }
        #expect(finished, "the threads calling get() did not finish within 30 s")
        #expect(errors.withLock { $0 } == [])
        #expect(slowIndexCreations.load(ordering: .relaxed) == 1)
        let identities = seen.withLock { $0 }
        #expect(identities.count == 8)
        #expect(try Set(identities) == [ObjectIdentifier(lazy.get())])
        withExtendedLifetime(container) {}
    }

    @Test func providersAndLaziesCloseATransientCycle() throws {
        let container = Container()
        let parent = try container.resolve(Parent.self)
        let viaProvider = try parent.child.parent.get()
        let viaLazy = try parent.child.lazyParent.get()
        #expect(viaProvider !== parent)
        #expect(try viaLazy === parent.child.lazyParent.get())
    }

    @Test func aProviderCanBeResolvedDirectly() throws {
        let container = Container()
        let provider = try container.resolve(Provider<Report>.self)
        #expect(try provider.get() !== provider.get())
    }

    @Test func aProviderOfSomethingUnprovidableIsAMissingBinding() throws {
        let error = captureResolutionError { try Container().resolve(Provider<any Sendable>.self) }
        #expect(error?.code == .missingBinding)
    }
}
