import Foundation
import Synchronization
import Testing

@testable import Autowire

// A `.weak` object is made by the resolve program, in a region the program skips while the
// object lives (see `ResolveProgram`): these tests check that the program is the path taken, which
// objects live, which hooks run and which objects are shared when it skips the region, and that a
// failure inside the region releases its creation lock.

private let liveLogs = Atomic<Int>(0)
private let liveSessions = Atomic<Int>(0)
private let sessionHooks = Atomic<Int>(0)
private let hallsMade = Atomic<Int>(0)
private let drawerFails = Atomic<Bool>(false)

private final class Log: Injectable {
    init() { liveLogs.add(1, ordering: .relaxed) }
    deinit { liveLogs.subtract(1, ordering: .relaxed) }
}
private final class Session: Injectable {
    static var scope: Scope { .weak }
    var log: Log!
    init() { liveSessions.add(1, ordering: .relaxed) }
    deinit { liveSessions.subtract(1, ordering: .relaxed) }
    func didInjectDependencies() throws { sessionHooks.add(1, ordering: .relaxed) }
    static let dependencies: [Dependency<Session>] = [.inject(\.log)]
}
/// Its log is made before the session's region, which reads it last.
private final class Screen: Injectable {
    static var scope: Scope { .transient }
    var log: Log!
    var session: Session!
    var again: Session!
    static let dependencies: [Dependency<Screen>] = [.inject(\.log), .inject(\.session), .inject(\.again)]
}

private final class Drawer {}
private final class Cabinet: Injectable {
    static var scope: Scope { .weak }
    var drawer: Drawer!
    static let dependencies: [Dependency<Cabinet>] = [.inject(\.drawer)]
}
private final class Study: Injectable {
    static var scope: Scope { .transient }
    var cabinet: Cabinet!
    static let dependencies: [Dependency<Study>] = [.inject(\.cabinet)]
}

private final class Hall: Injectable, @unchecked Sendable {
    static var scope: Scope { .weak }
    var log: Log!
    init() { hallsMade.add(1, ordering: .relaxed) }
    static let dependencies: [Dependency<Hall>] = [.inject(\.log)]
}
private final class Lobby: Injectable, @unchecked Sendable {
    static var scope: Scope { .transient }
    var hall: Hall!
    static let dependencies: [Dependency<Lobby>] = [.inject(\.hall)]
}

private let lampsMade = Atomic<Int>(0)

/// Bound `.weak` to a typed factory.
private final class Lamp {
    let log: Log
    init(log: Log) {
        self.log = log
        lampsMade.add(1, ordering: .relaxed)
    }
}
private final class Porch: Injectable {
    static var scope: Scope { .transient }
    var lamp: Lamp!
    var log: Log!
    static let dependencies: [Dependency<Porch>] = [.inject(\.lamp), .inject(\.log)]
}

/// Made by a `.graph` typed factory from a `.weak` keeper whose property needs the gate back: the
/// property waits for the factory, and is written once it returns, after the keeper's region.
private final class Gate {
    let keeper: Keeper
    init(keeper: Keeper) { self.keeper = keeper }
}
private final class Keeper: Injectable {
    static var scope: Scope { .weak }
    var gate: Gate!
    static let dependencies: [Dependency<Keeper>] = [.inject(\.gate)]
}

/// Serialized: the suite counts live objects in globals.
@Suite(.serialized) struct WeakScopeProgramTests {
    @Test func aWeakObjectIsMadeByTheProgramOnceAndSharedWhileHeld() throws {
        let container = Container()
        sessionHooks.store(0, ordering: .relaxed)
        var screens = try (0..<3).map { _ in try container.resolve(Screen.self) }
        #expect(try container.hasProgram(of: Screen.self))
        #expect(screens.allSatisfy { $0.session === screens[0].session && $0.again === screens[0].session })
        // Made by the first resolve, whose log it shares; the others each made a log of their own.
        #expect(screens[0].session.log === screens[0].log && screens[1].log !== screens[0].log)
        #expect(sessionHooks.load(ordering: .relaxed) == 1)
        #expect(liveSessions.load(ordering: .relaxed) == 1)
        #expect(liveLogs.load(ordering: .relaxed) == 3)
        screens = []
        // The skipped regions released the logs they would have stored.
        #expect(liveSessions.load(ordering: .relaxed) == 0)
        #expect(liveLogs.load(ordering: .relaxed) == 0)
        let next = try container.resolve(Screen.self)
        #expect(next.session.log === next.log)
        #expect(sessionHooks.load(ordering: .relaxed) == 2)
    }

