import Testing

@testable import Autowire

@Suite struct ProvenCastsTests {
    private final class Engine: Injectable {}
    private final class Car: Injectable {
        var engine: Engine!
        var spare: Engine?
        static let dependencies: [Dependency<Car>] = [.inject(\.engine), .optional(\.spare)]
    }
    private class Vehicle {}
    private final class Truck: Vehicle {}

    @Test func theProducerOfAKeyIsReadAsTheProducerOfItsType() throws {
        let container = Container()
        let engine = try container.resolve(Engine.self)
        let producer = try container.registry.rootProducer(for: BindingKey(type: Engine.self, tag: nil))
        let typed = producer.asProducer(of: Engine.self)
        #expect(typed === producer)
        #expect(try container.registry.rootProducer(of: Engine.self, for: producer.key) === producer)
        withExtendedLifetime(engine) {}
    }

    @Test func anObjectIsReadAsTheClassItsPlanWasCompiledFor() {
        let truck: AnyObject = Truck()
        #expect(planObject(truck, as: Vehicle.self) === truck)
        #expect(planObject(truck, as: Truck.self) === truck)
    }

    @Test func aDeclaredListKeepsEachEntryInOrderWithoutItsRootType() {
        let declared = DeclaredDependency.all(Car.dependencies)
        #expect(declared.map(\.requirement.key) == Car.dependencies.map(\.requirement.key))
        #expect(declared.map(\.requirement.isOptional) == [false, true])
    }
}
