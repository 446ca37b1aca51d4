import Synchronization
import Testing

@testable import Autowire

// A factory waits for its arguments; a closure making one of them resolves an object whose
// property needs that factory's product back. The factory cannot run again, so the property is
// written when it returns. The object is made by its nested program's waiting variant, which
// registers that wait where it meets the property. Each object records from its `init()` whether a
// program made it.

extension ActiveResolutions {
    /// Whether the innermost resolve on this thread builds by a program now: a top-level run, or a
    /// nested run inside a closure's resolution.
    fileprivate static var buildsByAProgram: Bool {
        guard let run = innermost(under: key) else { return false }
        guard let called = run.pointee.calledResolution else { return true }
        return called.pointee.innermostNestedRun != nil
    }
}

private protocol Posting: AnyObject {}

/// Made by a typed factory whose argument a closure makes.
private final class Post: Posting {
    let desk: Desk
    init(desk: Desk) { self.desk = desk }
}

/// Made by a closure that resolves the watcher.
private final class Desk {
    let watcher: Watcher
    init(watcher: Watcher) { self.watcher = watcher }
}

private final class Lamp: Injectable {}

/// Needs the post back, through a property, beside an object of its own graph.
private final class Watcher: Injectable {
    var lamp: Lamp!
    var post: Post!
    let madeByProgram = ActiveResolutions.buildsByAProgram
    /// Whether the post was written when the hook ran: the hook waits for it.
    var hookSawThePost = false
    static let dependencies: [Dependency<Watcher>] = [.inject(\.lamp), .inject(\.post)]
    func didInjectDependencies() { hookSawThePost = post != nil }
}

/// The same for a protocol bound to a typed factory, whose values are not class references.
private final class ProtocolWatcher: Injectable {
    var post: (any Posting)!
    let madeByProgram = ActiveResolutions.buildsByAProgram
    static let dependencies: [Dependency<ProtocolWatcher>] = [.inject(\.post)]
}

private final class ProtocolDesk {
    let watcher: ProtocolWatcher
    init(watcher: ProtocolWatcher) { self.watcher = watcher }
}

private final class ProtocolPost: Posting {
    let desk: ProtocolDesk
    init(desk: ProtocolDesk) { self.desk = desk }
}

/// A constructor that needs the post back: no property can wait, so the cycle never closes.
private final class Clerk {
    let post: Post
    init(post: Post) { self.post = post }
}

/// Whether each badge was made by a program (only `aConstructorThatMeetsTheRunningFactory…` makes
/// badges).
private let badgesMade = Locked<[Bool]>([])

/// Made for a cashier before its post, in a resolve that then meets the post's factory running.
private final class Badge: Injectable {
    init() { badgesMade.withLock { $0.append(ActiveResolutions.buildsByAProgram) } }
}

/// A constructor that needs the post back after a badge: the cycle fails where it meets the post.
private final class Cashier {
    init(badge: Badge, post: Post) {}
}

private protocol Device: AnyObject {}

/// Bound as `any Device`; its clock's closure is called while it is filled, inside the alias's
/// conversion of it.
private final class Machine: Injectable, Device {
    var clock: Clock!
    static let dependencies: [Dependency<Machine>] = [.inject(\.clock)]
}

/// Made by a closure that asks for a reader, which reads the device back.
private final class Clock {
    let reader: Reader
    init(reader: Reader) { self.reader = reader }
}

private final class Reader: Injectable {
    var device: (any Device)!
    let madeByProgram = ActiveResolutions.buildsByAProgram
    static let dependencies: [Dependency<Reader>] = [.inject(\.device)]
}

private final class Workshop: Injectable {
    var device: (any Device)!
    static let dependencies: [Dependency<Workshop>] = [.inject(\.device)]
}

/// Transient, made by a typed factory whose argument a closure makes: the closure records a stamp,
/// then asks for a ledger again, which it may make once (the stamp is progress since the factory
/// began), but not a level further down (nothing new recorded there).
private final class Ledger {
    let entry: Entry
    let madeByProgram = ActiveResolutions.buildsByAProgram
    init(entry: Entry) { self.entry = entry }
}

private final class Stamp: Injectable {}

private final class Entry {
    let stamp: Stamp
    let ledger: Ledger?
    let failure: String?
    init(stamp: Stamp, ledger: Ledger?, failure: String?) {
        self.stamp = stamp
        self.ledger = ledger
        self.failure = failure
    }
}

@Suite struct WaitingVariantTests {
    private func container(postScope: Scope = .graph) throws -> Container {
        try Container { binder in
            binder.bind(Post.self).scoped(postScope).to(factory: Post.init)
            binder.bind(Desk.self).to { r in Desk(watcher: try r.resolve()) }
        }
    }

