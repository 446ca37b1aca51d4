import Synchronization
import Testing

@testable import Autowire

// Autowired graphs run as resolve programs (see `ResolveProgram`): these tests check that the
// program is the path taken, and what it shares, releases and names when it fails.

private let liveParts = Atomic<Int>(0)
private let observedWrites = Atomic<Int>(0)

private final class Gear: Injectable {
    static var scope: Scope { .transient }
    init() { liveParts.add(1, ordering: .relaxed) }
    deinit { liveParts.subtract(1, ordering: .relaxed) }
}
private final class Axle: Injectable {
    static var scope: Scope { .transient }
    var left: Gear!
    var right: Gear!
    init() { liveParts.add(1, ordering: .relaxed) }
    deinit { liveParts.subtract(1, ordering: .relaxed) }
    static let dependencies: [Dependency<Axle>] = [.inject(\.left), .inject(\.right)]
}
/// A `.graph` cycle: its first resolve is lowered at once.
private final class PartLoop: Injectable {
    var partner: PartLoopPartner!
    static let dependencies: [Dependency<PartLoop>] = [.inject(\.partner)]
}
private final class PartLoopPartner: Injectable {
    var partner: PartLoop!
    static let dependencies: [Dependency<PartLoopPartner>] = [.inject(\.partner)]
}

private final class Cart: Injectable {
    var front: Axle!
    var rear: Axle!
    init() { liveParts.add(1, ordering: .relaxed) }
    deinit { liveParts.subtract(1, ordering: .relaxed) }
    static let dependencies: [Dependency<Cart>] = [.inject(\.front), .inject(\.rear)]
}

/// Graphs of 13 and 19 objects, and injections of 4, 13 and 19 (the target included): a run's
/// frame is on the stack up to 8 slots, then up to 16, and allocated beyond.
private final class AxleTrain13: Injectable {
    var a: Axle!, b: Axle!, c: Axle!, d: Axle!
    static let dependencies: [Dependency<AxleTrain13>] = [.inject(\.a), .inject(\.b), .inject(\.c), .inject(\.d)]
    var axles: [Axle] { [a, b, c, d] }
}
private final class AxleTrain19: Injectable {
    var a: Axle!, b: Axle!, c: Axle!, d: Axle!, e: Axle!, f: Axle!
    static let dependencies: [Dependency<AxleTrain19>] = [
        .inject(\.a), .inject(\.b), .inject(\.c), .inject(\.d), .inject(\.e), .inject(\.f),
    ]
    var axles: [Axle] { [a, b, c, d, e, f] }
}
private final class AxleRack4: PropertyInjectable {
    var a: Axle!
    static let dependencies: [Dependency<AxleRack4>] = [.inject(\.a)]
    var axles: [Axle] { [a] }
}
private final class AxleRack13: PropertyInjectable {
    var a: Axle!, b: Axle!, c: Axle!, d: Axle!
    static let dependencies: [Dependency<AxleRack13>] = [.inject(\.a), .inject(\.b), .inject(\.c), .inject(\.d)]
    var axles: [Axle] { [a, b, c, d] }
}
private final class AxleRack19: PropertyInjectable {
    var a: Axle!, b: Axle!, c: Axle!, d: Axle!, e: Axle!, f: Axle!
    static let dependencies: [Dependency<AxleRack19>] = [
        .inject(\.a), .inject(\.b), .inject(\.c), .inject(\.d), .inject(\.e), .inject(\.f),
    ]
    var axles: [Axle] { [a, b, c, d, e, f] }
}

/// Whether every axle is its own, with two gears of its own.
private func areDistinctAndComplete(_ axles: [Axle]) -> Bool {
    let gears = axles.flatMap { [$0.left, $0.right] }
    return Set(axles.map(ObjectIdentifier.init)).count == axles.count
        && gears.allSatisfy { $0 != nil }
        && Set(gears.map { ObjectIdentifier($0!) }).count == gears.count
}

private final class Ledger: Injectable {
    static var scope: Scope { .transient }
}
private final class Journal: Injectable {
    var ledger: Ledger!
    var shared: Clerk!
    static let dependencies: [Dependency<Journal>] = [.inject(\.ledger), .inject(\.shared)]
}
private final class Clerk: Injectable {}
private final class Office: Injectable {
    var journal: Journal!
    var ledger: Ledger!
    var clerk: Clerk!
    static let dependencies: [Dependency<Office>] = [.inject(\.journal), .inject(\.ledger), .inject(\.clerk)]
}

private final class Owner: Injectable {
    var pet: Pet!
    static let dependencies: [Dependency<Owner>] = [.inject(\.pet)]
}
private final class Pet: Injectable {
    weak var owner: Owner?
    static let dependencies: [Dependency<Pet>] = [.inject(\.owner)]
}

