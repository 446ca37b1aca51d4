import Autowire
import Testing

/// Classes made by closure factories and resolved through the `Resolver` while a resolve runs,
/// closure inside closure: what the benchmark's closure-factory graph does, with its sharing,
/// cycles and failures.
@Suite struct NestedClosureResolveTests {
    final class Engine {}

    final class Wheel {
        let engine: Engine
        init(engine: Engine) { self.engine = engine }
    }

    final class Car {
        let engine: Engine
        let wheel: Wheel
        init(engine: Engine, wheel: Wheel) {
            self.engine = engine
            self.wheel = wheel
        }
    }

    /// Autowired, with the engine a closure makes.
    final class Dashboard: Injectable {
        var engine: Engine!
        static let dependencies: [Dependency<Dashboard>] = [.inject(\.engine)]
    }

    final class Cockpit {
        let dashboard: Dashboard
        let engine: Engine
        init(dashboard: Dashboard, engine: Engine) {
            self.dashboard = dashboard
            self.engine = engine
        }
    }

    struct EngineBroke: Error {}

    final class ResolverBox: @unchecked Sendable {
        var resolver: Resolver?
    }

    private func carContainer() throws -> Container {
        try Container { binder in
            binder.bind(Engine.self).to { _ in Engine() }
            binder.bind(Wheel.self).to { resolver in Wheel(engine: try resolver.resolve()) }
            binder.bind(Car.self).to { resolver in Car(engine: try resolver.resolve(), wheel: try resolver.resolve()) }
        }
    }

    @Test func aClassAClosureMakesIsOneInstanceForEveryClosureOfOneResolve() throws {
        let container = try carContainer()
        let car = try container.resolve(Car.self)
        #expect(car.wheel.engine === car.engine)
        let next = try container.resolve(Car.self)
        #expect(next.engine !== car.engine)
        #expect(next.wheel.engine === next.engine)
    }

    @Test func aClassAClosureMakesIsSharedWithTheObjectsAPlanFills() throws {
        let container = try Container { binder in
            binder.bind(Engine.self).to { _ in Engine() }
            binder.bind(Cockpit.self).to { resolver in
                Cockpit(dashboard: try resolver.resolve(), engine: try resolver.resolve())
            }
        }
        let cockpit = try container.resolve(Cockpit.self)
        #expect(cockpit.dashboard.engine === cockpit.engine)
    }

    @Test func aTransientClassAClosureMakesIsNewForEveryRequest() throws {
        let container = try Container { binder in
            binder.bind(Engine.self).scoped(.transient).to { _ in Engine() }
            binder.bind(Wheel.self).to { resolver in Wheel(engine: try resolver.resolve()) }
            binder.bind(Car.self).to { resolver in Car(engine: try resolver.resolve(), wheel: try resolver.resolve()) }
        }
        let car = try container.resolve(Car.self)
        #expect(car.wheel.engine !== car.engine)
    }

    @Test func aClosureReachedAgainThroughTheResolverIsACycleNamingItsPath() throws {
        let container = try Container { binder in
            binder.bind(Engine.self).to { resolver in
                _ = try resolver.resolve(Wheel.self)
                return Engine()
            }
            binder.bind(Wheel.self).to { resolver in Wheel(engine: try resolver.resolve()) }
        }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(Engine.self) }
        #expect(error?.code == .unclosableCycle)
        #expect(
            error?.path == [
                "NestedClosureResolveTests.Engine", "NestedClosureResolveTests.Wheel",
                "NestedClosureResolveTests.Engine",
            ])
    }

    @Test func aClosureThatThrowsInsideANestedResolveFailsWithThePathOfClosures() throws {
        let container = try Container { binder in
            binder.bind(Engine.self).to { _ in throw EngineBroke() }
            binder.bind(Wheel.self).to { resolver in Wheel(engine: try resolver.resolve()) }
        }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(Wheel.self) }
        #expect(error?.code == .factoryFailed)
        #expect(error?.path == ["NestedClosureResolveTests.Wheel", "NestedClosureResolveTests.Engine"])
        #expect(error?.underlyingError is EngineBroke)
        // The failure is recorded nowhere: the next resolve runs the factory again.
        #expect(throws: ResolutionError.self) { try container.resolve(Wheel.self) }
    }

    @Test func aResolverKeptAfterItsResolveMakesTheClassInANewResolve() throws {
        let box = ResolverBox()
        let container = try Container { binder in
            binder.bind(Engine.self).to { _ in Engine() }
            binder.bind(Car.self).to { resolver in
                box.resolver = resolver
                return Car(engine: try resolver.resolve(), wheel: Wheel(engine: Engine()))
            }
        }
        let car = try container.resolve(Car.self)
        let later = try #require(box.resolver).resolve(Engine.self)
        #expect(later !== car.engine)
    }
}
