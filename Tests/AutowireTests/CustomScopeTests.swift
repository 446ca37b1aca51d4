import Foundation
import Synchronization
import Testing

@testable import Autowire

private enum Session: CustomScope {}
private enum Workspace: CustomScope {}

private final class SessionStore: Injectable {
    static var scope: Scope { .custom(Session.self) }
}

/// Needs the store of its own session.
private final class SessionProfile: Injectable {
    static var scope: Scope { .custom(Session.self) }
    var store: SessionStore!
    static let dependencies: [Dependency<SessionProfile>] = [.inject(\.store)]
}

private final class Clock: Injectable {
    static var scope: Scope { .singleton }
}

/// A `.graph` root reaching two session objects and a plain singleton.
private final class SessionScreen: Injectable {
    var store: SessionStore!
    var profile: SessionProfile!
    var clock: Clock!
    static let dependencies: [Dependency<SessionScreen>] = [.inject(\.store), .inject(\.profile), .inject(\.clock)]
}

private final class Token {}

/// Resets the session when it is made: a reset that lands in the middle of a resolve.
private final class SessionEnd {}
private final class Cart: Injectable {
    static var scope: Scope { .custom(Workspace.self) }
    var end: SessionEnd!
    var profile: SessionProfile!
    static let dependencies: [Dependency<Cart>] = [.inject(\.end), .inject(\.profile)]
}
private final class CheckoutScreen: Injectable {
    var profile: SessionProfile!
    var cart: Cart!
    static let dependencies: [Dependency<CheckoutScreen>] = [.inject(\.profile), .inject(\.cart)]
}

/// Made by a closure that resolves a session profile: it runs in the program's joined resolution.
private final class Basket {
    let profile: SessionProfile
    init(profile: SessionProfile) { self.profile = profile }
}
/// Made by a closure after the basket's, which may reset the session.
private final class Receipt {}
/// Reads the session's store in the program itself, the basket's profile in a closure, and resets
/// in between (the program calls both closures before the store's region).
private final class TillScreen: Injectable {
    var store: SessionStore!
    var basket: Basket!
    var receipt: Receipt!
    static let dependencies: [Dependency<TillScreen>] = [.inject(\.store), .inject(\.basket), .inject(\.receipt)]
}

/// Reads the session's store in the program itself, then resets, then has a closure resolve a
/// profile, which needs the store.
private final class CounterScreen: Injectable {
    var store: SessionStore!
    var receipt: Receipt!
    var basket: Basket!
    static let dependencies: [Dependency<CounterScreen>] = [.inject(\.store), .inject(\.receipt), .inject(\.basket)]
}

private func tillContainer(resetting box: Locked<Container?>) throws -> Container {
    try Container { binder in
        binder.bind(Basket.self).to { resolver in Basket(profile: try resolver.resolve()) }
        binder.bind(Receipt.self).to { _ in
            box.withLock { $0 }?.reset(Session.self)
            return Receipt()
        }
    }
}

private final class Feed: Injectable {
    var cache: FeedCache!
    static let dependencies: [Dependency<Feed>] = [.inject(\.cache)]
}
private final class FeedCache: Injectable {
    static var scope: Scope { .singleton }
}

struct CustomScopeTests {
    @Test func aCustomScopedClassIsSharedUntilItsScopeIsReset() throws {
        let container = Container()
        let first = try container.resolve(SessionStore.self)
        #expect(try container.resolve(SessionStore.self) === first)
        container.reset(Session.self)
        let second = try container.resolve(SessionStore.self)
        #expect(second !== first)
        #expect(try container.resolve(SessionStore.self) === second)
    }

    @Test func aResetReleasesTheInstancesTheContainerKept() throws {
        let container = Container()
        weak var released: SessionStore?
        do { released = try container.resolve(SessionStore.self) }
        #expect(released != nil)
        container.reset(Session.self)
        #expect(released == nil)
    }