private final class Registrar: Injectable {
    static var scope: Scope { .singleton }
}
private final class Desk: Injectable {
    var registrar: Registrar!
    static let dependencies: [Dependency<Desk>] = [.inject(\.registrar)]
}

private struct Limits: Sendable { let retries: Int }
private protocol Greeting: Sendable { var text: String { get } }
private struct Hello: Greeting { let text = "hello" }
private final class Settings: Injectable {
    var limits: Limits?
    var greeting: (any Greeting)!
    var watched: Gear? { didSet { observedWrites.add(1, ordering: .relaxed) } }
    static let dependencies: [Dependency<Settings>] = [.inject(\.limits), .inject(\.greeting), .inject(\.watched)]
}

private final class Wheel {}
private final class Bike: Injectable {
    var wheel: Wheel!
    static let dependencies: [Dependency<Bike>] = [.inject(\.wheel)]
}
private final class Unicycle: Injectable {
    var wheel: Wheel?
    static let dependencies: [Dependency<Unicycle>] = [.optional(\.wheel)]
}

private final class Notebook: Injectable {
    var pages: Gear!
    var margin: Gear?
    static let dependencies: [Dependency<Notebook>] = [.inject(\.pages)]
}
private final class Shelf: Injectable {
    var first: Axle!
    var notebook: Notebook!
    init() { liveParts.add(1, ordering: .relaxed) }
    deinit { liveParts.subtract(1, ordering: .relaxed) }
    static let dependencies: [Dependency<Shelf>] = [.inject(\.first), .inject(\.notebook)]
}

private final class Form: PropertyInjectable {
    var clerk: Clerk!
    var registrar: Registrar!
    static let dependencies: [Dependency<Form>] = [.inject(\.clerk), .inject(\.registrar)]
}

private final class Fuel {
    init() { liveParts.add(1, ordering: .relaxed) }
    deinit { liveParts.subtract(1, ordering: .relaxed) }
}
private final class Engine {
    let fuel: Fuel
    let clerk: Clerk
    init(fuel: Fuel, clerk: Clerk) {
        self.fuel = fuel
        self.clerk = clerk
    }
}
private final class Station: Injectable {
    var engine: Engine!
    var spare: Engine!
    var clerk: Clerk!
    static let dependencies: [Dependency<Station>] = [.inject(\.engine), .inject(\.spare), .inject(\.clerk)]
}
private struct Empty: Error {}
private let fuelFails = Atomic<Bool>(false)
private let loopContainer = Locked<Container?>(nil)
private final class Loop {}
private final class LoopHolder: Injectable {
    var loop: Loop!
    static let dependencies: [Dependency<LoopHolder>] = [.inject(\.loop)]
}

/// Takes the same `.graph` object twice in one call: the first read is lent, the last one moved.
private final class Twins {
    let left: Fuel
    let right: Fuel
    init(left: Fuel, right: Fuel) {
        self.left = left
        self.right = right
        liveParts.add(1, ordering: .relaxed)
    }
    deinit { liveParts.subtract(1, ordering: .relaxed) }
}
private final class TwinsHolder: Injectable {
    var twins: Twins!
    var fuel: Fuel!
    static let dependencies: [Dependency<TwinsHolder>] = [.inject(\.twins), .inject(\.fuel)]
}
private class Tank {
    let limits: Limits
    let fuel: Fuel
    init(limits: Limits, fuel: Fuel) {
        self.limits = limits
        self.fuel = fuel
    }
}
private final class ArmoredTank: Tank {}
private final class TankHolder: Injectable {
    var tank: Tank!
    static let dependencies: [Dependency<TankHolder>] = [.inject(\.tank)]
}
private final class Convoy {
    let parts: [Fuel]
    init(_ a: Fuel, _ b: Fuel, _ c: Fuel, _ d: Fuel, _ e: Fuel, _ f: Fuel, _ g: Clerk) {
        parts = [a, b, c, d, e, f]
    }
}
private final class ConvoyHolder: Injectable {
    var convoy: Convoy!
    static let dependencies: [Dependency<ConvoyHolder>] = [.inject(\.convoy)]
}

private protocol Courier: AnyObject { var fuel: Fuel! { get } }
private final class Van: Courier, Injectable {
    var fuel: Fuel!
    static let dependencies: [Dependency<Van>] = [.inject(\.fuel)]
}
private class Vehicle {}
private final class Truck: Vehicle, Injectable {}
private final class Depot: Injectable {
    var courier: (any Courier)!
    var van: Van!
    var vehicle: Vehicle!
    static let dependencies: [Dependency<Depot>] = [.inject(\.courier), .inject(\.van), .inject(\.vehicle)]
}
private protocol Pump: AnyObject {}
private final class FuelPump: Pump {
    let fuel: Fuel
    init(fuel: Fuel) { self.fuel = fuel }
}
private final class Garage: Injectable {
    var pump: (any Pump)!
    var limits: Limits!
    static let dependencies: [Dependency<Garage>] = [.inject(\.pump), .inject(\.limits)]
}
private final class Spark {
    init() throws { throw Empty() }
}
private final class Plug: Injectable {
    var spark: Spark!
    static let dependencies: [Dependency<Plug>] = [.inject(\.spark)]
}
private protocol Ignition: AnyObject {}
extension Plug: Ignition {}
private final class Scooter: Injectable {
    var ignition: (any Ignition)!
    static let dependencies: [Dependency<Scooter>] = [.inject(\.ignition)]
}