    @Test func aFailureWhileMakingAWeakObjectReleasesItsCreationLock() throws {
        let container = try Container { binder in
            binder.bind(Drawer.self).to(factory: { () throws -> Drawer in
                if drawerFails.load(ordering: .relaxed) { throw DrawerStuck() }
                return Drawer()
            })
        }
        drawerFails.store(true, ordering: .relaxed)
        let error = captureResolutionError { try container.resolve(Study.self) }
        drawerFails.store(false, ordering: .relaxed)
        #expect(try container.hasProgram(of: Study.self))
        #expect(error?.code == .factoryFailed)
        #expect(error?.path == ["Study.cabinet", "Cabinet.drawer", "Drawer"])
        // Another thread would wait for the lock forever if the failed region still held it.
        let made = onThread(timeout: .seconds(20)) { (try? container.resolve(Study.self)) != nil }
        #expect(made == true)
    }

    @Test func aWeakObjectMadeByATypedFactoryIsMadeByTheProgramOnceAndSharedWhileHeld() throws {
        let container = try Container { binder in binder.bind(Lamp.self).scoped(.weak).to(factory: Lamp.init) }
        lampsMade.store(0, ordering: .relaxed)
        var porches = try (0..<3).map { _ in try container.resolve(Porch.self) }
        #expect(try container.hasProgram(of: Porch.self))
        #expect(porches.allSatisfy { $0.lamp === porches[0].lamp })
        #expect(porches[0].lamp.log === porches[0].log)
        #expect(porches[1].lamp.log !== porches[1].log)
        #expect(lampsMade.load(ordering: .relaxed) == 1)
        porches = []
        let next = try container.resolve(Porch.self)
        #expect(next.lamp.log === next.log)
        #expect(lampsMade.load(ordering: .relaxed) == 2)
    }

    /// While the keeper lives, the next resolve skips its region: the new gate is not written
    /// into it, which keeps the gate it was made with.
    @Test func aPropertyThatWaitedForAFactoryIsWrittenOnlyWhenItsObjectsRegionRan() throws {
        let container = try Container { binder in
            binder.bind(Gate.self).to(factory: Gate.init(keeper:))
        }
        let first = try container.resolve(Gate.self)
        #expect(try container.hasProgram(of: Gate.self))
        #expect(first.keeper.gate === first)
        let second = try container.resolve(Gate.self)
        #expect(second !== first)
        #expect(second.keeper === first.keeper)
        #expect(second.keeper.gate === first)
    }

    @Test func threadsMeetingAWeakObjectAtOnceShareOne() throws {
        let container = Container()
        hallsMade.store(0, ordering: .relaxed)
        let lobbies = resolvedOnThreads(8) { try container.resolve(Lobby.self) }
        let halls = (lobbies ?? []).map { ObjectIdentifier($0.hall) }
        #expect(halls.count == 8)
        #expect(Set(halls).count == 1)
        #expect(hallsMade.load(ordering: .relaxed) == 1)
        #expect(try container.hasProgram(of: Lobby.self))
    }
}

private struct DrawerStuck: Error {}

// MARK: A protocol bound `.weak` to a factory

private let lanternsMade = Atomic<Int>(0)