    @Test func aBindingScopedToACustomScopeIsSharedUntilReset() throws {
        let container = try Container { binder in
            binder.bind(Token.self).scoped(.custom(Session.self)).to { _ in Token() }
        }
        let first = try container.resolve(Token.self)
        #expect(try container.resolve(Token.self) === first)
        container.reset(Session.self)
        #expect(try container.resolve(Token.self) !== first)
    }

    @Test func resettingOneScopeLeavesTheOthersAlone() throws {
        let container = try Container { binder in
            binder.bind(Token.self).scoped(.custom(Workspace.self)).to { _ in Token() }
        }
        let token = try container.resolve(Token.self)
        let store = try container.resolve(SessionStore.self)
        container.reset(Session.self)
        #expect(try container.resolve(Token.self) === token)
        #expect(try container.resolve(SessionStore.self) !== store)
    }

    @Test func aResolveAfterAResetGetsNewInstancesOnTheProgramPathToo() throws {
        let container = Container()
        var screens: [SessionScreen] = []
        for _ in 0..<4 { screens.append(try container.resolve(SessionScreen.self)) }
        #expect(screens.allSatisfy { $0.store === screens[0].store && $0.profile === screens[0].profile })
        // The profile reads the store made earlier in the resolve: the program keeps it only once
        // the whole resolve succeeds.
        #expect(try container.hasProgram(of: SessionScreen.self))
        container.reset(Session.self)
        let after = try container.resolve(SessionScreen.self)
        #expect(after.store !== screens[0].store)
        #expect(after.profile !== screens[0].profile)
        #expect(after.profile.store === after.store)
        #expect(after.clock === screens[0].clock)
    }

    @Test func theScopeAppearsInGraphExportsByName() {
        #expect(Scope.custom(Session.self).description == "custom(Session)")
        #expect(Scope.custom(Session.self) == .custom(Session.self))
        #expect(Scope.custom(Session.self) != .custom(Workspace.self))
    }

    @Test func aResolveSeesOneLifetimeOfTheScopeWhenAResetLandsInTheMiddle() throws {
        let box = Locked<Container?>(nil)
        let container = try Container { binder in
            binder.bind(SessionEnd.self).to { _ in
                box.withLock { $0 }?.reset(Session.self)
                return SessionEnd()
            }
        }
        box.withLock { $0 = container }
        let screen = try container.resolve(CheckoutScreen.self)
        #expect(screen.profile === screen.cart.profile)
        let before = screen.profile!
        #expect(screen.profile.store === screen.cart.profile.store)
        // The reset took effect for the resolves after it.
        #expect(try container.resolve(SessionProfile.self) !== before)
        box.withLock { $0 = nil }
    }

    /// Before, the closure's resolution pinned the generation after the reset while the program had
    /// pinned the one before: the profile it made was kept in the new generation holding the old
    /// store, and the next resolves read a profile whose store was not the session's.
    @Test func aResetBetweenTheProgramsReadAndAClosuresResolveLeavesOneLifetimePerResolve() throws {
        let box = Locked<Container?>(nil)
        defer { box.withLock { $0 = nil } }
        let container = try tillContainer(resetting: box)
        box.withLock { $0 = container }
        let screen = try container.resolve(CounterScreen.self)
        #expect(try container.hasProgram(of: CounterScreen.self))
        #expect(screen.store === screen.basket.profile.store)
        box.withLock { $0 = nil }
        let profile = try container.resolve(SessionProfile.self)
        #expect(profile.store === (try container.resolve(SessionStore.self)))
        #expect(profile !== screen.basket.profile)
    }