private final class Workshop: Injectable {
    var spares: Provider<Gear>!
    var lazyAxle: Lazy<Axle>!
    var otherAxle: Lazy<Axle>!
    static let dependencies: [Dependency<Workshop>] = [
        .inject(\.spares), .inject(\.lazyAxle), .inject(\.otherAxle),
    ]
}

private enum Bay: Autowire.Tag { typealias Value = String }
private enum Spare: Autowire.Tag { typealias Value = Fuel }
private protocol Tool: AnyObject {}
private final class Wrench: Tool, Injectable {}
private final class Hammer: Tool, Injectable {}
private final class Bench {
    let bay: String
    let spare: Fuel
    let clerk: Clerk?
    let missing: Wheel?
    let tools: [any Tool]
    let byName: [String: any Tool]
    init(
        bay: Tagged<Bay>, spare: Tagged<Spare>, clerk: Clerk?, missing: Wheel?, tools: [any Tool],
        byName: [String: any Tool]
    ) {
        self.bay = bay.value
        self.spare = spare.value
        self.clerk = clerk
        self.missing = missing
        self.tools = tools
        self.byName = byName
    }
}
private final class BenchHolder: Injectable {
    var bench: Bench!
    var tools: [any Tool]!
    static let dependencies: [Dependency<BenchHolder>] = [.inject(\.bench), .inject(\.tools)]
}

private final class Screen {}
private final class Presenter: Injectable {
    static var scope: Scope { .transient }
    var screen: Screen!
    var backup: Screen!
    static let dependencies: [Dependency<Presenter>] = [.inject(\.screen), .inject(\.backup)]
}
private final class Badge: Injectable {
    static var scope: Scope { .transient }
    var screen: Screen? = Screen()
    static let dependencies: [Dependency<Badge>] = [.optional(\.screen)]
}
private final class Kiosk: Injectable {
    var injector: PropertyInjector<Form>!
    var children: ChildContainerFactory!
    static let dependencies: [Dependency<Kiosk>] = [.inject(\.injector), .inject(\.children)]
}

private struct Delivery: Sendable { let id: Int }
private final class Dispatcher: Injectable {
    var delivery: Delivery!
    var clerk: Clerk!
    var fuel: Fuel!
    static let dependencies: [Dependency<Dispatcher>] = [.inject(\.delivery), .inject(\.clerk), .inject(\.fuel)]
}

/// Transient, in a cycle through its `.graph` canvas: the canvas's sketch is a second sketch,
/// whose canvas is the first one's.
private final class Sketch: Injectable {
    static var scope: Scope { .transient }
    var canvas: Canvas!
    static let dependencies: [Dependency<Sketch>] = [.inject(\.canvas)]
}
private final class Canvas: Injectable {
    var sketch: Sketch!
    static let dependencies: [Dependency<Canvas>] = [.inject(\.sketch)]
}
private final class Studio: Injectable {
    var sketch: Sketch!
    var canvas: Canvas!
    static let dependencies: [Dependency<Studio>] = [.inject(\.sketch), .inject(\.canvas)]
}

/// Made by a transient typed factory, in a cycle through its `.graph` paper.
private final class Pen {
    let paper: Paper
    init(paper: Paper) { self.paper = paper }
}
private final class Paper: Injectable {
    var pen: Pen!
    static let dependencies: [Dependency<Paper>] = [.inject(\.pen)]
}
private final class Writer: Injectable {
    var pen: Pen!
    static let dependencies: [Dependency<Writer>] = [.inject(\.pen)]
}

/// Bound to a value: a root fixed for the container's life.
private final class Stamp: Sendable {}
private final class Letter: Injectable {
    var stamp: Stamp!
    static let dependencies: [Dependency<Letter>] = [.inject(\.stamp)]
}

/// A cycle back to an object seen as a protocol it is bound as, while it is filled.
private protocol Pedal: AnyObject {
    var velo: Velo! { get }
}
private final class Crankset: Injectable, Pedal {
    var velo: Velo!
    static let dependencies: [Dependency<Crankset>] = [.inject(\.velo)]
}
private final class Velo: Injectable {
    var pedal: (any Pedal)!
    static var scope: Scope { .transient }
    static let dependencies: [Dependency<Velo>] = [.inject(\.pedal)]
}

