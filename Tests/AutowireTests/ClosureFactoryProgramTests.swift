import Synchronization
import Testing

@testable import Autowire

// A graph that reaches a closure factory runs as a resolve program that calls the closure in one
// resolution per run that shares the run's `.graph` objects (see `ClosureCall`): these tests check
// that one `.graph` object stays one instance across the program and its closures, whichever meets
// it first, that each hook runs once, and that a failure fails the whole run.

private final class Log: Injectable {
    static let hooks = Atomic<Int>(0)
    static let live = Atomic<Int>(0)
    init() { Self.live.add(1, ordering: .relaxed) }
    deinit { Self.live.subtract(1, ordering: .relaxed) }
    func didInjectDependencies() { Self.hooks.add(1, ordering: .relaxed) }
}

/// Made by a closure, which resolves the log.
private final class Repository {
    let log: Log
    init(log: Log) { self.log = log }
}

/// Made by a second closure, which resolves the log too.
private final class Audit {
    let log: Log
    init(log: Log) { self.log = log }
}

/// Meets the log before the closure that resolves it.
private final class Front: Injectable {
    var log: Log!
    var repository: Repository!
    static let dependencies: [Dependency<Front>] = [.inject(\.log), .inject(\.repository)]
}

/// Meets the log only after the closure that resolves it.
private final class Service: Injectable {
    var repository: Repository!
    var log: Log!
    static let hooks = Atomic<Int>(0)
    static let dependencies: [Dependency<Service>] = [.inject(\.repository), .inject(\.log)]
    func didInjectDependencies() {
        if repository != nil, log != nil { Self.hooks.add(1, ordering: .relaxed) }
    }
}

/// Two closures, and the log after both.
private final class Desk: Injectable {
    var repository: Repository!
    var audit: Audit!
    var log: Log!
    static let dependencies: [Dependency<Desk>] = [.inject(\.repository), .inject(\.audit), .inject(\.log)]
}

/// Reads the log; its hook counts the objects it saw complete.
private final class Meter: Injectable {
    var log: Log!
    static let completeOnHook = Atomic<Int>(0)
    static let dependencies: [Dependency<Meter>] = [.inject(\.log)]
    func didInjectDependencies() {
        if log != nil { Self.completeOnHook.add(1, ordering: .relaxed) }
    }
}

/// Meets the meter after a closure: the joined resolution makes it, reading the program's log.
private final class Cabin: Injectable {
    var log: Log!
    var repository: Repository!
    var meter: Meter!
    static let dependencies: [Dependency<Cabin>] = [.inject(\.log), .inject(\.repository), .inject(\.meter)]
}

private struct GaugeBroke: Error {}

/// Reads the log and refuses it in its hook, which waits for the end of the run.
private final class Gauge: Injectable {
    var log: Log!
    static let dependencies: [Dependency<Gauge>] = [.inject(\.log)]
    func didInjectDependencies() throws { throw GaugeBroke() }
}

/// Meets the gauge after a closure, so that its failing hook runs after the program's work.
private final class Panel: Injectable {
    static let live = Atomic<Int>(0)
    var log: Log!
    var repository: Repository!
    var gauge: Gauge!
    static let dependencies: [Dependency<Panel>] = [.inject(\.log), .inject(\.repository), .inject(\.gauge)]
    init() { Self.live.add(1, ordering: .relaxed) }
    deinit { Self.live.subtract(1, ordering: .relaxed) }
}

/// Filled by a `PropertyInjector`.
private final class Screen: PropertyInjectable {
    var repository: Repository!
    var log: Log!
    static let dependencies: [Dependency<Screen>] = [.inject(\.repository), .inject(\.log)]
}

private final class Loop {}

private final class Lens: Injectable {
    var loop: Loop!
    static let dependencies: [Dependency<Lens>] = [.inject(\.loop)]
}

private struct Unplugged: Error {}

/// Made by a closure that resolves the log and then fails.
private final class Socket {}

private final class Lamp: Injectable {
    var log: Log!
    var socket: Socket!
    static let dependencies: [Dependency<Lamp>] = [.inject(\.log), .inject(\.socket)]
}

/// Made by a closure that resolves the kiosk whose property it is.
private final class Clerk {
    weak var kiosk: Kiosk?
    init(kiosk: Kiosk) { self.kiosk = kiosk }
}

/// A `.graph` object met after a closure, whose own property is made by a closure that resolves it.
private final class Kiosk: Injectable {
    var clerk: Clerk!
    static let dependencies: [Dependency<Kiosk>] = [.inject(\.clerk)]
}

private final class Mall: Injectable {
    var repository: Repository!
    var kiosk: Kiosk!
    var again: Kiosk!
    static let dependencies: [Dependency<Mall>] = [.inject(\.repository), .inject(\.kiosk), .inject(\.again)]
}