    @Test func aPropertyOfANestedProgramWaitsForTheFactoryRunningAroundIt() throws {
        let container = try container()
        for _ in 0..<3 {
            let post = try container.resolve(Post.self)
            #expect(post.desk.watcher.post === post)
            #expect(post.desk.watcher.lamp != nil)
            #expect(post.desk.watcher.madeByProgram)
        }
    }

    @Test func theWaitingObjectsHookRunsOnceThePropertyIsWritten() throws {
        let container = try container()
        let post = try container.resolve(Post.self)
        #expect(post.desk.watcher.hookSawThePost)
    }

    @Test func aSingletonsFactoryIsWaitedForTheSameWay() throws {
        let container = try container(postScope: .singleton)
        let post = try container.resolve(Post.self)
        #expect(post.desk.watcher.post === post)
        #expect(post.desk.watcher.madeByProgram)
        #expect(try container.resolve(Post.self) === post)
    }

    @Test func aPropertyOfAProtocolWhoseFactoryIsRunningWaitsToo() throws {
        let container = try Container { binder in
            binder.bind((any Posting).self).to(factory: ProtocolPost.init)
            binder.bind(ProtocolDesk.self).to { r in ProtocolDesk(watcher: try r.resolve()) }
        }
        for _ in 0..<2 {
            let post = try #require(try container.resolve((any Posting).self) as? ProtocolPost)
            #expect(post.desk.watcher.post === post)
            #expect(post.desk.watcher.madeByProgram)
        }
    }

    @Test func aConstructorThatNeedsTheRunningFactoryStillFailsAsACycle() throws {
        let container = try Container { binder in
            binder.bind(Post.self).to(factory: Post.init)
            binder.bind(Desk.self).to { r in
                _ = try r.resolve(Clerk.self)
                return Desk(watcher: Watcher())
            }
            binder.bind(Clerk.self).to(factory: Clerk.init)
        }
        let error = captureResolutionError { try container.resolve(Post.self) }
        #expect(error?.code == .unclosableCycle)
        #expect(
            error?.diagnostics.first?.message
                == "Post is needed again while its factory is still running, so the cycle can never close.")
        #expect(error?.diagnostics.first?.path == ["Post", "Desk", "Clerk", "Post"])
    }

    @Test func aConstructorThatMeetsTheRunningFactoryFailsAsACycleInItsProgramAfterWhatItMadeFirst() throws {
        let container = try Container { binder in
            binder.bind(Post.self).to(factory: Post.init)
            binder.bind(Desk.self).to { r in
                _ = try r.resolve(Cashier.self)
                return Desk(watcher: Watcher())
            }
            binder.bind(Cashier.self).to(factory: Cashier.init)
        }
        for round in 1...2 {
            let error = captureResolutionError { try container.resolve(Post.self) }
            #expect(error?.code == .unclosableCycle)
            #expect(
                error?.diagnostics.first?.message
                    == "Post is needed again while its factory is still running, so the cycle can never close.")
            #expect(error?.diagnostics.first?.path == ["Post", "Desk", "Cashier", "Post"])
            // The badge, made before the cycle was met, by the cashier's program.
            #expect(badgesMade.withLock { $0 } == Array(repeating: true, count: round))
        }
    }

    @Test func anAliasConvertingAnObjectAClosureIsCalledInsideIsNoRunningFactoryForTheClosuresResolve() throws {
        let container = try Container { binder in
            binder.bind((any Device).self).to(Machine.self)
            binder.bind(Clock.self).to { r in Clock(reader: try r.resolve()) }
        }
        for _ in 0..<2 {
            let workshop = try container.resolve(Workshop.self)
            let machine = try #require(workshop.device as? Machine)
            #expect(machine.clock.reader.device === machine)
            // The reader's nested program ran: the alias's conversion around the closure's call
            // is no factory of the user's, so it is not marked as one running.
            #expect(machine.clock.reader.madeByProgram)
        }
    }

    @Test func aTransientFactoryRunningAroundTheResolveIsMadeAgainByTheProgramOnceTheCycleMadeProgress() throws {
        let container = try Container { binder in
            binder.bind(Ledger.self).scoped(.transient).to(factory: Ledger.init)
            binder.bind(Entry.self).scoped(.transient).to { (r: Resolver) -> Entry in
                let stamp: Stamp = try r.resolve()
                do {
                    return Entry(stamp: stamp, ledger: try r.resolve(Ledger.self), failure: nil)
                } catch {
                    return Entry(
                        stamp: stamp, ledger: nil, failure: (error as? ResolutionError)?.diagnostics.first?.message)
                }
            }
        }
        for _ in 0..<2 {
            let ledger = try container.resolve(Ledger.self)
            let inner = try #require(ledger.entry.ledger)
            #expect(inner !== ledger)
            #expect(inner.madeByProgram)
            #expect(inner.entry.stamp === ledger.entry.stamp)
            #expect(inner.entry.ledger == nil)
            #expect(
                inner.entry.failure
                    == "Ledger is needed again while its factory is still running, so the cycle can never close.")
        }
    }
}