/// A class bound to a subclass the container keeps: once it exists, the root is a constant.
private class Furnace {}
private final class GasFurnace: Furnace, Injectable {
    static var scope: Scope { .singleton }
}

/// Serialized: the suite counts live objects in globals.
@Suite(.serialized) struct ResolveProgramTests {
    @Test func anAutowiredGraphRunsAsAProgramFromItsFirstResolve() throws {
        let container = Container()
        let cart = try container.resolve(Cart.self)
        #expect(try container.hasProgram(of: Cart.self))
        #expect(cart.front !== cart.rear && cart.front.left !== cart.front.right)
    }

    @Test func aRootWhoseValueIsFixedRunsAProgramThatHandsItOut() throws {
        let stamp = Stamp()
        let container = try Container { $0.bind(Stamp.self).to(value: stamp) }
        let first = try container.resolve(Stamp?.self)
        let second = try container.resolve(Stamp?.self)
        #expect(try container.hasProgram(of: Stamp?.self))
        #expect(first === stamp && second === stamp)
        #expect(try container.resolve(Letter.self).stamp === stamp)
    }

    @Test func aRootThatForwardsToACreatedSingletonRunsAProgramThatHandsItOut() throws {
        let container = try Container { $0.bind(Furnace.self).to(GasFurnace.self) }
        let created = try container.resolve(GasFurnace.self)
        let furnaces = try (0..<2).map { _ in try container.resolve(Furnace.self) }
        #expect(try container.hasProgram(of: Furnace.self))
        #expect(furnaces.allSatisfy { $0 === created })
    }