/// Not class-bound: which instances are objects only the factory's product says.
private protocol Lantern {}
private final class OilLantern: Lantern {
    init() { lanternsMade.add(1, ordering: .relaxed) }
}
private struct PaperLantern: Lantern {}
/// Not `Log`: this suite runs beside `WeakScopeProgramTests`, which counts the logs alive.
private final class Wick: Injectable {}
/// Holds a lantern, made anew for each resolve.
private final class Veranda: Injectable {
    static var scope: Scope { .transient }
    var lantern: (any Lantern)!
    var wick: Wick!
    static let dependencies: [Dependency<Veranda>] = [.inject(\.lantern), .inject(\.wick)]
}

@Suite(.serialized) struct WeakProtocolProgramTests {
    @Test func aProtocolBoundWeakToAClosureOfAClassIsKeptByTheProgramWhileHeld() throws {
        let container = try Container { binder in
            binder.bind((any Lantern).self).scoped(.weak).to { _ in OilLantern() }
        }
        lanternsMade.store(0, ordering: .relaxed)
        var verandas = try (0..<3).map { _ in try container.resolve(Veranda.self) }
        #expect(try container.hasProgram(of: Veranda.self))
        #expect(verandas.allSatisfy { $0.lantern as AnyObject === verandas[0].lantern as AnyObject })
        #expect(lanternsMade.load(ordering: .relaxed) == 1)
        #expect(try container.resolve((any Lantern).self) as AnyObject === verandas[0].lantern as AnyObject)
        #expect(try container.hasProgram(of: (any Lantern).self))
        verandas = []
        // Released, it is made again.
        _ = try container.resolve(Veranda.self)
        #expect(lanternsMade.load(ordering: .relaxed) == 2)
    }

    @Test func aProtocolBoundWeakToATypedFactoryOfAClassIsKeptByTheProgramWhileHeld() throws {
        let container = try Container { binder in
            binder.bind((any Lantern).self).scoped(.weak).to(factory: OilLantern.init)
        }
        lanternsMade.store(0, ordering: .relaxed)
        let verandas = try (0..<3).map { _ in try container.resolve(Veranda.self) }
        #expect(try container.hasProgram(of: Veranda.self))
        #expect(verandas.allSatisfy { $0.lantern as AnyObject === verandas[0].lantern as AnyObject })
        #expect(lanternsMade.load(ordering: .relaxed) == 1)
    }

    @Test func aWeakProtocolWhoseClosureMakesAValueFailsInItsProgramAndReleasesTheLock() throws {
        let container = try Container { binder in
            binder.bind((any Lantern).self).scoped(.weak).to { _ in PaperLantern() }
        }
        for _ in 0..<2 {
            let error = captureResolutionError { try container.resolve(Veranda.self) }
            #expect(error?.code == .unsupportedScope)
            #expect(error?.path == ["Veranda.lantern", "Lantern"])
            #expect(
                error?.diagnostics.first?.message
                    == "Lantern is scoped `.weak` but its instance is not a class instance.")
        }
        #expect(try container.hasProgram(of: Veranda.self))
        // Another thread would wait for the lock forever if the failed region still held it.
        let failed = onThread(timeout: .seconds(20)) {
            captureResolutionError { try container.resolve(Veranda.self) } != nil
        }
        #expect(failed == true)
    }

    @Test func aWeakProtocolWhoseTypedFactoryMakesAValueFailsInItsProgram() throws {
        let container = try Container { binder in
            binder.bind((any Lantern).self).scoped(.weak).to(factory: { () -> any Lantern in PaperLantern() })
        }
        for _ in 0..<2 {
            let error = captureResolutionError { try container.resolve(Veranda.self) }
            #expect(error?.code == .unsupportedScope)
            #expect(error?.path == ["Veranda.lantern", "Lantern"])
        }
        #expect(try container.hasProgram(of: Veranda.self))
    }

    @Test func aValueBoundWeakToAClosureFailsInItsProgram() throws {
        let container = try Container { binder in binder.bind(Int.self).scoped(.weak).to { _ in 7 } }
        let error = captureResolutionError { try container.resolve(Int.self) }
        #expect(error?.code == .unsupportedScope)
        #expect(error?.path == ["Int"])
        #expect(try container.hasProgram(of: Int.self))
    }
}
