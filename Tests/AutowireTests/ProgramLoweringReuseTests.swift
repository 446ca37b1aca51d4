import Testing

@testable import Autowire

// A lowering's tables are emptied and reused by the next lowering (`SpareLowering`): these tests
// check that what is reused starts as a new lowering does, and that a large graph's tables are not
// kept.

private final class Spark: Injectable {
    static var scope: Scope { .singleton }
}
private final class Piston: Injectable {
    static var scope: Scope { .transient }
    var spark: Spark!
    private(set) var injected = false
    func didInjectDependencies() { injected = true }
    static let dependencies: [Dependency<Piston>] = [.inject(\.spark)]
}
private final class Crank {
    let piston: Piston
    init(piston: Piston) { self.piston = piston }
}
private final class Gauge: Injectable {
    static var scope: Scope { .transient }
}
private final class Motor: Injectable {
    var crank: Crank!
    var gauge: Gauge!
    var spareGauge: Gauge!
    static let dependencies: [Dependency<Motor>] = [.inject(\.crank), .inject(\.gauge), .inject(\.spareGauge)]
}

/// Every stored property of `lowering`: a table by its count (a reused one keeps its storage), any
/// other value as it prints.
private func shape(of lowering: ProgramLowering) -> [String] {
    Mirror(reflecting: lowering).children.map { child in
        let label = child.label ?? "?"
        if let array = child.value as? [Any] { return "\(label): \(array.count) entries" }
        if String(describing: type(of: child.value)).hasPrefix("IdentityTable<") {
            return "\(label): \(Mirror(reflecting: child.value).descendant("count") ?? "?") entries"
        }
        return "\(label): \(child.value)"
    }
}

@Suite struct ProgramLoweringReuseTests {
    @Test func aLoweringStartedAnewIsWhatANewLoweringIs() throws {
        let container = try Container { $0.bind(Crank.self).to(factory: Crank.init(piston:)) }
        let producer = try container.registry.rootProducer(for: BindingKey(Motor.self, tag: nil))
        var lowering = ProgramLowering.withRoomForASmallGraph()
        // The singleton is not created yet: the program makes it in a region.
        _ = try lowering.lowerRoot(producer)
        let new = shape(of: ProgramLowering())
        #expect(lowering.regions.count == 1)
        #expect(!lowering.hooks.isEmpty)
        #expect(lowering.factories.count == 1)
        #expect(shape(of: lowering) != new)

        lowering.startAnew()

        #expect(shape(of: lowering) == new)
    }

    @Test func aGraphLoweredAfterAnotherRunsAsItsOwn() throws {
        let container = try Container { $0.bind(Crank.self).to(factory: Crank.init(piston:)) }
        // Lowered with the spare tables another root's lowering filled and emptied.
        _ = try container.resolve(ChainNode<Deep150, Zero>.self)
        _ = try container.resolve(ChainNode<Deep150, Zero>.self)
        let first = try container.resolve(Motor.self)
        let second = try container.resolve(Motor.self)

        #expect(first !== second)
        #expect(first.gauge !== first.spareGauge)
        #expect(first.crank.piston.spark === second.crank.piston.spark)
        #expect(first.crank.piston.injected && second.crank.piston.injected)
    }

    @Test func aLargeGraphsTablesAreNotKept() throws {
        let container = Container()
        _ = try container.resolve(ChainNode<Deep1000, Zero>.self)
        _ = try container.resolve(ChainNode<Deep1000, Zero>.self)

        #expect(SpareLowering.shared.keptCodeCapacity <= SpareLowering.largestKeptCode)
    }

    @Test func lowersOnManyThreadsAtOnce() async throws {
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    let container = try Container { $0.bind(Crank.self).to(factory: Crank.init(piston:)) }
                    let motor = try container.resolve(Motor.self)
                    let again = try container.resolve(Motor.self)
                    return motor.gauge !== motor.spareGauge && motor.crank.piston.spark === again.crank.piston.spark
                        && motor.crank.piston.injected && again.crank.piston.injected
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 16))
    }
}