    @Test(arguments: [Scope.graph, .weak])
    func aCycleBackToAnObjectSeenAsItsProtocolClosesInTheProgram(scope: Scope) throws {
        let container = try Container { $0.bind((any Pedal).self).scoped(scope).to(Crankset.self) }
        let pedals = try (0..<2).map { _ in try container.resolve((any Pedal).self) }
        #expect(try container.hasProgram(of: (any Pedal).self))
        for pedal in pedals { #expect(pedal.velo.pedal === pedal) }
        #expect(scope == .weak ? pedals[0] === pedals[1] : pedals[0] !== pedals[1])
    }

    @Test func everyRootIsLoweredAtItsFirstResolveWhateverItsSize() throws {
        let container = Container()
        _ = try container.resolve(Chain1000Link0.self)
        #expect(try container.hasProgram(of: Chain1000Link0.self))
        _ = try container.resolve(Chain1000Link968.self)
        #expect(try container.hasProgram(of: Chain1000Link968.self))
        _ = try container.resolve(Chain1000Link998.self)
        #expect(try container.hasProgram(of: Chain1000Link998.self))
    }

    @Test func aCyclicGraphIsLoweredAtItsFirstResolve() throws {
        let container = Container()
        let loop = try container.resolve(PartLoop.self)
        #expect(loop.partner.partner === loop)
        #expect(try container.hasProgram(of: PartLoop.self))
    }

    @Test func theObjectsOfARunLiveExactlyAsLongAsTheirCallerKeepsThem() throws {
        let container = Container()
        for _ in 0..<3 {
            var cart: Cart? = try container.resolve(Cart.self)
            #expect(liveParts.load(ordering: .relaxed) == 7)
            #expect(cart?.rear.right != nil)
            cart = nil
            #expect(liveParts.load(ordering: .relaxed) == 0)
        }
    }

    @Test func runsOfEverySizeFillEveryObjectAndReleaseThem() throws {
        let container = Container()
        let injectors = try (
            container.propertyInjector(for: AxleRack4.self), container.propertyInjector(for: AxleRack13.self),
            container.propertyInjector(for: AxleRack19.self)
        )
        // Twice: the first runs learn (offsets, checks), the second run the final programs.
        for _ in 0..<2 {
            do {
                let train = try container.resolve(AxleTrain13.self)
                let convoy = try container.resolve(AxleTrain19.self)
                let (yard, depot, terminal) = (AxleRack4(), AxleRack13(), AxleRack19())
                try injectors.0.inject(into: yard)
                try injectors.1.inject(into: depot)
                try injectors.2.inject(into: terminal)
                #expect(areDistinctAndComplete(train.axles) && areDistinctAndComplete(convoy.axles))
                #expect(areDistinctAndComplete(yard.axles))
                #expect(areDistinctAndComplete(depot.axles) && areDistinctAndComplete(terminal.axles))
                #expect(liveParts.load(ordering: .relaxed) == 3 * (4 + 6 + 1 + 4 + 6))
            }
            #expect(liveParts.load(ordering: .relaxed) == 0)
        }
        #expect(try container.hasProgram(of: AxleTrain13.self))
        #expect(try container.hasProgram(of: AxleTrain19.self))
        #expect(ProgramWord.isProgram(injectors.2.target?.programWord.load(ordering: .acquiring) ?? 0))
    }

    @Test func aGraphObjectIsSharedAndATransientOneIsMadeEachTimeItIsMet() throws {
        let container = Container()
        for _ in 0..<3 {
            let office = try container.resolve(Office.self)
            #expect(office.clerk === office.journal.shared)
            #expect(office.ledger !== office.journal.ledger)
        }
        #expect(try container.hasProgram(of: Office.self))
    }

    @Test func aTransientObjectMetAgainThroughAGraphObjectIsMadeAgainByTheProgram() throws {
        let container = Container()
        for _ in 0..<2 {
            let studio = try container.resolve(Studio.self)
            #expect(studio.canvas === studio.sketch.canvas)
            #expect(studio.canvas.sketch !== studio.sketch)
            #expect(studio.canvas.sketch.canvas === studio.canvas)
            let sketch = try container.resolve(Sketch.self)
            #expect(sketch.canvas.sketch !== sketch)
            #expect(sketch.canvas.sketch.canvas === sketch.canvas)
        }
        #expect(try container.hasProgram(of: Studio.self))
        #expect(try container.hasProgram(of: Sketch.self))
    }

    @Test func aTransientFactoryMetAgainThroughAGraphObjectIsCalledAgainByTheProgram() throws {
        let container = try Container { $0.bind(Pen.self).scoped(.transient).to(factory: Pen.init) }
        for _ in 0..<2 {
            let writer = try container.resolve(Writer.self)
            #expect(writer.pen.paper.pen !== writer.pen)
            #expect(writer.pen.paper.pen.paper === writer.pen.paper)
        }
        #expect(try container.hasProgram(of: Writer.self))
    }

    @Test func aPropertyCycleClosesOnTheObjectUnderConstruction() throws {
        let container = Container()
        for _ in 0..<3 {
            let owner = try container.resolve(Owner.self)
            #expect(owner.pet.owner === owner)
        }
        #expect(try container.hasProgram(of: Owner.self))
    }

    @Test func aSingletonIsCreatedByTheProgramThenReadAsAConstant() throws {
        let container = Container()
        let first = try container.resolve(Desk.self)
        // Made in a region of the first program; the program lowered once it exists reads it.
        #expect(try container.regionCount(of: Desk.self) == 1)
        let second = try container.resolve(Desk.self)
        #expect(try container.regionCount(of: Desk.self) == 0)
        #expect(first.registrar === second.registrar)
        #expect(first !== second)
    }

    @Test func valuesAndObservedPropertiesAreWrittenThroughTheirKeyPaths() throws {
        let container = try Container { binder in
            binder.bind(Limits.self).to(value: Limits(retries: 3))
            binder.bind((any Greeting).self).to(value: Hello())
        }
        observedWrites.store(0, ordering: .relaxed)
        for _ in 0..<3 {
            let settings = try container.resolve(Settings.self)
            #expect(settings.limits?.retries == 3)
            #expect(settings.greeting.text == "hello")
            #expect(settings.watched != nil)
        }
        #expect(observedWrites.load(ordering: .relaxed) == 3)
        #expect(try container.hasProgram(of: Settings.self))
    }

    @Test func aGraphReachingAClosureFactoryCallsItFromItsProgram() throws {
        let container = try Container { binder in
            binder.bind(Wheel.self).to { _ in Wheel() }
        }
        let bikes = try (0..<3).map { _ in try container.resolve(Bike.self) }
        #expect(try container.hasProgram(of: Bike.self))
        #expect(Set(bikes.map { ObjectIdentifier($0.wheel) }).count == 3)
    }

    @Test func aGraphReachingAClosureFactoryForAnOptionalPropertyCallsItFromItsProgram() throws {
        let container = try Container { binder in
            binder.bind(Wheel.self).to { _ in Wheel() }
        }
        let unicycles = try (0..<2).map { _ in try container.resolve(Unicycle.self) }
        #expect(try container.hasProgram(of: Unicycle.self))
        #expect(unicycles[0].wheel != nil)
        #expect(unicycles[0].wheel !== unicycles[1].wheel)
    }

    @Test func aGraphReachingATransientClosureFactoryCallsItFromItsProgram() throws {
        let container = try Container { binder in
            binder.bind(Wheel.self).scoped(.transient).to { _ in Wheel() }
        }
        let bikes = try (0..<3).map { _ in try container.resolve(Bike.self) }
        #expect(try container.hasProgram(of: Bike.self))
        #expect(bikes[1].wheel !== bikes[2].wheel)
    }

    @Test func aFailedRunReleasesEveryObjectItMadeAndNamesThePath() throws {
        let container = Container()
        liveParts.store(0, ordering: .relaxed)
        for _ in 0..<2 {
            let error = captureResolutionError { try container.resolve(Shelf.self) }
            #expect(error?.code == .forgottenDependency)
            #expect(error?.path == ["Shelf.notebook", "Notebook.margin"])
            #expect(liveParts.load(ordering: .relaxed) == 0)
        }
        #expect(try container.hasProgram(of: Shelf.self))
    }

    @Test func aPropertyInjectorFillsThroughItsProgram() throws {
        let container = Container()
        let injector = try container.propertyInjector(for: Form.self)
        let forms = [Form(), Form(), Form()]
        for form in forms { try injector.inject(into: form) }
        #expect(forms[0].clerk !== forms[1].clerk)
        #expect(forms[0].registrar === forms[2].registrar)
        #expect((injector.target?.programWord.load(ordering: .acquiring) ?? 0) > 1)
    }

    @Test func typedFactoriesRunInTheProgramWithTheirArgumentsAndScopes() throws {
        let container = try Container { binder in
            binder.bind(Fuel.self).scoped(.transient).to(factory: Fuel.init)
            binder.bind(Engine.self).to(factory: Engine.init)
        }
        for _ in 0..<3 {
            let station = try container.resolve(Station.self)
            #expect(station.engine === station.spare)
            #expect(station.engine.clerk === station.clerk)
        }
        #expect(try container.hasProgram(of: Station.self))
        let engines = try (0..<2).map { _ in try container.resolve(Engine.self) }
        #expect(engines[0] !== engines[1] && engines[0].fuel !== engines[1].fuel)
        #expect(try container.hasProgram(of: Engine.self))
    }

    @Test func aThrowingFactoryFailsTheRunWithItsPathAndReleasesWhatWasMade() throws {
        let container = try Container { binder in
            binder.bind(Fuel.self).to(factory: { () throws -> Fuel in
                if fuelFails.load(ordering: .relaxed) { throw Empty() }
                return Fuel()
            })
            binder.bind(Engine.self).to(factory: Engine.init)
        }
        liveParts.store(0, ordering: .relaxed)
        fuelFails.store(true, ordering: .relaxed)
        defer { fuelFails.store(false, ordering: .relaxed) }
        let error = captureResolutionError { try container.resolve(Station.self) }
        #expect(error?.code == .factoryFailed)
        #expect(error?.path == ["Station.engine", "Engine", "Fuel"])
        #expect(liveParts.load(ordering: .relaxed) == 0)
    }

    @Test func aTypedFactoryFailureInAProgramNamesItsPath() throws {
        // The factory throws only on its second call: the first resolve, which creates the
        // singleton, succeeds; the second fails.
        let calls = Atomic<Int>(0)
        let container = try Container { binder in
            binder.bind(Registrar.self).scoped(.singleton).to(factory: Registrar.init)
            binder.bind(Engine.self).to(factory: { (fuel: Fuel, clerk: Clerk) throws -> Engine in
                if calls.add(1, ordering: .relaxed).newValue > 1 { throw Empty() }
                return Engine(fuel: fuel, clerk: clerk)
            })
            binder.bind(Fuel.self).to(factory: Fuel.init)
        }
        _ = try container.resolve(Station.self)
        let error = captureResolutionError { try container.resolve(Station.self) }
        #expect(error?.code == .factoryFailed)
        #expect(error?.path == ["Station.engine", "Engine"])
        #expect(try container.hasProgram(of: Station.self))
    }

    @Test func aFactoryResolvingItsOwnKeyFromAProgramIsRefused() throws {
        let container = try Container { binder in
            binder.bind(Loop.self).to(factory: { (_: Clerk) throws -> Loop in
                _ = try loopContainer.withLock { $0 }?.resolve(Loop.self)
                return Loop()
            })
        }
        loopContainer.withLock { $0 = container }
        defer { loopContainer.withLock { $0 = nil } }
        let error = captureResolutionError { try container.resolve(LoopHolder.self) }
        #expect(error?.code == .unclosableCycle)
        #expect(error?.path == ["LoopHolder.loop", "Loop", "Loop"])
        #expect(try container.hasProgram(of: LoopHolder.self))
    }

    @Test func aFactoryTakesOverArgumentsReadForTheLastTimeAndLeavesNothingAlive() throws {
        let container = try Container { binder in
            binder.bind(Fuel.self).to(factory: Fuel.init)
            binder.bind(Twins.self).to(factory: Twins.init)
        }
        liveParts.store(0, ordering: .relaxed)
        for _ in 0..<3 {
            let holder = try container.resolve(TwinsHolder.self)
            #expect(holder.twins.left === holder.twins.right)
            #expect(holder.twins.left === holder.fuel)
            let twins = try container.resolve(Twins.self)
            #expect(twins.left === twins.right)
        }
        #expect(try container.hasProgram(of: TwinsHolder.self))
        #expect(try container.hasProgram(of: Twins.self))
        #expect(liveParts.load(ordering: .relaxed) == 0)
    }

    @Test func aFactoryThatThrowsAfterTakingItsArgumentsReleasesEachOnce() throws {
        let container = try Container { binder in
            binder.bind(Fuel.self).scoped(.transient).to(factory: Fuel.init)
            binder.bind(Engine.self).to(factory: { (fuel: Fuel, clerk: Clerk) throws -> Engine in
                if fuelFails.load(ordering: .relaxed) { throw Empty() }
                return Engine(fuel: fuel, clerk: clerk)
            })
        }
        _ = try container.resolve(Station.self)
        liveParts.store(0, ordering: .relaxed)
        fuelFails.store(true, ordering: .relaxed)
        defer { fuelFails.store(false, ordering: .relaxed) }
        for _ in 0..<3 {
            let error = captureResolutionError { try container.resolve(Station.self) }
            #expect(error?.code == .factoryFailed)
            #expect(error?.path == ["Station.engine", "Engine"])
        }
        #expect(try container.hasProgram(of: Station.self))
        #expect(liveParts.load(ordering: .relaxed) == 0)
    }

    @Test func aFactoryGetsBoxedValuesAndMayReturnASubclass() throws {
        let container = try Container { binder in
            binder.bind(Limits.self).to(value: Limits(retries: 3))
            binder.bind(Fuel.self).to(factory: Fuel.init)
            binder.bind(Tank.self).to(factory: ArmoredTank.init)
        }
        for _ in 0..<2 {
            let tank = try #require(try container.resolve(TankHolder.self).tank)
            #expect(tank is ArmoredTank)
            #expect(tank.limits.retries == 3)
        }
        #expect(try container.hasProgram(of: TankHolder.self))
    }

    @Test func aFactoryWithMoreParametersThanTheFixedAritiesRunsThroughItsPack() throws {
        let container = try Container { binder in
            binder.bind(Fuel.self).scoped(.transient).to(factory: Fuel.init)
            binder.bind(Convoy.self).to(factory: Convoy.init)
        }
        liveParts.store(0, ordering: .relaxed)
        for _ in 0..<2 {
            let convoy = try #require(try container.resolve(ConvoyHolder.self).convoy)
            #expect(Set(convoy.parts.map(ObjectIdentifier.init)).count == 6)
        }
        #expect(try container.hasProgram(of: ConvoyHolder.self))
        #expect(liveParts.load(ordering: .relaxed) == 0)
    }

    @Test func aProtocolBoundToAnImplementationRunsInTheProgramAndSharesItsObject() throws {
        let container = try Container { binder in
            binder.bind((any Courier).self).to(Van.self)
            binder.bind(Vehicle.self).to(Truck.self)
            binder.bind(Fuel.self).to(factory: Fuel.init)
        }
        for _ in 0..<3 {
            let depot = try container.resolve(Depot.self)
            #expect(depot.courier === depot.van)
            #expect(depot.van.fuel != nil)
            #expect(depot.vehicle is Truck)
        }
        #expect(try container.hasProgram(of: Depot.self))
        let courier = try container.resolve((any Courier).self)
        #expect(courier is Van)
        #expect(try container.hasProgram(of: (any Courier).self))
        #expect(try container.resolve(Vehicle.self) is Truck)
        #expect(try container.hasProgram(of: Vehicle.self))
    }

    @Test func factoriesOfProtocolsAndValuesRunInTheProgram() throws {
        let container = try Container { binder in
            binder.bind((any Pump).self).to(factory: FuelPump.init)
            binder.bind(Limits.self).to(factory: { Limits(retries: 2) })
            binder.bind(Fuel.self).scoped(.transient).to(factory: Fuel.init)
        }
        liveParts.store(0, ordering: .relaxed)
        for _ in 0..<3 {
            let garage = try container.resolve(Garage.self)
            #expect(garage.pump is FuelPump)
            #expect(garage.limits.retries == 2)
        }
        #expect(try container.hasProgram(of: Garage.self))
        #expect(try container.resolve(Limits.self).retries == 2)
        #expect(try container.hasProgram(of: Limits.self))
        #expect(liveParts.load(ordering: .relaxed) == 0)
    }

    @Test func aFailureBehindAProtocolBindingNamesTheImplementationInItsPath() throws {
        let container = try Container { binder in
            binder.bind((any Ignition).self).to(Plug.self)
            binder.bind(Spark.self).to(factory: Spark.init)
        }
        let error = captureResolutionError { try container.resolve(Scooter.self) }
        #expect(error?.code == .factoryFailed)
        #expect(error?.path == ["Scooter.ignition", "Plug.spark", "Spark"])
        #expect(try container.hasProgram(of: Scooter.self))
    }

    @Test func anOfferedObjectIsReadOnEachRunOfTheProgram() throws {
        let container = try Container { $0.bind(Screen.self).toOfferedInstance() }
        for _ in 0..<3 {
            let screen = Screen()
            try container.offer(screen)
            let presenter = try container.resolve(Presenter.self)
            #expect(presenter.screen === screen && presenter.backup === screen)
        }
        #expect(try container.hasProgram(of: Presenter.self))
        for _ in 0..<2 {
            let error = captureResolutionError { try container.resolve(Presenter.self) }
            #expect(error?.code == .unavailableInstance)
            #expect(error?.path == ["Presenter.screen", "Screen"])
        }
    }

    @Test func anOptionalPropertyOfAnOfferedObjectThatIsGoneKeepsWhatItHad() throws {
        let container = try Container { $0.bind(Screen.self).toOfferedInstance() }
        do {
            let screen = Screen()
            try container.offer(screen)
            #expect(try container.resolve(Badge.self).screen === screen)
        }
        // The offered screen is gone: the property keeps the screen the badge made itself.
        for _ in 0..<2 { #expect(try container.resolve(Badge.self).screen != nil) }
        #expect(try container.hasProgram(of: Badge.self))
    }

    @Test func injectedInjectorsAndChildFactoriesAreMadeByTheProgram() throws {
        let container = Container()
        for _ in 0..<2 {
            let kiosk = try container.resolve(Kiosk.self)
            let form = Form()
            try kiosk.injector.inject(into: form)
            #expect(form.clerk != nil)
            let child = try kiosk.children.makeChild { _ in }
            #expect(try child.resolve(Registrar.self) === container.resolve(Registrar.self))
        }
        #expect(try container.hasProgram(of: Kiosk.self))
    }

    @Test func aRequestScopeResolveRunsAProgramThatReadsItsOwnRequest() throws {
        let container = try Container { $0.bind(Fuel.self).to(factory: Fuel.init) }
        let requests = try container.requestScope(for: Delivery.self)
        liveParts.store(0, ordering: .relaxed)
        for id in 0..<4 {
            let dispatcher = try requests.resolve(Dispatcher.self, for: Delivery(id: id))
            #expect(dispatcher.delivery.id == id)
        }
        #expect(try requests.hasProgram(of: Dispatcher.self))
        #expect(liveParts.load(ordering: .relaxed) == 0)
    }

    @Test func providersAndLazyValuesRunInTheProgramAndResolveLater() throws {
        let container = Container()
        liveParts.store(0, ordering: .relaxed)
        for _ in 0..<3 {
            let workshop = try container.resolve(Workshop.self)
            #expect(workshop.lazyAxle !== workshop.otherAxle)
            #expect(liveParts.load(ordering: .relaxed) == 0)
            let gears = try (0..<2).map { _ in try workshop.spares.get() }
            #expect(gears[0] !== gears[1])
            #expect(try workshop.lazyAxle.get() === workshop.lazyAxle.get())
            #expect(try workshop.lazyAxle.get() !== workshop.otherAxle.get())
        }
        #expect(try container.hasProgram(of: Workshop.self))
        #expect(liveParts.load(ordering: .relaxed) == 0)
    }

    @Test func taggedOptionalAndCollectedParametersRunInTheProgram() throws {
        let parent = try Container { binder in
            binder.bind((any Tool).self).intoCollection().to(Wrench.self)
            binder.bind((any Tool).self).intoDictionary(key: "wrench").to(Wrench.self)
        }
        let container = try parent.child { binder in
            binder.bind(String.self).tagged(Bay.self).to(value: "north")
            binder.bind(Fuel.self).tagged(Spare.self).scoped(.transient).to(factory: Fuel.init)
            binder.bind((any Tool).self).intoCollection().to(Hammer.self)
            binder.bind((any Tool).self).intoDictionary(key: "hammer").to(Hammer.self)
            binder.bind(Bench.self).to(factory: Bench.init)
        }
        liveParts.store(0, ordering: .relaxed)
        for _ in 0..<3 {
            let holder = try container.resolve(BenchHolder.self)
            let bench = try #require(holder.bench)
            #expect(bench.bay == "north")
            #expect(bench.clerk != nil && bench.missing == nil)
            #expect(bench.tools.count == 2 && bench.tools[0] is Wrench && bench.tools[1] is Hammer)
            #expect(bench.byName["wrench"] is Wrench && bench.byName["hammer"] is Hammer)
            #expect(holder.tools.count == 2)
        }
        #expect(try container.hasProgram(of: BenchHolder.self))
        #expect(liveParts.load(ordering: .relaxed) == 0)
    }
}
