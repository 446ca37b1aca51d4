import Autowire
import Foundation
import Synchronization
import Testing

// Singletons that need each other in a cycle: A.b → B, B.a → A.
private final class CycleA: Injectable {
    static var scope: Scope { .singleton }
    var b: CycleB!
    static let dependencies: [Dependency<CycleA>] = [.inject(\.b)]
}
private final class CycleB: Injectable {
    static var scope: Scope { .singleton }
    var a: CycleA!
    var c: CycleC!
    static let dependencies: [Dependency<CycleB>] = [.inject(\.a), .inject(\.c)]
}
/// A third singleton in the ring, bound by a factory that resolves back into it.
private final class CycleC: Sendable {
    let aProvider: Provider<CycleA>
    init(aProvider: Provider<CycleA>) { self.aProvider = aProvider }
}

// A parent's bound singleton used both directly and through a child's own singleton. (Bound, so
// the child uses the parent's; an unbound Injectable would be autowired by the child for itself.)
private final class ParentClock: Injectable {
    static var scope: Scope { .singleton }
}
private final class ChildSession: Injectable {
    static var scope: Scope { .singleton }
    var clock: ParentClock!
    static let dependencies: [Dependency<ChildSession>] = [.inject(\.clock)]
}

// A Lazy whose first get creates a singleton, while another thread's singleton factory calls the
// same Lazy: the two locks involved must never be taken in opposite orders.
private final class LazyTarget: Injectable, Sendable {
    static var scope: Scope { .singleton }
}
/// Written once, by the container, before it is shared.
private final class LazyHolder: Injectable, @unchecked Sendable {
    static var scope: Scope { .singleton }
    var target: Lazy<LazyTarget>!
    static let dependencies: [Dependency<LazyHolder>] = [.inject(\.target)]
}
private final class LazyUser: Sendable {
    let target: LazyTarget
    init(target: LazyTarget) { self.target = target }
}

@Suite(.serialized) struct DeadlockTests {
    static let threads = 16
    static let rounds = 20

    @Test func threadsMeetingASingletonCycleAtOnceShareOneRing() throws {
        for round in 0..<Self.rounds {
            let container = try Container { binder in
                binder.bind(CycleC.self).scoped(.singleton).to { resolver in
                    CycleC(aProvider: try resolver.resolve(Provider<CycleA>.self))
                }
            }
            let seen = Locked<[ObjectIdentifier]>([])
            let errors = Locked<[String]>([])
            let finished = runOnThreads(Self.threads, timeout: .seconds(30)) { thread in
                do {
                    let a: CycleA
                    switch thread % 3 {
                    case 0: a = try container.resolve(CycleA.self)
                    case 1: a = try container.resolve(CycleB.self).a
                    default: a = try container.resolve(CycleC.self).aProvider.get()
                    }
                    let ring = try a.b.a === a && a.b.c.aProvider.get() === a
                    seen.withLock { $0.append(ring ? ObjectIdentifier(a) : ObjectIdentifier(CycleB.self)) }
                } catch {
                    errors.withLock { $0.append("\(error)") }
                }
            }
            #expect(finished, "round \(round) did not finish within 30 s")
            guard finished else { return }
            let identities = seen.withLock { Set($0) }
            let a = try container.resolve(CycleA.self)
            #expect(errors.withLock { $0 } == [], "round \(round)")
            #expect(identities == [ObjectIdentifier(a)], "round \(round)")
        }
    }

    @Test func childAndParentSingletonsCreatedAtOnceDoNotDeadlock() throws {
        for round in 0..<Self.rounds {
            let parent = try Container { binder in
                binder.bind(ParentClock.self).scoped(.singleton).to(ParentClock.self)
            }
            let child = try parent.child { binder in
                binder.bind(ChildSession.self).scoped(.singleton).to(ChildSession.self)
            }
            let clocks = Locked<[ObjectIdentifier]>([])
            let finished = runOnThreads(Self.threads, timeout: .seconds(30)) { thread in
                let clock: ParentClock? =
                    thread.isMultiple(of: 2)
                    ? try? parent.resolve(ParentClock.self) : try? child.resolve(ChildSession.self).clock
                clocks.withLock { $0.append(clock.map(ObjectIdentifier.init) ?? ObjectIdentifier(ChildSession.self)) }
            }
            #expect(finished, "round \(round) did not finish within 30 s")
            guard finished else { return }
            let expected = try ObjectIdentifier(parent.resolve(ParentClock.self))
            #expect(clocks.withLock { Set($0) } == [expected], "round \(round)")
        }
    }

    @Test func aLazyFirstGetRacingASingletonFactoryThatCallsItDoesNotDeadlock() throws {
        let container = try Container { binder in
            binder.bind(LazyUser.self).scoped(.singleton).to { resolver in
                let holder = try resolver.resolve(LazyHolder.self)
                // Give the other thread time to enter the Lazy first.
                usleep(50_000)
                return LazyUser(target: try holder.target.get())
            }
        }
        let holder = try container.resolve(LazyHolder.self)
        let targets = Locked<[ObjectIdentifier]>([])
        let finished = runOnThreads(2, timeout: .seconds(30)) { thread in
            if thread == 0 {
                let user = try? container.resolve(LazyUser.self)
                targets.withLock {
                    $0.append(user.map { ObjectIdentifier($0.target) } ?? ObjectIdentifier(LazyUser.self))
                }
            } else {
                usleep(10_000)
                let target = try? holder.target.get()
                targets.withLock { $0.append(target.map(ObjectIdentifier.init) ?? ObjectIdentifier(LazyHolder.self)) }
            }
        }
        #expect(finished, "a Lazy and a singleton factory deadlocked")
        guard finished else { return }
        #expect(try targets.withLock { Set($0) } == [ObjectIdentifier(container.resolve(LazyTarget.self))])
    }
}
