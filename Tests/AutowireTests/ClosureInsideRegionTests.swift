import Synchronization
import Testing

@testable import Autowire

// A closure factory called while a singleton or a `.weak` object is being created: inside the
// object's region of a resolve program, or as the object's own factory. The program joins a
// resolution for the closure from its first instruction, in which a singleton's region is a
// creation frame and a `.weak` object's marks what is made as kept: the first resolve runs the
// program. Once a singleton exists its region is gone, and the
// program is lowered again without joining.

private let ledgerFails = Atomic<Bool>(false)
private let ledgersMade = Atomic<Int>(0)

/// Made by a closure, in the `.graph` scope.
private final class Clock {}

/// A singleton that reads the closure's clock.
private final class Vault: Injectable {
    static var scope: Scope { .singleton }
    var clock: Clock!
    static let dependencies: [Dependency<Vault>] = [.inject(\.clock)]
}

private final class Teller: Injectable {
    var vault: Vault!
    var clock: Clock!
    static let dependencies: [Dependency<Teller>] = [.inject(\.vault), .inject(\.clock)]
}

/// A `.weak` object that reads the closure's clock: its region stays in every program.
private final class Drawer: Injectable {
    static var scope: Scope { .weak }
    var clock: Clock!
    static let dependencies: [Dependency<Drawer>] = [.inject(\.clock)]
}

private final class Cashier: Injectable {
    var drawer: Drawer!
    static let dependencies: [Dependency<Cashier>] = [.inject(\.drawer)]
}

/// A `.weak` object made by a closure that keeps its resolver.
private final class WeakCourier: Sendable {
    let resolver: Resolver
    init(resolver: Resolver) { self.resolver = resolver }
}
private final class Route: Injectable {
    var courier: WeakCourier!
    static let dependencies: [Dependency<Route>] = [.inject(\.courier)]
}

/// A `.weak` hub whose signal's closure needs it back.
private final class WeakHub: Injectable {
    static var scope: Scope { .weak }
    var signal: WeakSignal!
    static let dependencies: [Dependency<WeakHub>] = [.inject(\.signal)]
}
private final class WeakSignal {
    let spoke: WeakSpoke
    init(spoke: WeakSpoke) { self.spoke = spoke }
}
private final class WeakSpoke: Injectable {
    weak var hub: WeakHub?
    static let dependencies: [Dependency<WeakSpoke>] = [.inject(\.hub)]
}

/// A singleton made by a closure, which resolves the clock and keeps its resolver.
private final class Ledger: @unchecked Sendable {
    let clock: Clock
    let resolver: Resolver
    init(clock: Clock, resolver: Resolver) {
        self.clock = clock
        self.resolver = resolver
        ledgersMade.add(1, ordering: .relaxed)
    }
}

private final class Auditor: Injectable {
    var clock: Clock!
    var ledger: Ledger!
    static let dependencies: [Dependency<Auditor>] = [.inject(\.clock), .inject(\.ledger)]
}

/// A singleton whose closure asks for itself.
private final class Mirror {}

private struct LedgerFailed: Error {}

/// A singleton whose signal's closure needs it back, through a spoke: the cycle closes on the hub.
private final class Hub: Injectable {
    static var scope: Scope { .singleton }
    var signal: Signal!
    static let dependencies: [Dependency<Hub>] = [.inject(\.signal)]
}
private final class Spoke: Injectable {
    weak var hub: Hub?
    static let dependencies: [Dependency<Spoke>] = [.inject(\.hub)]
}
private final class Signal {
    let spoke: Spoke
    init(spoke: Spoke) { self.spoke = spoke }
}
private final class Tower: Injectable {
    var hub: Hub!
    static let dependencies: [Dependency<Tower>] = [.inject(\.hub)]
}

/// A protocol bound `.weak`: a program keeps the object, and holds it boxed as the protocol.
private protocol Gauge: AnyObject {
    var reading: Reading! { get }
}
private final class PressureGauge: Injectable, Gauge {
    var reading: Reading!
    static let dependencies: [Dependency<PressureGauge>] = [.inject(\.reading)]
}
/// Made by a closure that needs the gauge back, through a dial.
private final class Reading {
    let dial: Dial
    init(dial: Dial) { self.dial = dial }
}
private final class Dial: Injectable {
    var gauge: (any Gauge)!
    static let dependencies: [Dependency<Dial>] = [.inject(\.gauge)]
}
private final class Panel: Injectable {
    var gauge: (any Gauge)!
    static let dependencies: [Dependency<Panel>] = [.inject(\.gauge)]
}