private protocol Signing: AnyObject {}
private protocol Sealing: AnyObject {}

/// Bound as two protocols, one with instances of its own.
private final class Signet: Injectable, Signing, Sealing {}

/// Made by a closure that resolves both protocols.
private final class Notary {
    let signing: any Signing
    let sealing: any Sealing
    init(signing: any Signing, sealing: any Sealing) {
        self.signing = signing
        self.sealing = sealing
    }
}

/// Meets both protocols after the closure that resolved them.
private final class Registry: Injectable {
    var notary: Notary!
    var signing: (any Signing)!
    var sealing: (any Sealing)!
    static let dependencies: [Dependency<Registry>] = [.inject(\.notary), .inject(\.signing), .inject(\.sealing)]
}

/// Made by a closure that resolves the head of a chain of 150 `.graph` objects.
private final class Index {
    let chain: ChainNode<Deep150, Zero>
    init(chain: ChainNode<Deep150, Zero>) { self.chain = chain }
}
/// Makes the whole chain before the closure is called: more objects than a call's arguments can
/// hand to the resolution the program joins.
private final class Archive: Injectable {
    var chain: ChainNode<Deep150, Zero>!
    var index: Index!
    static let dependencies: [Dependency<Archive>] = [.inject(\.chain), .inject(\.index)]
}

private func container() throws -> Container {
    try Container { binder in
        binder.bind(Repository.self).to { resolver in Repository(log: try resolver.resolve()) }
        binder.bind(Clerk.self).to { resolver in Clerk(kiosk: try resolver.resolve()) }
        binder.bind((any Signing).self).to(Signet.self)
        binder.bind((any Sealing).self).scoped(.graph).to(Signet.self)
        binder.bind(Notary.self).to { resolver in
            Notary(signing: try resolver.resolve(), sealing: try resolver.resolve())
        }
        binder.bind(Audit.self).to { resolver in Audit(log: try resolver.resolve()) }
        binder.bind(Index.self).to { resolver in Index(chain: try resolver.resolve()) }
        binder.bind(Loop.self).to { resolver in
            _ = try resolver.resolve(Loop.self)
            return Loop()
        }
        binder.bind(Socket.self).to { resolver in
            _ = try resolver.resolve(Log.self)
            throw Unplugged()
        }
    }
}

