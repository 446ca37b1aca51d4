import Synchronization
import Testing

@testable import Autowire

// A resolve started from user code inside another resolve (an `init()`, a hook, a closure that
// captured the container) runs its root's program, linked to the resolve around it, unless that
// resolve is building something the program may build: then the program's variant fails as a
// cycle where it would make that again.

/// The container the types below resolve from inside their own resolves.
private let shared = Mutex<Container?>(nil)

private final class Ink: Injectable {}
/// Records which engine made it.
private final class Stamp: Injectable {
    var ink: Ink!
    let madeByProgram = ActiveResolutions.innermostRunsAProgram
    static let dependencies: [Dependency<Stamp>] = [.inject(\.ink)]
}
/// Resolves a stamp from its `init()`.
private final class Clerk: Injectable {
    var ink: Ink!
    let stamp: Stamp?
    init() { stamp = try? shared.withLock { $0 }?.resolve(Stamp.self) }
    static let dependencies: [Dependency<Clerk>] = [.inject(\.ink)]
}
/// Made by a closure that resolves a stamp from the container it captured.
private final class Envelope {
    let stamp: Stamp?
    init(stamp: Stamp?) { self.stamp = stamp }
}
/// The first message of the error resolving `type` from the shared container throws, if any.
private func messageResolving<T>(_ type: T.Type) -> String? {
    do {
        _ = try shared.withLock { $0 }?.resolve(type)
        return nil
    } catch {
        return error.diagnostics.first?.message
    }
}
/// Resolves itself from its `init()`: a cycle, whatever engine meets it.
private final class Echo: Injectable {
    let error: String?
    init() { error = messageResolving(Echo.self) }
}
/// Resolves, from its `init()`, a holder that needs it.
private final class Sender: Injectable {
    let error: String?
    init() { error = messageResolving(Receipt.self) }
}
private final class Receipt: Injectable {
    var sender: Sender!
    static let dependencies: [Dependency<Receipt>] = [.inject(\.sender)]
}
/// The first diagnostic of the error resolving `type` from the shared container throws, if any.
private func diagnosticResolving<T>(_ type: T.Type) -> Diagnostic? {
    do {
        _ = try shared.withLock { $0 }?.resolve(type)
        return nil
    } catch {
        return error.diagnostics.first
    }
}
/// Records whether a program made the last one: made before the resolve it is in fails.
private final class Pen: Injectable {
    static let madeByProgram = Mutex<Bool?>(nil)
    init() { Self.madeByProgram.withLock { $0 = ActiveResolutions.innermostRunsAProgram } }
}
/// Resolves, from its `init()`, a form that needs it after a pen.
private final class Author: Injectable {
    let failure: Diagnostic?
    init() { failure = diagnosticResolving(Form.self) }
}
private final class Form: Injectable {
    var pen: Pen!
    var author: Author!
    static let dependencies: [Dependency<Form>] = [.inject(\.pen), .inject(\.author)]
}
/// Made by a typed factory that resolves, from its body, a kit that needs a gadget after a pen.
private final class Gadget {
    let failure: Diagnostic?
    init(failure: Diagnostic?) { self.failure = failure }
}
private final class Kit: Injectable {
    var pen: Pen!
    var gadget: Gadget!
    static let dependencies: [Dependency<Kit>] = [.inject(\.pen), .inject(\.gadget)]
}
/// A closure's resolver, kept while the closure resolves from the container.
private let keptResolver = Mutex<Resolver?>(nil)
/// Resolves ink through the resolver of the closure whose resolve started its own.
private final class Courier: Injectable {
    let ink: Ink?
    init() { ink = try? keptResolver.withLock { $0 }?.resolve(Ink.self) }
}
private final class Parcel {
    let courier: Courier?
    let ink: Ink
    init(courier: Courier?, ink: Ink) {
        self.courier = courier
        self.ink = ink
    }
}