/// The same cycle through a protocol bound as a singleton, and as a `.graph` object (bound in
/// that scope: one object per resolve, which the protocol's own producer makes).
private protocol Meter: AnyObject {
    var reading: MeterReading! { get }
}
private final class FlowMeter: Injectable, Meter {
    var reading: MeterReading!
    static let dependencies: [Dependency<FlowMeter>] = [.inject(\.reading)]
}
private protocol Sensor: AnyObject {
    var reading: SensorReading! { get }
}
private final class HeatSensor: Injectable, Sensor {
    var reading: SensorReading!
    static let dependencies: [Dependency<HeatSensor>] = [.inject(\.reading)]
}
private final class MeterReading {
    let meter: any Meter
    init(meter: any Meter) { self.meter = meter }
}
private final class SensorReading {
    let sensor: any Sensor
    init(sensor: any Sensor) { self.sensor = sensor }
}
private final class Console: Injectable {
    var meter: (any Meter)!
    var sensor: (any Sensor)!
    static let dependencies: [Dependency<Console>] = [.inject(\.meter), .inject(\.sensor)]
}

private func container() throws -> Container {
    try Container { binder in
        binder.bind(Clock.self).to { _ in Clock() }
        binder.bind(Ledger.self).scoped(.singleton).to { resolver in
            if ledgerFails.load(ordering: .relaxed) { throw LedgerFailed() }
            return Ledger(clock: try resolver.resolve(), resolver: resolver)
        }
        binder.bind(Mirror.self).scoped(.singleton).to { resolver in try resolver.resolve(Mirror.self) }
        binder.bind(Signal.self).to { resolver in Signal(spoke: try resolver.resolve()) }
        binder.bind(WeakSignal.self).to { resolver in WeakSignal(spoke: try resolver.resolve()) }
        binder.bind(WeakCourier.self).scoped(.weak).to { resolver in WeakCourier(resolver: resolver) }
        binder.bind((any Gauge).self).scoped(.weak).to(PressureGauge.self)
        binder.bind(Reading.self).to { resolver in Reading(dial: try resolver.resolve()) }
        binder.bind((any Meter).self).scoped(.singleton).to(FlowMeter.self)
        binder.bind(MeterReading.self).to { resolver in MeterReading(meter: try resolver.resolve()) }
        binder.bind((any Sensor).self).scoped(.graph).to(HeatSensor.self)
        binder.bind(SensorReading.self).to { resolver in SensorReading(sensor: try resolver.resolve()) }
    }
}

@Suite(.serialized) struct ClosureInsideRegionTests {
    @Test func aRootWhoseSingletonReadsAClosureIsMadeByItsProgramFromTheFirstResolve() throws {
        let container = try container()
        let first = try container.resolve(Teller.self)
        #expect(try container.hasProgram(of: Teller.self))
        let second = try container.resolve(Teller.self)
        #expect(second.vault === first.vault)
        #expect(first.vault.clock === first.clock)
        #expect(second.clock !== first.clock)
    }

    /// The drawer is kept weakly: its region stays in every program, which joins the resolution
    /// from its start for the clock's closure, and marks what is made there as kept.
    @Test func aRootWhoseWeakObjectReadsAClosureRunsAProgram() throws {
        let container = try container()
        let cashier = try container.resolve(Cashier.self)
        #expect(try container.hasProgram(of: Cashier.self))
        let again = try container.resolve(Cashier.self)
        #expect(again.drawer === cashier.drawer)
        #expect(again.drawer.clock === cashier.drawer.clock)
        weak let drawer = cashier.drawer
        _ = consume cashier
        _ = consume again
        #expect(drawer == nil)
        #expect(try container.resolve(Cashier.self).drawer.clock != nil)
    }

    /// A `.weak` object made by a closure, which keeps its resolver: made by the program, in the
    /// weak object's region; its resolver holds the container weakly.
    @Test func aWeakObjectMadeByAClosureIsMadeByTheProgram() throws {
        weak var weakContainer: Container?
        var courier: WeakCourier?
        do {
            let container = try container()
            weakContainer = container
            let route = try container.resolve(Route.self)
            #expect(try container.hasProgram(of: Route.self))
            #expect(try container.resolve(Route.self).courier === route.courier)
            courier = route.courier
        }
        #expect(weakContainer == nil)
        let error = captureResolutionError { _ = try courier?.resolver.resolve(Clock.self) }
        #expect(error?.code == .containerReleased)
    }

    /// The weak hub's signal is made by a closure whose resolver needs the hub back: one hub.
    @Test func aClosureCalledWhileAWeakObjectIsFilledFindsItThroughACycle() throws {
        let container = try container()
        let hub = try container.resolve(WeakHub.self)
        #expect(hub.signal.spoke.hub === hub)
        #expect(try container.resolve(WeakHub.self) === hub)
    }