    @Test func programRunsWithClosuresNeverSeeATornGraphWhileAnotherThreadResets() throws {
        let container = try tillContainer(resetting: Locked(nil))
        let torn = Atomic<Int>(0)
        let failed = Atomic<Int>(0)
        let done = Atomic<Int>(0)
        let resolvers = 3
        let finished = runOnThreads(resolvers + 1) { thread in
            if thread == resolvers {
                while done.load(ordering: .relaxed) < resolvers { container.reset(Session.self) }
                return
            }
            defer { done.add(1, ordering: .relaxed) }
            for _ in 0..<2_000 {
                do {
                    let screen = try container.resolve(TillScreen.self)
                    if screen.store !== screen.basket.profile.store { torn.add(1, ordering: .relaxed) }
                } catch {
                    failed.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(finished)
        #expect(torn.load(ordering: .relaxed) == 0)
        #expect(failed.load(ordering: .relaxed) == 0)
        #expect(try container.hasProgram(of: TillScreen.self))
    }

    @Test func resolvesOnOtherThreadsNeverSeeATornGraphWhileTheScopeIsReset() throws {
        let container = Container()
        let torn = Atomic<Int>(0)
        let failed = Atomic<Int>(0)
        let resolvers = 3
        let resolved = Atomic<Int>(0)
        let finished = runOnThreads(resolvers + 1) { thread in
            if thread == resolvers {
                // Resets spread over the resolves, rather than all done before they start.
                for _ in 0..<500 {
                    let target = resolved.load(ordering: .relaxed) + 5
                    while resolved.load(ordering: .relaxed) < target, resolved.load(ordering: .relaxed) < 3 * 3_000 {
                        sched_yield()
                    }
                    container.reset(Session.self)
                }
                return
            }
            for _ in 0..<3_000 {
                defer { resolved.add(1, ordering: .relaxed) }
                do {
                    let screen = try container.resolve(SessionScreen.self)
                    if screen.profile.store !== screen.store { torn.add(1, ordering: .relaxed) }
                } catch {
                    failed.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(finished)
        #expect(torn.load(ordering: .relaxed) == 0)
        #expect(failed.load(ordering: .relaxed) == 0)
        let settled = try container.resolve(SessionScreen.self)
        #expect(try container.resolve(SessionScreen.self).profile === settled.profile)
        #expect(settled.profile.store === settled.store)
    }

    @Test func concurrentFirstRequestsAfterAResetShareOneInstance() throws {
        let container = Container()
        _ = try container.resolve(SessionStore.self)
        container.reset(Session.self)
        let seen = Locked<[ObjectIdentifier]>([])
        let finished = runOnThreads(4) { _ in
            if let store = try? container.resolve(SessionStore.self) {
                seen.withLock { $0.append(ObjectIdentifier(store)) }
            }
        }
        #expect(finished)
        #expect(seen.withLock { Set($0).count == 1 && $0.count == 4 })
    }

    @Test func aContainerWithResettableSingletonsCreatesNewOnesAfterAReset() throws {
        let container = try Container { binder in binder.makeSingletonsResettable() }
        var feeds: [Feed] = []
        for _ in 0..<4 { feeds.append(try container.resolve(Feed.self)) }
        #expect(feeds.allSatisfy { $0.cache === feeds[0].cache })
        try container.resetSingletons()
        let after = try container.resolve(Feed.self)
        #expect(after.cache !== feeds[0].cache)
        #expect(try container.resolve(Feed.self).cache === after.cache)
    }

    @Test func aChildsSingletonsCanBeResetWithoutTouchingTheParents() throws {
        let parent = try Container { binder in
            binder.bind(Token.self).scoped(.singleton).to { _ in Token() }
        }
        let child = try parent.child { binder in
            binder.makeSingletonsResettable()
            binder.bind(Clock.self).scoped(.singleton).to { _ in Clock() }
        }
        let token = try child.resolve(Token.self)
        let clock = try child.resolve(Clock.self)
        try child.resetSingletons()
        #expect(try child.resolve(Clock.self) !== clock)
        #expect(try child.resolve(Token.self) === token)
    }

    @Test func resettingSingletonsOfAContainerThatDidNotAllowItThrows() {
        let error = captureResolutionError { try Container().resetSingletons() }
        #expect(
            error?.description == """
                error[singletons-not-resettable]: resetSingletons() was called on a container whose singletons were not made resettable.
                  fix: Call `binder.makeSingletonsResettable()` where the container is built (its singletons then cost a lock per read), or give the instances to reset a custom scope and reset that: `.scoped(.custom(Session.self))`, `container.reset(Session.self)`.
                """)
    }
}
