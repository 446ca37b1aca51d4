import Autowire
import Dispatch
import Foundation
import Synchronization
import Testing

/// Stands in for the main queue: a serial queue that one creation waits on with `sync` while the
/// queue itself resolves an unrelated singleton.
private let mainStandIn = DispatchQueue(label: "main stand-in")
private let standInIsResolving = DispatchSemaphore(value: 0)

/// The waits of the current round that timed out, by what they waited for.
private let timedOutWaits = Locked<[String]>([])

/// Waits at most five seconds for `semaphore`; a timeout is noted in `timedOutWaits` for the test to
/// fail on (the waits run inside `init()`s and threads, which cannot fail a test themselves).
private func wait(for semaphore: DispatchSemaphore, _ what: String) {
    if semaphore.wait(timeout: .now() + .seconds(5)) == .timedOut {
        timedOutWaits.withLock { $0.append(what) }
    }
}

/// The waits that timed out since the last call.
private func takeTimedOutWaits() -> [String] {
    timedOutWaits.withLock { waits in
        defer { waits = [] }
        return waits
    }
}

/// A singleton whose `init()` waits for the stand-in main queue, as UI code does with
/// `DispatchQueue.main.sync {}`.
private final class ImageCache: Injectable {
    static var scope: Scope { .singleton }
    required init() {
        wait(for: standInIsResolving, "ImageCache.init() waiting for the stand-in queue to resolve")
        mainStandIn.sync {}
    }
}
/// Unrelated to `ImageCache`: the stand-in main queue resolves it meanwhile.
private final class ThemeStore: Injectable {
    static var scope: Scope { .singleton }
}

// A parent singleton whose factory resolves from a child, while the child creates a singleton that
// needs another of the parent's singletons.
private final class AuditTrail: Injectable {
    static var scope: Scope { .singleton }
}
private final class Toolbar: Injectable {
    static var scope: Scope { .singleton }
}
private let sessionIsBeingCreated = DispatchSemaphore(value: 0)
private let shellFactoryIsRunning = DispatchSemaphore(value: 0)
/// A child-owned singleton (it needs a child-only binding) that needs the parent's `AuditTrail`.
private final class UserSession: Injectable {
    static var scope: Scope { .singleton }
    var audit: AuditTrail!
    var user: String!
    static let dependencies: [Dependency<UserSession>] = [.inject(\.user, tag: UserName.self), .inject(\.audit)]
    required init() {
        sessionIsBeingCreated.signal()
        wait(for: shellFactoryIsRunning, "UserSession.init() waiting for the Shell factory")
    }
}
private enum UserName: Autowire.Tag { typealias Value = String }
/// Made by the parent's factory, which resolves the child's own `Toolbar`.
private final class Shell {
    let toolbar: Toolbar
    init(toolbar: Toolbar) { self.toolbar = toolbar }
}
/// Set once the child exists; read by the parent's factory.
private final class ChildBox: @unchecked Sendable {
    var child: Container?
}

@Suite(.serialized) struct CreationLockTests {
    static let rounds = 10

    /// Before, the background creation held the container's creation lock across `init()`, and the
    /// stand-in main queue waited for that lock to create an unrelated singleton: both hung.
    @Test func aCreationWaitingOnAQueueNeverBlocksThatQueueFromCreatingAnUnrelatedSingleton() throws {
        for round in 0..<Self.rounds {
            let container = Container()
            let done = DispatchGroup()
            let outcomes = Locked<[String]>([])
            DispatchQueue.global().async(group: done) {
                let made = (try? container.resolve(ImageCache.self)) != nil
                outcomes.withLock { $0.append(made ? "cache" : "cache failed") }
            }
            mainStandIn.async(group: done) {
                standInIsResolving.signal()
                let made = (try? container.resolve(ThemeStore.self)) != nil
                outcomes.withLock { $0.append(made ? "theme" : "theme failed") }
            }
            let finished = done.wait(timeout: .now() + .seconds(20)) == .success
            #expect(finished, "round \(round): the creations deadlocked")
            guard finished else { return }
            #expect(outcomes.withLock { Set($0) } == ["cache", "theme"], "round \(round)")
            #expect(takeTimedOutWaits() == [], "round \(round)")
        }
    }

    /// Before, the parent's factory held the parent's lock and waited for the child's, while the
    /// child's creation held the child's lock and waited for the parent's (ABBA).
    @Test func aParentFactoryResolvingFromAChildNeverDeadlocksWithTheChildCreatingFromTheParent() throws {
        for round in 0..<Self.rounds {
            let box = ChildBox()
            let parent = try Container { binder in
                binder.bind(AuditTrail.self).to(AuditTrail.self)
                binder.bind(Shell.self).scoped(.singleton).to { _ in
                    shellFactoryIsRunning.signal()
                    return Shell(toolbar: try box.child!.resolve(Toolbar.self))
                }
            }
            let child = try parent.child { binder in
                binder.bind(String.self).tagged(UserName.self).to(value: "ada")
                binder.bind(Toolbar.self).to(Toolbar.self)
            }
            box.child = child
            let outcomes = Locked<[String]>([])
            let finished = runOnThreads(2, timeout: .seconds(20)) { thread in
                if thread == 0 {
                    let made = (try? child.resolve(UserSession.self)) != nil
                    outcomes.withLock { $0.append(made ? "session" : "session failed") }
                } else {
                    wait(for: sessionIsBeingCreated, "the parent's thread waiting for UserSession.init()")
                    let made = (try? parent.resolve(Shell.self)) != nil
                    outcomes.withLock { $0.append(made ? "shell" : "shell failed") }
                }
            }
            #expect(finished, "round \(round): parent and child deadlocked")
            guard finished else { return }
            #expect(outcomes.withLock { Set($0) } == ["session", "shell"], "round \(round)")
            #expect(takeTimedOutWaits() == [], "round \(round)")
        }
    }
}