    /// The ledger's closure runs in the program's creation frame: it shares the resolve's clock,
    /// and its resolver holds the container weakly, as a singleton's always does.
    @Test func aSingletonsClosureIsCalledByTheFirstResolvesProgram() throws {
        weak var weakContainer: Container?
        weak var ledger: Ledger?
        var keptResolver: Resolver?
        do {
            let container = try container()
            weakContainer = container
            let made = ledgersMade.load(ordering: .relaxed)
            let auditor = try container.resolve(Auditor.self)
            #expect(try container.hasProgram(of: Auditor.self))
            #expect(ledgersMade.load(ordering: .relaxed) == made + 1)
            #expect(auditor.ledger.clock === auditor.clock)
            #expect(try container.resolve(Auditor.self).ledger === auditor.ledger)
            #expect(try container.resolve(Ledger.self) === auditor.ledger)
            ledger = auditor.ledger
            keptResolver = auditor.ledger.resolver
        }
        #expect(weakContainer == nil)
        #expect(ledger == nil)
        let error = captureResolutionError { _ = try keptResolver?.resolve(Clock.self) }
        #expect(error?.code == .containerReleased)
    }

    /// A failed creation publishes nothing: the next resolve calls the closure again.
    @Test func aSingletonWhoseClosureFailsInTheProgramIsMadeByTheNextResolve() throws {
        let container = try container()
        let made = ledgersMade.load(ordering: .relaxed)
        ledgerFails.store(true, ordering: .relaxed)
        let error = captureResolutionError { try container.resolve(Auditor.self) }
        ledgerFails.store(false, ordering: .relaxed)
        #expect(error?.code == .factoryFailed)
        #expect(error?.diagnostics.first?.path == ["Auditor.ledger", "Ledger"])
        let auditor = try container.resolve(Auditor.self)
        #expect(ledgersMade.load(ordering: .relaxed) == made + 1)
        #expect(try container.resolve(Ledger.self) === auditor.ledger)
    }

    @Test func aSingletonsClosureThatAsksForItselfIsAnUnclosableCycle() throws {
        let error = captureResolutionError { try container().resolve(Mirror.self) }
        #expect(error?.code == .unclosableCycle)
        #expect(
            error?.diagnostics.first?.message
                == "Mirror is needed again while its factory is still running, so the cycle can never close.")
        #expect(error?.diagnostics.first?.path == ["Mirror", "Mirror"])
    }

    @Test(arguments: [false, true])
    func aClosureCalledWhileASingletonIsFilledFindsItThroughACycle(asRoot: Bool) throws {
        let container = try container()
        let hub = asRoot ? try container.resolve(Hub.self) : try container.resolve(Tower.self).hub!
        #expect(hub.signal.spoke.hub === hub)
        #expect(try container.resolve(Tower.self).hub === hub)
    }

    /// The gauge is held as a protocol, in a box: the program records the object itself in the
    /// resolution it joined once it is created, so the closure's resolve finds it (found by the
    /// randomized model test, seed 3120).
    @Test func aClosureInsideAWeakProtocolObjectsRegionFindsItThroughACycle() throws {
        let container = try container()
        for _ in 0..<2 {
            let panel = try container.resolve(Panel.self)
            #expect(try container.hasProgram(of: Panel.self))
            #expect(panel.gauge.reading.dial.gauge === panel.gauge)
        }
    }

    /// The same for a protocol bound as a singleton, and as a `.graph` object: the first resolve
    /// runs the program, and each closure's resolve finds the object being filled, by a nested
    /// program of its own.
    @Test func aClosureInsideAProtocolObjectsRegionFindsItThroughACycle() throws {
        let container = try container()
        let console = try container.resolve(Console.self)
        #expect(try container.hasProgram(of: Console.self))
        #expect(try container.hasNestedProgram(of: (any Sensor).self))
        #expect(console.meter.reading.meter === console.meter)
        #expect(console.sensor.reading.sensor === console.sensor)
        let again = try container.resolve(Console.self)
        #expect(again.meter === console.meter)
        #expect(again.sensor !== console.sensor)
        #expect(again.sensor.reading.sensor === again.sensor)
    }

    /// Eight threads meet the ledger at once, each in its program's creation frame: one closure
    /// call makes it, and each thread's weak drawer is filled in its own joined resolution.
    @Test func threadsCreatingASingletonByItsClosureAtOnceCallItOnce() throws {
        for _ in 0..<20 {
            let container = try container()
            let made = ledgersMade.load(ordering: .relaxed)
            let ledgers = Locked<[ObjectIdentifier]>([])
            let finished = runOnThreads(8) { _ in
                guard let auditor = try? container.resolve(Auditor.self), (try? container.resolve(Cashier.self)) != nil
                else { return }
                ledgers.withLock { $0.append(ObjectIdentifier(auditor.ledger)) }
            }
            #expect(finished)
            #expect(ledgersMade.load(ordering: .relaxed) == made + 1)
            #expect(ledgers.withLock { Set($0).count == 1 && $0.count == 8 })
        }
    }
}
