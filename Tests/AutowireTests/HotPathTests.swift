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
    /// make lookups long linear probes.
    @Test(arguments: [64, 256, 1_024])
    func resolutionTableSpreadsProducersOverItsSlots(slots: Int) {
        let producers = (0..<slots / 2).map { _ in Part() }
        let homes = producers.map { ResolutionState.home(of: ObjectIdentifier($0), mask: slots - 1) }
        // A good hash gives about 0.79 × count distinct homes here (random addresses: never below
        // 0.59 in 3,000 simulated tables); half is far from either.
        #expect(Set(homes).count >= producers.count / 2, "\(Set(homes).count) distinct homes")
        // Each half gets about half the homes. An eighth is far below that even for 32 objects,
        // and far above the none that bunching in one half gives. (A quarter failed now and then:
        // 32 fair coin flips leave 7 or fewer on one side 0.2% of the time; 3 or fewer, 0.0003%.)
        let lowerHalf = homes.filter { $0 < slots / 2 }.count
        #expect(lowerHalf >= producers.count / 8, "\(lowerHalf) homes in the lower half")
        #expect(producers.count - lowerHalf >= producers.count / 8, "\(producers.count - lowerHalf) in the upper half")
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