@Suite(.serialized) struct NestedTopLevelResolveTests {
    @Test func aResolveStartedInAnInitRunsItsProgram() throws {
        let container = Container()
        shared.withLock { $0 = container }
        defer { shared.withLock { $0 = nil } }
        for _ in 0..<3 {
            let clerk = try container.resolve(Clerk.self)
            let stamp = try #require(clerk.stamp)
            #expect(stamp.madeByProgram)
            // A resolve of its own: the clerk's ink is not the stamp's.
            #expect(stamp.ink !== clerk.ink)
        }
    }

    @Test func aResolveStartedInAClosureThatCapturedTheContainerRunsItsProgram() throws {
        let container = try Container { binder in
            binder.bind(Envelope.self).to { _ in Envelope(stamp: try shared.withLock { $0 }?.resolve(Stamp.self)) }
        }
        shared.withLock { $0 = container }
        defer { shared.withLock { $0 = nil } }
        for _ in 0..<3 {
            let stamp = try #require(try container.resolve(Envelope.self).stamp)
            #expect(stamp.madeByProgram)
        }
    }

    @Test func anInitThatResolvesItsOwnTypeStillMeetsTheCycle() throws {
        let container = Container()
        shared.withLock { $0 = container }
        defer { shared.withLock { $0 = nil } }
        for _ in 0..<2 {
            #expect(
                try container.resolve(Echo.self).error
                    == "Echo is needed again while an earlier Echo is still in its init() or injection, which "
                    + "resolved from the container, so the cycle can never close.")
        }
    }

    @Test func anInitThatResolvesWhatNeedsItsTypeGetsTheRebuiltError() throws {
        let container = Container()
        shared.withLock { $0 = container }
        defer { shared.withLock { $0 = nil } }
        for _ in 0..<2 {
            let sender = try container.resolve(Sender.self)
            #expect(
                sender.error
                    == "Sender is needed again while an earlier Sender is still in its init() or injection, which "
                    + "resolved from the container, so the cycle can never close.")
        }
    }

    @Test func aClosuresResolverWorksInsideAResolveTheClosureStarted() throws {
        let container = try Container { binder in
            binder.bind(Parcel.self).to { resolver in
                keptResolver.withLock { $0 = resolver }
                defer { keptResolver.withLock { $0 = nil } }
                let courier = try shared.withLock { $0 }?.resolve(Courier.self)
                return Parcel(courier: courier, ink: try resolver.resolve())
            }
        }
        shared.withLock { $0 = container }
        defer { shared.withLock { $0 = nil } }
        for _ in 0..<3 {
            let parcel = try container.resolve(Parcel.self)
            // The courier's ink is the parcel's resolve's one `.graph` ink.
            #expect(parcel.courier?.ink === parcel.ink)
        }
    }

    @Test func aResolveThatMeetsWhatTheResolveAroundItIsBuildingFailsInItsProgramThere() throws {
        let container = Container()
        shared.withLock { $0 = container }
        defer { shared.withLock { $0 = nil } }
        for _ in 0..<2 {
            Pen.madeByProgram.withLock { $0 = nil }
            let failure = try #require(try container.resolve(Author.self).failure)
            #expect(
                failure.message
                    == "Author is needed again while an earlier Author is still in its init() or injection, which "
                    + "resolved from the container, so the cycle can never close.")
            #expect(failure.path == ["Form.author", "Author"])
            // What the form's resolve made before it met the author.
            #expect(Pen.madeByProgram.withLock { $0 } == true)
        }
    }

    @Test func aResolveThatMeetsAFactoryTheResolveAroundItIsRunningFailsInItsProgramThere() throws {
        let container = try Container { binder in
            binder.bind(Gadget.self).to(factory: { Gadget(failure: diagnosticResolving(Kit.self)) })
        }
        shared.withLock { $0 = container }
        defer { shared.withLock { $0 = nil } }
        for _ in 0..<2 {
            Pen.madeByProgram.withLock { $0 = nil }
            let failure = try #require(try container.resolve(Gadget.self).failure)
            #expect(
                failure.message
                    == "Gadget is needed again while its factory is still running, so the cycle can never close.")
            #expect(failure.path == ["Kit.gadget", "Gadget"])
            #expect(Pen.madeByProgram.withLock { $0 } == true)
        }
    }
}
