import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Autowire

// A lowering's tables are emptied and reused by the next lowering (`SpareLowering`): these tests
// check that what is reused starts as a new lowering does, that a large graph's tables are not
// kept, and that lowerings on many threads at once each have tables of their own.

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

/// How many nodes the chain headed by `head` has; takes it apart link by link, so that releasing
/// it does not free one node inside the `deinit` of the one before, as deep as the chain.
private func lengthTakingApart(_ head: any ChainWalk) -> Int {
    var nodes: [any ChainWalk] = [head]
    while let next = nodes[nodes.count - 1].successor { nodes.append(next) }
    for node in nodes { node.cutSuccessor() }
    return nodes.count
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

        #expect(SpareLowering.shared.withLowering { $0.code.capacity } <= SpareLowering.largestKeptCode)
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

    /// Eight threads taking the spare at once and over and over, as lowerings in different
    /// registries do, with nothing else between them to order their accesses: each marks the tables
    /// it got and, every other turn, grows its code past what is kept, so that the spare is
    /// replaced. Each must get tables as a new lowering has them and find its own mark still there
    /// when done, never another's.
    @Test func eachLoweringOnManyThreadsAtOnceHasTablesOfItsOwn() {
        let threads = 8
        let turns = 20_000
        let seenShared = Atomic<Int>(0)
        let finished = runOnThreads(threads) { thread in
            for turn in 0..<turns {
                // Never 0 or 1, what a new lowering's slot count and generation are.
                let mark = 2 + thread * turns + turn
                SpareLowering.shared.withLowering { lowering in
                    if lowering.slotCount != 0 || lowering.generation != 1 || !lowering.code.isEmpty {
                        seenShared.add(1, ordering: .relaxed)
                    }
                    lowering.slotCount = mark
                    lowering.generation = mark
                    if turn.isMultiple(of: 2) { lowering.code.reserveCapacity(SpareLowering.largestKeptCode + 1) }
                    sched_yield()
                    if lowering.slotCount != mark || lowering.generation != mark {
                        seenShared.add(1, ordering: .relaxed)
                    }
                }
            }
        }

        #expect(finished, "the threads did not finish within 60 s")
        #expect(seenShared.load(ordering: .relaxed) == 0)
    }

    /// Eight threads, each first-resolving roots of new containers at once, by turns a small graph
    /// (whose lowering takes the spare, or makes its own while another has it) and chains of 150
    /// and 1,000 nodes (whose tables are too large to keep: the spare is replaced). Under
    /// ThreadSanitizer this is the handover of the one spare between registries on many threads.
    @Test func lowersSmallAndLargeGraphsOfManyContainersOnManyThreadsAtOnce() {
        let threads = 8
        let rounds = 6
        let wrong = Atomic<Int>(0)
        let failed = Atomic<Int>(0)
        let finished = runOnThreads(threads, timeout: .seconds(300)) { thread in
            for round in 0..<rounds {
                do {
                    switch (thread + round) % 3 {
                    case 0:
                        let container = try Container { $0.bind(Crank.self).to(factory: Crank.init(piston:)) }
                        let motor = try container.resolve(Motor.self)
                        let again = try container.resolve(Motor.self)
                        let right =
                            motor !== again && motor.gauge !== motor.spareGauge
                            && motor.crank.piston.spark === again.crank.piston.spark
                            && motor.crank.piston.injected && again.crank.piston.injected
                        if !right { wrong.add(1, ordering: .relaxed) }
                    case 1:
                        let head = try Container().resolve(ChainNode<Deep150, Zero>.self)
                        if lengthTakingApart(head) != 150 { wrong.add(1, ordering: .relaxed) }
                    default:
                        let head = try Container().resolve(ChainNode<Deep1000, Zero>.self)
                        if lengthTakingApart(head) != 1_000 { wrong.add(1, ordering: .relaxed) }
                    }
                } catch {
                    failed.add(1, ordering: .relaxed)
                }
            }
        }

        #expect(finished, "the threads did not finish within 300 s")
        #expect(failed.load(ordering: .relaxed) == 0)
        #expect(wrong.load(ordering: .relaxed) == 0)
        #expect(SpareLowering.shared.withLowering { $0.code.capacity } <= SpareLowering.largestKeptCode)
    }
}
