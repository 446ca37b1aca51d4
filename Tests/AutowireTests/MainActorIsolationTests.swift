import Foundation
import Synchronization
import Testing

@testable import Autowire

// Main-actor classes whose own dependencies are not main-actor ones (or who have none): only their
// isolated conformance says that they must be made on the main actor. Each test has its own
// classes, so that counts of `init()` calls do not mix when tests run in parallel.

private let toastsMade = Atomic<Int>(0)
private let bannersMade = Atomic<Int>(0)
private let badgesMade = Atomic<Int>(0)

@MainActor
private final class Toast: @MainActor Injectable {
    init() { toastsMade.add(1, ordering: .relaxed) }
}

private final class Notifier: Injectable {
    var toast: Toast!
    static let dependencies: [Dependency<Notifier>] = [.inject(\.toast)]
}

@MainActor
private final class Banner: @MainActor Injectable {
    let madeOnMainActor: Bool
    init() {
        bannersMade.add(1, ordering: .relaxed)
        madeOnMainActor = runsOnMainActor()
    }
}

private final class Announcer: Injectable {
    var banner: Banner!
    static let dependencies: [Dependency<Announcer>] = [.inject(\.banner)]
}

private final class Clock: Injectable {}

@MainActor
private final class Badge: @MainActor Injectable {
    var clock: Clock!
    init() { badgesMade.add(1, ordering: .relaxed) }
    static let dependencies: [Dependency<Badge>] = [.inject(\.clock)]
}

private final class Inbox: Injectable {
    var badge: Badge!
    static let dependencies: [Dependency<Inbox>] = [.inject(\.badge)]
}

private final class Plain: Injectable {
    let madeOnMainActor = runsOnMainActor()
    var clock: Clock!
    static let dependencies: [Dependency<Plain>] = [.inject(\.clock)]
}

/// Runs `body` on a new thread (never the main one) and waits for it at most ten seconds; nil
/// when it did not finish in time.
private func onBackgroundThread<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T? {
    let result = Locked<T?>(nil)
    let finished = runOnThreads(1, timeout: .seconds(10)) { _ in
        let value = body()
        result.withLock { $0 = value }
    }
    return finished ? result.withLock { $0 } : nil
}

@Suite struct MainActorIsolationTests {
    @Test func aMainActorDependencyOfANonisolatedClassIsRefusedOffTheMainThreadBeforeItsInitRuns() {
        let container = Container()
        let described = onBackgroundThread {
            captureResolutionError { try container.resolve(Notifier.self) }?.description
        }
        #expect(
            described == """
                error[main-actor-required]: Toast is isolated to the main actor but was resolved or injected off the main thread.
                  path: Notifier.toast → Toast
                  fix: Resolve or inject Toast from the main actor, for example in a `@MainActor` function or inside `await MainActor.run { … }`.
                """)
        #expect(toastsMade.load(ordering: .relaxed) == 0)
    }

    @Test @MainActor func aMainActorDependencyOfANonisolatedClassResolvesOnTheMainActor() throws {
        let announcer = try Container().resolve(Announcer.self)
        #expect(announcer.banner?.madeOnMainActor == true)
        #expect(bannersMade.load(ordering: .relaxed) == 1)
    }

    @Test @MainActor func onlyMainActorConformancesAreSeenAsIsolated() {
        #expect(MainActorIsolation.isMainActorIsolated(Toast.self))
        #expect(MainActorIsolation.isMainActorIsolated(Badge.self))
        #expect(!MainActorIsolation.isMainActorIsolated(Plain.self))
        #expect(!MainActorIsolation.isMainActorIsolated(Notifier.self))
    }

    @Test func aNonisolatedClassResolvesOffTheMainThread() {
        let container = Container()
        let madeOnMainActor = onBackgroundThread { () -> Bool? in
            guard let plain = try? container.resolve(Plain.self), plain.clock != nil else { return nil }
            return plain.madeOnMainActor
        }
        #expect(madeOnMainActor == .some(false))
    }

    @Test func validatingOffTheMainActorReportsAMainActorClassWithoutCreatingIt() {
        let container = Container()
        let described = onBackgroundThread {
            do {
                let report = try container.validate(Inbox.self)
                return "no error: \(report)"
            } catch {
                return "\(error)"
            }
        }
        #expect(
            described == """
                Validation of Inbox (3 types, 0 bindings) found 1 error:

                error[main-actor-required]: Badge is isolated to the main actor but was resolved or injected off the main thread.
                  path: Inbox.badge → Badge
                  fix: Resolve or inject Badge from the main actor, for example in a `@MainActor` function or inside `await MainActor.run { … }`.
                """)
        #expect(badgesMade.load(ordering: .relaxed) == 0)
    }
}
