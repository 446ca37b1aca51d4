import Autowire
import Testing

// A small graph of Injectable classes that needs no registration at all.
private final class Engine: Injectable {}

private final class Wheel: Injectable {
    var engine: Engine!
    static let dependencies: [Dependency<Wheel>] = [.inject(\.engine)]
}

private final class Car: Injectable {
    var engine: Engine!
    var front: Wheel!
    var back: Wheel!
    static let dependencies: [Dependency<Car>] = [.inject(\.engine), .inject(\.front), .inject(\.back)]
}

private final class Garage: Injectable {
    static var scope: Scope { .singleton }
}

private final class Depot: Injectable {
    var first: Garage!
    var second: Garage!
    static let dependencies: [Dependency<Depot>] = [.inject(\.first), .inject(\.second)]
}

/// The three property shapes `.inject` accepts: `T?`, `T!` and plain `T`.
private final class PropertyShapes: Injectable {
    var optional: Engine?
    var implicitlyUnwrapped: Engine!
    var plain = Engine()
    static let dependencies: [Dependency<PropertyShapes>] = [
        .inject(\.optional),
        .inject(\.implicitlyUnwrapped),
        .inject(\.plain),
    ]
}

private protocol Radio: AnyObject {}
private final class FMRadio: Radio, Injectable {}

private final class Dashboard: Injectable {
    var radio: Radio?
    var engine: Engine?
    static let dependencies: [Dependency<Dashboard>] = [.optional(\.radio), .optional(\.engine)]
}

private struct Unavailable: Error {}
private final class Sensor {}
private final class Probe: Injectable {
    var sensor: Sensor?
    static let dependencies: [Dependency<Probe>] = [.optional(\.sensor)]
}

@Suite struct AutowiringTests {
    @Test func injectableClassResolvesWithNoRegistration() throws {
        let engine = try Container().resolve(Engine.self)
        #expect(type(of: engine) == Engine.self)
    }

    @Test func graphOfInjectableClassesIsFilled() throws {
        let car = try Container().resolve(Car.self)
        #expect(car.front.engine != nil)
        #expect(car.back.engine != nil)
    }

    @Test func graphScopeSharesOneInstanceWithinOneResolve() throws {
        let car = try Container().resolve(Car.self)
        #expect(car.front === car.back)
        #expect(car.engine === car.front.engine)
    }

    @Test func graphScopeDoesNotShareAcrossResolves() throws {
        let container = Container()
        let first = try container.resolve(Car.self)
        let second = try container.resolve(Car.self)
        #expect(first !== second)
        #expect(first.engine !== second.engine)
    }

    @Test func injectableTypeDeclaresItsOwnScope() throws {
        let container = Container()
        let first = try container.resolve(Depot.self)
        let second = try container.resolve(Depot.self)
        #expect(first !== second)
        #expect(first.first === second.second)
        #expect(first.first === (try container.resolve(Garage.self)))
    }

    @Test func injectFillsOptionalImplicitlyUnwrappedAndPlainProperties() throws {
        let shapes = try Container().resolve(PropertyShapes.self)
        #expect(shapes.optional != nil)
        #expect(shapes.implicitlyUnwrapped != nil)
        // Within one resolve all three are the same `.graph` engine, so the plain one was replaced.
        #expect(shapes.plain === shapes.implicitlyUnwrapped)
        #expect(shapes.optional === shapes.implicitlyUnwrapped)
    }

    @Test func optionalDependencyStaysNilWhenNothingProvidesIt() throws {
        let dashboard = try Container().resolve(Dashboard.self)
        #expect(dashboard.radio == nil)
        #expect(dashboard.engine != nil)
    }

    @Test func optionalDependencyIsFilledWhenSomethingProvidesIt() throws {
        let container = try Container { binder in
            binder.bind(Radio.self).to(FMRadio.self)
        }
        let dashboard = try container.resolve(Dashboard.self)
        #expect(dashboard.radio is FMRadio)
    }

    @Test func separateContainersDoNotShareSingletons() throws {
        let first = try Container().resolve(Garage.self)
        let second = try Container().resolve(Garage.self)
        #expect(first !== second)
    }

    @Test func optionalDependencyStillThrowsWhenItsFactoryFails() throws {
        let container = try Container { binder in
            binder.bind(Sensor.self).to { _ in throw Unavailable() }
        }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(Probe.self) }
        #expect(error?.code == .factoryFailed)
        #expect(error?.path == ["Probe.sensor", "Sensor"])
        #expect(error?.underlyingError is Unavailable)
    }
}
