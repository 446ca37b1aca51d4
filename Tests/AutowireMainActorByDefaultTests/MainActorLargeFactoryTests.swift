import Autowire
import Testing

// Typed factories and constructions of more parameters than the fixed-arity overloads take (six),
// in a module whose types are `@MainActor` by default: their initializers are `@MainActor`, and
// every spelling must still pick the main-actor overload. `to(factory:labels:)` and
// `Construction(_:labels:)` past six parameters failed to compile here with "loses global actor
// 'MainActor'" (issue 42), while the same nonisolated initializers built.

/// A dependency opted out of the module's isolation, so that only the factories under test are
/// held to the main thread.
nonisolated final class Gear: Injectable {}

/// Seven parameters; `@MainActor` by the module's default isolation.
final class Dashboard {
    let gears: [Gear]
    init(a: Gear, b: Gear, c: Gear, d: Gear, e: Gear, f: Gear, g: Gear) { gears = [a, b, c, d, e, f, g] }
}

/// Eight parameters, made through its own construction.
final class Cockpit: ConstructorInjectable {
    let gears: [Gear]
    init(a: Gear, b: Gear, c: Gear, d: Gear, e: Gear, f: Gear, g: Gear, h: Gear) { gears = [a, b, c, d, e, f, g, h] }
    static let construction = Construction(Cockpit.init)
}

/// Seven parameters, made through its own construction, which names them.
final class Helm: ConstructorInjectable {
    let gears: [Gear]
    init(a: Gear, b: Gear, c: Gear, d: Gear, e: Gear, f: Gear, g: Gear) { gears = [a, b, c, d, e, f, g] }
    static let construction = Construction(Helm.init, labels: "a", "b", "c", "d", "e", "f", "g")
}

@Suite struct MainActorLargeFactoryTests {
    /// The diagnostic code of resolving `type` from a detached task, off the main actor.
    private func codeOffTheMainActor<T>(_ type: T.Type, in container: Container) async -> Diagnostic.Code? {
        await Task.detached { () -> Diagnostic.Code? in
            do {
                _ = try container.resolve(T.self)
                return nil
            } catch {
                return (error as? ResolutionError)?.diagnostics.first?.code
            }
        }.value
    }

    @Test func aMainActorInitializerOfSevenParametersBindsAsATypedFactory() async throws {
        let container = try Container { binder in binder.bind(Dashboard.self).to(factory: Dashboard.init) }
        let dashboard = try container.resolve(Dashboard.self)
        #expect(dashboard.gears.count == 7)
        #expect(Set(dashboard.gears.map(ObjectIdentifier.init)).count == 1)  // one `.graph` gear per resolve
        #expect(await codeOffTheMainActor(Dashboard.self, in: container) == .mainActorRequired)
    }

    @Test func aMainActorInitializerOfSevenParametersBindsAsATypedFactoryWithLabels() async throws {
        let container = try Container { binder in
            binder.bind(Dashboard.self).to(factory: Dashboard.init, labels: "a", "b", "c", "d", "e", "f", "g")
        }
        #expect(try container.resolve(Dashboard.self).gears.count == 7)
        #expect(container.graph(from: Dashboard.self).textTree.contains("└─ g: Gear (autowired, graph)"))
        #expect(await codeOffTheMainActor(Dashboard.self, in: container) == .mainActorRequired)
    }

    @Test func aMainActorInitializerOfEightParametersIsAConstruction() async throws {
        let container = Container()
        #expect(try container.resolve(Cockpit.self).gears.count == 8)
        #expect(await codeOffTheMainActor(Cockpit.self, in: container) == .mainActorRequired)
    }

    @Test func aMainActorInitializerOfSevenParametersIsAConstructionWithLabels() async throws {
        let container = Container()
        #expect(try container.resolve(Helm.self).gears.count == 7)
        #expect(container.graph(from: Helm.self).textTree.contains("└─ g: Gear (autowired, graph)"))
        #expect(await codeOffTheMainActor(Helm.self, in: container) == .mainActorRequired)
    }
}
