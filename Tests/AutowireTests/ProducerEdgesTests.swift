import Testing

@testable import Autowire

@Suite struct ProducerEdgesTests {
    private final class Engine: Injectable {}
    private final class Wheel: Injectable {}
    private final class Car: Injectable {
        var engine: Engine!
        var wheel: Wheel!
        var trailer: Engine?
        static let dependencies: [Dependency<Car>] = [.inject(\.engine), .inject(\.wheel)]
    }
    private protocol Radio: AnyObject {}
    private final class Van: Injectable {
        var radio: (any Radio)?
        static let dependencies: [Dependency<Van>] = [.optional(\.radio)]
    }

    @Test func aCompiledClassHasOneEdgeForEachPropertyItFillsInOrder() throws {
        let container = Container()
        let car = try container.registry.rootProducer(for: BindingKey(type: Car.self, tag: nil))
        #expect(car.edgeCount == 2)
        #expect(car.compiledEdges.map(\.label) == ["engine", "wheel"])
        #expect(car.edge(at: 1).target.key == BindingKey(type: Wheel.self, tag: nil))
        #expect(car.compiledAbsentKeys.isEmpty)
    }

    @Test func anOptionalPropertyWithNothingToFillItRecordsTheKeyItLookedFor() throws {
        let container = Container()
        let van = try container.registry.rootProducer(for: BindingKey(type: Van.self, tag: nil))
        #expect(van.edgeCount == 0)
        #expect(van.compiledAbsentKeys == [BindingKey(type: (any Radio).self, tag: nil)])
    }

    @Test func anAppendedEdgeComesLastAndItsIndexIsReturned() throws {
        let container = Container()
        let car = try container.registry.rootProducer(for: BindingKey(type: Car.self, tag: nil))
        let engine = car.edge(at: 0).target
        car.reserveEdgeCapacity(3)
        let index = car.appendEdge(Edge(label: "trailer", location: nil, target: engine, isDeferred: false))
        #expect(index == 2 && car.edgeCount == 3)
        #expect(car.edge(at: index).label == "trailer" && car.edge(at: index).target === engine)
        car.addAbsentKeys([BindingKey(type: Int.self, tag: nil)])
        #expect(car.compiledAbsentKeys == [BindingKey(type: Int.self, tag: nil)])
    }
}
