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

    @Test func resolutionTableSpreadsProducersOverItsSlots() {
        let producers = (0..<8).map { _ in Part() }
        let homes = Set(producers.map { ResolutionState.home(of: ObjectIdentifier($0), mask: 15) })
        // Eight objects all hashing to one slot of sixteen would make every lookup a linear probe.
        #expect(homes.count > 1)
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
