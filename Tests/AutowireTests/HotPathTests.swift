import Synchronization
import Testing

@testable import Autowire

private final class Part: Injectable {}
private final class Assembly: Injectable {
    var left: Part!
    var right: Part!
    static let dependencies: [Dependency<Assembly>] = [.inject(\.left), .inject(\.right)]
}
private final class Machine: Injectable {
    var assembly: Assembly!
    var part: Part!
    static let dependencies: [Dependency<Machine>] = [.inject(\.assembly), .inject(\.part)]
}
private final class Gadget {
    let part: Part
    init(part: Part) { self.part = part }
}
private final class Panel: PropertyInjectable {
    var machine: Machine!
    static let dependencies: [Dependency<Panel>] = [.inject(\.machine)]
}

extension Container {
    fileprivate var compilations: Int { registry.compilations.load(ordering: .relaxed) }
}

@Suite struct HotPathTests {
    @Test func laterResolvesOfATypeDoNotCompileAgain() throws {
        let container = Container()
        _ = try container.resolve(Machine.self)
        let afterFirst = container.compilations
        #expect(afterFirst > 0)
        for _ in 0..<10 { _ = try container.resolve(Machine.self) }
        #expect(container.compilations == afterFirst)
    }

    @Test func dependenciesCheckedWithTheirAcyclicOwnerNeedNoFurtherCompilation() throws {
        let container = Container()
        _ = try container.resolve(Machine.self)
        let afterMachine = container.compilations
        _ = try container.resolve(Assembly.self)
        // Machine's graph has no cycle, so checking it checked Assembly as a root too.
        #expect(container.compilations == afterMachine)
        _ = try container.resolve(Assembly.self)
        _ = try container.resolve(Machine.self)
        #expect(container.compilations == afterMachine)
    }

    @Test func resolvesThroughAFactoryDoNotCompileAgain() throws {
        let container = try Container { binder in
            binder.bind(Gadget.self).to { resolver in try Gadget(part: resolver.resolve(Part.self)) }
        }
        _ = try container.resolve(Gadget.self)
        let afterFirst = container.compilations
        for _ in 0..<10 { _ = try container.resolve(Gadget.self) }
        #expect(container.compilations == afterFirst)
    }

    @Test func injectingAgainDoesNotCompileAgain() throws {
        let container = Container()
        let injector = try container.propertyInjector(for: Panel.self)
        try injector.inject(into: Panel())
        let afterFirst = container.compilations
        for _ in 0..<10 {
            try injector.inject(into: Panel())
            try container.inject(into: Panel())
        }
        #expect(container.compilations == afterFirst)
    }

    /// Objects filling half a table start probing at many different slots, in both halves of it:
    /// homes bunched together (all at slot 0, or only in a few slots, or only in part of the table)
    /// make lookups long linear probes. The addresses are the patterns objects have (runs of one
    /// allocation size, and scattered ones), not live objects': where the allocator puts objects
    /// depends on what other tests allocate at the same time, so a bound on live addresses failed
    /// now and then.
    @Test(arguments: [64, 256, 1_024])
    func resolutionTableSpreadsProducersOverItsSlots(slots: Int) {
        let count = slots / 2
        let bases: [UInt] = [0x7F3A_1C00_0000, 0x5555_5555_0010, 0x1000_0000]
        // Runs of objects of one allocation size, back to back.
        for stride: UInt in [16, 32, 48, 64, 80, 96, 128, 256] {
            for base in bases {
                let homes = (0..<UInt(count)).map { GraphTable.home(of: base + $0 * stride, mask: slots - 1) }
                expectSpread(homes, slots: slots, "stride \(stride) from \(base)")
            }
        }
        // Scattered 16-byte-aligned addresses below 2^47, from a fixed seed.
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for round in 0..<20 {
            let homes = (0..<count).map { _ -> Int in
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                return GraphTable.home(of: UInt(state >> 17) & ~15, mask: slots - 1)
            }
            expectSpread(homes, slots: slots, "scattered addresses, round \(round)")
        }
    }

    /// A good hash gives about 0.79 × count distinct homes for `count` keys in twice as many slots
    /// (never below 0.59 in 3,000 simulated tables of random addresses); half is far from either.
    /// Each half of the table gets about half the homes: an eighth is far below that even for 32
    /// keys, and far above the none that bunching in one half gives.
    private func expectSpread(_ homes: [Int], slots: Int, _ addresses: String) {
        #expect(Set(homes).count >= homes.count / 2, "\(addresses): \(Set(homes).count) distinct homes")
        let lowerHalf = homes.filter { $0 < slots / 2 }.count
        #expect(lowerHalf >= homes.count / 8, "\(addresses): \(lowerHalf) homes in the lower half")
        #expect(
            homes.count - lowerHalf >= homes.count / 8, "\(addresses): \(homes.count - lowerHalf) in the upper half")
        #expect(homes.allSatisfy { (0..<slots).contains($0) })
    }

    /// Compiling reads a producer as a `Producer<Value>` by comparing its value type, not by a
    /// cast: it must answer what the cast would.
    @Test func aProducerIsTypedOnlyAsTheExactTypeItMakes() throws {
        let container = Container()
        _ = try container.resolve(Machine.self)
        _ = try container.propertyInjector(for: Panel.self)
        let part = try container.registry.producer(for: BindingKey(Part.self, tag: nil))
        #expect(part.typed(Part.self) === part)
        #expect(part.typed(Part?.self) == nil)
        #expect(part.typed(AnyObject.self) == nil)
        #expect(part.typed(Machine.self) == nil)
        let panelTarget = try container.registry.producer(
            for: BindingKey(type: Panel.self, tag: PropertyInjectionTarget.self))
        #expect(panelTarget is InjectionTargetProducer)
        #expect(panelTarget.typed(Panel.self) == nil)
    }

    /// Compiling reads a class's `[Dependency<Root>]` as `[Dependency<AnyObject>]`, which holds
    /// only while `Dependency`'s stored properties do not mention `Root`.
    @Test func declaredDependenciesAreReadWithoutTheirRootType() {
        #expect(MemoryLayout<Dependency<Machine>>.size == MemoryLayout<DeclaredDependency>.size)
        #expect(MemoryLayout<Dependency<Machine>>.stride == MemoryLayout<DeclaredDependency>.stride)
        #expect(MemoryLayout<Dependency<Machine>>.alignment == MemoryLayout<DeclaredDependency>.alignment)
        let declared = DeclaredDependency.all(Machine.dependencies)
        #expect(declared.map(\.requirement.propertyName) == ["assembly", "part"])
        #expect(zip(declared, Machine.dependencies).allSatisfy { $0.requirement === $1.requirement })
    }

    @Test func compiledGraphLinksProducersDirectly() throws {
        let container = Container()
        _ = try container.resolve(Machine.self)
        let machine = try container.registry.producer(for: BindingKey(Machine.self, tag: nil))
        let part = try container.registry.producer(for: BindingKey(Part.self, tag: nil))
        #expect(machine.edges.map(\.label) == ["assembly", "part"])
        #expect(machine.edges[1].target === part)
    }
}
