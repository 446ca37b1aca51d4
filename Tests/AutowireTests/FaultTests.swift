import Autowire
import Synchronization
import Testing

/// A fault that can be switched on for a number of calls, and counts every call.
private final class Fault: Sendable {
    private let remaining: Atomic<Int>
    private let calls = Atomic<Int>(0)

    init(failing times: Int) { remaining = Atomic(times) }

    var callCount: Int { calls.load(ordering: .relaxed) }

    /// Counts a call; throws while failures remain.
    func check() throws {
        calls.add(1, ordering: .relaxed)
        if remaining.subtract(1, ordering: .relaxed).oldValue > 0 { throw EngineFailure.overheated }
    }
}
private enum EngineFailure: Error { case overheated }

/// Counts the instances of a class made so far and keeps weak references to them.
private final class Census: Sendable {
    private let instances = Locked<[WeakObject]>([])

    func add(_ object: AnyObject) { instances.withLock { $0.append(WeakObject(object: object)) } }
    var made: Int { instances.withLock { $0.count } }
    var alive: Int { instances.withLock { $0.filter { $0.object != nil }.count } }
}
private struct WeakObject: @unchecked Sendable {
    weak var object: AnyObject?
}

private let wheelsCensus = Census()
private let carCensus = Census()
private let gearboxCensus = Census()
private let garageCensus = Census()

private final class Wheels: Injectable {
    static var scope: Scope { .singleton }
    required init() { wheelsCensus.add(self) }
}
private final class Engine {}
/// A singleton filled in order: wheels first, then the engine whose factory may throw half-way.
private final class Car: Injectable {
    static var scope: Scope { .singleton }
    var wheels: Wheels!
    var engine: Engine!
    required init() { carCensus.add(self) }
    static let dependencies: [Dependency<Car>] = [.inject(\.wheels), .inject(\.engine)]
}
/// A singleton whose own factory throws, needed by another singleton.
private final class Gearbox {
    init() { gearboxCensus.add(self) }
}
private final class Garage: Injectable {
    static var scope: Scope { .singleton }
    var gearbox: Gearbox!
    var car: Car!
    required init() { garageCensus.add(self) }
    static let dependencies: [Dependency<Garage>] = [.inject(\.car), .inject(\.gearbox)]
}
private final class Dashboard: Injectable {
    var engine: Lazy<Engine>!
    static let dependencies: [Dependency<Dashboard>] = [.inject(\.engine)]
}

@Suite(.serialized) struct FaultTests {
    /// Wheels was fully built before the Engine factory threw: it is kept (a singleton is created
    /// exactly once), while the half-filled Car is discarded.
    @Test func aFactoryThrowingHalfWayKeepsFinishedSingletonsAndDiscardsHalfBuiltOnes() throws {
        let fault = Fault(failing: 1)
        let container = try Container { binder in
            binder.bind(Engine.self).scoped(.singleton).to { resolver in  // @engine
                _ = try resolver.resolve(Wheels.self)
                try fault.check()
                return Engine()
            }
        }
        let (carsBefore, wheelsBefore) = (carCensus.made, wheelsCensus.made)
        let error = captureResolutionError { try container.resolve(Car.self) }
        #expect(
            error?.description == """
                error[factory-failed]: The factory for Engine threw: overheated.
                  at: \(marked("engine"))
                  path: Car.engine → Engine
                  fix: Fix the cause reported by the factory, or catch it inside the factory.
                """)
        #expect(carCensus.alive == 0, "the half-built Car is not kept")
        #expect(wheelsCensus.alive == 1, "the finished Wheels singleton is kept")

        let car = try container.resolve(Car.self)
        #expect(fault.callCount == 2)
        #expect(car.engine != nil && car.wheels != nil)
        #expect(try container.resolve(Car.self) === car)
        #expect(try container.resolve(Wheels.self) === car.wheels)
        #expect(try container.resolve(Engine.self) === car.engine)
        // One Car per attempt (the failed one was discarded, not reused half-built), one Wheels in all.
        #expect(carCensus.made == carsBefore + 2)
        #expect(wheelsCensus.made == wheelsBefore + 1)
    }

    @Test func aSingletonNeedingAFailingSingletonIsRetriedWithIt() throws {
        let fault = Fault(failing: 2)
        let container = try Container { binder in
            binder.bind(Engine.self).scoped(.singleton).to { _ in Engine() }
            binder.bind(Gearbox.self).scoped(.singleton).to { _ in  // @gearbox
                try fault.check()
                return Gearbox()
            }
        }
        let (garagesBefore, gearboxesBefore) = (garageCensus.made, gearboxCensus.made)
        let first = captureResolutionError { try container.resolve(Garage.self) }
        let second = captureResolutionError { try container.resolve(Garage.self) }
        #expect(
            first?.description == """
                error[factory-failed]: The factory for Gearbox threw: overheated.
                  at: \(marked("gearbox"))
                  path: Garage.gearbox → Gearbox
                  fix: Fix the cause reported by the factory, or catch it inside the factory.
                """)
        #expect(second?.description == first?.description)
        #expect(garageCensus.alive == 0)

        let garage = try container.resolve(Garage.self)
        #expect(try container.resolve(Gearbox.self) === garage.gearbox)
        #expect(try container.resolve(Car.self) === garage.car)
        #expect(fault.callCount == 3)
        #expect(garageCensus.made == garagesBefore + 3)
        #expect(gearboxCensus.made == gearboxesBefore + 1)
    }

    @Test func aLazyWhoseFirstGetThrowsTriesAgainOnTheNext() throws {
        let fault = Fault(failing: 1)
        let container = try Container { binder in
            binder.bind(Engine.self).to { _ in  // @engine-factory
                try fault.check()
                return Engine()
            }
        }
        let dashboard = try container.resolve(Dashboard.self)
        let error = captureResolutionError { try dashboard.engine.get() }
        #expect(
            error?.description == """
                error[factory-failed]: The factory for Engine threw: overheated.
                  at: \(marked("engine-factory"))
                  path: Engine
                  fix: Fix the cause reported by the factory, or catch it inside the factory.
                """)
        let engine = try dashboard.engine.get()
        #expect(try dashboard.engine.get() === engine)
        #expect(fault.callCount == 2)
    }
}

private let databaseInits = Atomic<Int>(0)
/// A connection pool: creating it twice would open a second pool.
private final class Database: Injectable {
    static var scope: Scope { .singleton }
    required init() { databaseInits.add(1, ordering: .relaxed) }
}
private final class Mailer {}
/// Needs the database and a mailer whose factory fails the first time.
private final class SignupService: Injectable {
    var database: Database!
    var mailer: Mailer!
    static let dependencies: [Dependency<SignupService>] = [.inject(\.database), .inject(\.mailer)]
}

extension FaultTests {
    /// Before, the finished Database was discarded with the failed resolve: `init` ran twice.
    @Test func aSingletonFinishedBeforeAnUnrelatedFactoryThrowsIsCreatedExactlyOnce() throws {
        let fault = Fault(failing: 1)
        let container = try Container { binder in
            binder.bind(Mailer.self).to { _ in
                try fault.check()
                return Mailer()
            }
        }
        let before = databaseInits.load(ordering: .relaxed)
        #expect(throws: ResolutionError.self) { try container.resolve(SignupService.self) }
        let service = try container.resolve(SignupService.self)
        #expect(try container.resolve(Database.self) === service.database)
        #expect(databaseInits.load(ordering: .relaxed) == before + 1, "Database.init ran more than once")
    }
}