@Suite(.serialized) struct ClosureFactoryProgramTests {
    @Test func aGraphObjectMadeBeforeAClosureIsTheOneTheClosureResolves() throws {
        let container = try container()
        let fronts = try (0..<2).map { _ in try container.resolve(Front.self) }
        #expect(try container.hasProgram(of: Front.self))
        for front in fronts { #expect(front.repository.log === front.log) }
        #expect(fronts[0].log !== fronts[1].log)
    }

    /// The program joins the closure's resolution from its start, recording each `.graph`
    /// object there as it makes it, rather than handing them over at the closure's call.
    @Test func aClosureCalledAfterMoreThan64GraphObjectsFindsTheOnesTheProgramMade() throws {
        let container = try container()
        let archives = try (0..<2).map { _ in try container.resolve(Archive.self) }
        #expect(try container.hasProgram(of: Archive.self))
        for archive in archives { #expect(archive.index.chain === archive.chain) }
        #expect(archives[0].chain !== archives[1].chain)
    }

    @Test func aGraphObjectAClosureResolvedIsTheOneTheProgramUsesAfterIt() throws {
        let container = try container()
        let services = try (0..<2).map { _ in try container.resolve(Service.self) }
        #expect(try container.hasProgram(of: Service.self))
        for service in services { #expect(service.log === service.repository.log) }
        #expect(services[0].log !== services[1].log)
    }

    @Test func twoClosuresOfOneRunShareTheirGraphObjectsWithTheProgram() throws {
        let container = try container()
        let desk = try container.resolve(Desk.self)
        #expect(try container.hasProgram(of: Desk.self))
        #expect(desk.repository.log === desk.log)
        #expect(desk.audit.log === desk.log)
    }

    @Test func eachHookRunsOnceWhenItsObjectIsComplete() throws {
        let container = try container()
        let (logHooks, serviceHooks) = (Log.hooks.load(ordering: .relaxed), Service.hooks.load(ordering: .relaxed))
        for _ in 0..<3 { _ = try container.resolve(Service.self) }
        #expect(try container.hasProgram(of: Service.self))
        #expect(Log.hooks.load(ordering: .relaxed) - logHooks == 3)
        #expect(Service.hooks.load(ordering: .relaxed) - serviceHooks == 3)
    }

    @Test func aHookOfAnObjectMadeAfterAClosureWaitsForTheEndOfTheRunAndRunsOnce() throws {
        let container = try container()
        let hooks = Meter.completeOnHook.load(ordering: .relaxed)
        for _ in 0..<3 {
            let cabin = try container.resolve(Cabin.self)
            #expect(cabin.meter.log === cabin.log)
            #expect(cabin.repository.log === cabin.log)
        }
        #expect(try container.hasProgram(of: Cabin.self))
        #expect(Meter.completeOnHook.load(ordering: .relaxed) - hooks == 3)
    }

    @Test func graphObjectsMetAfterAClosureAreMadeByTheProgramWhichUsesThoseTheClosuresMade() throws {
        let container = try container()
        let service = try container.resolve(Service.self)
        let cabin = try container.resolve(Cabin.self)
        // One call each, the closure's: the log and the meter are the program's own work.
        #expect(try container.factoryCalls(of: Service.self) == 1)
        #expect(try container.factoryCalls(of: Cabin.self) == 1)
        #expect(service.log === service.repository.log)
        #expect(cabin.meter.log === cabin.log && cabin.repository.log === cabin.log)
    }

    @Test func protocolsAClosureResolvedAreTheValuesTheProgramStoresAfterIt() throws {
        let container = try container()
        for _ in 0..<2 {
            let registry = try container.resolve(Registry.self)
            #expect(registry.signing === registry.notary.signing)
            #expect(registry.sealing === registry.notary.sealing)
        }
        #expect(try container.hasProgram(of: Registry.self))
    }

    @Test func aClosureCalledWhileTheProgramFillsAGraphObjectResolvesThatObject() throws {
        let container = try container()
        let mall = try container.resolve(Mall.self)
        #expect(try container.factoryCalls(of: Mall.self) == 2)
        #expect(mall.kiosk.clerk.kiosk === mall.kiosk)
        #expect(mall.again === mall.kiosk)
    }

    @Test func runsOnManyThreadsAtOnceEachShareTheirOwnGraph() throws {
        let container = try container()
        let mismatches = Atomic<Int>(0)
        let finished = runOnThreads(8) { _ in
            for _ in 0..<100 {
                guard let desk = try? container.resolve(Desk.self), desk.repository.log === desk.log,
                    desk.audit.log === desk.log
                else {
                    mismatches.add(1, ordering: .relaxed)
                    continue
                }
            }
        }
        #expect(finished)
        #expect(mismatches.load(ordering: .relaxed) == 0)
        #expect(try container.hasProgram(of: Desk.self))
    }

    @Test func aHookThatFailsAfterTheProgramFinishedFailsTheRunAndReleasesItsResult() throws {
        let container = try container()
        let (panels, logs) = (Panel.live.load(ordering: .relaxed), Log.live.load(ordering: .relaxed))
        for _ in 0..<3 {
            let error = #expect(throws: ResolutionError.self) { try container.resolve(Panel.self) }
            #expect(error?.underlyingError is GaugeBroke)
        }
        #expect(try container.hasProgram(of: Panel.self))
        #expect(Panel.live.load(ordering: .relaxed) == panels)
        #expect(Log.live.load(ordering: .relaxed) == logs)
    }

    @Test func aPropertyInjectorCallsClosureFactoriesFromItsProgram() throws {
        let container = try container()
        let injector = try container.propertyInjector(for: Screen.self)
        for _ in 0..<3 {
            let screen = Screen()
            try injector.inject(into: screen)
            #expect(screen.repository.log === screen.log)
        }
        #expect(ProgramWord.isProgram(injector.target?.programWord.load(ordering: .acquiring) ?? 0))
    }

    @Test func aClosureResolvingItsOwnBindingFailsAsACycleThroughItsProperty() throws {
        let program = try container()
        let programError = #expect(throws: ResolutionError.self) { try program.resolve(Lens.self) }
        #expect(try program.hasProgram(of: Lens.self))
        #expect(programError?.code == .unclosableCycle)
        #expect(programError?.path == ["Lens.loop", "Loop", "Loop"])
    }

    @Test func aFailingClosureFailsTheRunNamingThePropertyItFills() throws {
        let program = try container()
        let programError = #expect(throws: ResolutionError.self) { try program.resolve(Lamp.self) }
        #expect(try program.hasProgram(of: Lamp.self))
        #expect(programError?.code == .factoryFailed)
        #expect(programError?.path == ["Lamp.socket", "Socket"])
        #expect(programError?.underlyingError is Unplugged)
    }

    @Test func runsReleaseWhatTheirClosuresMadeWhetherTheyFailOrNot() throws {
        let program = try container()
        let before = Log.live.load(ordering: .relaxed)
        for _ in 0..<3 {
            #expect(throws: ResolutionError.self) { try program.resolve(Lamp.self) }
            _ = try program.resolve(Desk.self)
        }
        #expect(try program.hasProgram(of: Lamp.self))
        #expect(try program.hasProgram(of: Desk.self))
        #expect(Log.live.load(ordering: .relaxed) == before)
    }
}
