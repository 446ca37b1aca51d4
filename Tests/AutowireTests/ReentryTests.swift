import Autowire
import Testing

/// The container a getter below calls back into; set by each test before it resolves.
private let reentered = Locked<Container?>(nil)

private final class Clock: Injectable {}
/// Its `dependencies` getter resolves from the container that is reading it.
private final class Scheduler: Injectable {
    var clock: Clock!
    static var dependencies: [Dependency<Scheduler>] {
        _ = try? reentered.withLock { $0 }?.resolve(Clock.self)
        return [.inject(\.clock)]
    }
}
/// Its `scope` getter resolves from the container that is reading it.
private final class Session: Injectable {
    static var scope: Scope {
        _ = try? reentered.withLock { $0 }?.resolve(Clock.self)
        return .singleton
    }
}

@Suite(.serialized) struct ReentryTests {
    /// Before, the getter ran inside the registry's write lock; `EDEADLK` was ignored and the run
    /// ended in "Fatal access conflict".
    @Test func aDependenciesGetterThatResolvesIsAnErrorNamingTheType() throws {
        let container = Container()
        reentered.withLock { $0 = container }
        defer { reentered.withLock { $0 = nil } }
        let error = captureResolutionError { try container.resolve(Scheduler.self) }
        #expect(
            error?.description == """
                error[container-reentered]: Scheduler.dependencies requested Clock from the container that was reading it to compile Scheduler's plan.
                  path: Scheduler → Clock
                  fix: Make Scheduler.dependencies a plain list or value (`static let`) that uses no container; declare what Scheduler needs with `.inject(…)`, or resolve it later, in `init()` or a method.
                """)
    }

    @Test func aScopeGetterThatResolvesIsAnErrorNamingTheType() throws {
        let container = Container()
        reentered.withLock { $0 = container }
        defer { reentered.withLock { $0 = nil } }
        let error = captureResolutionError { try container.resolve(Session.self) }
        #expect(error?.code == .containerReentered)
        #expect(
            error?.diagnostics.first?.message
                == "Session.scope requested Clock from the container that was reading it to compile Session's plan.")
    }

    /// Graph export compiles under the same lock: the getter's resolve must fail, not trap.
    @Test func exportingTheGraphOfATypeWhoseGetterResolvesNeverTraps() throws {
        let container = Container()
        reentered.withLock { $0 = container }
        defer { reentered.withLock { $0 = nil } }
        let graph = container.graph(from: Scheduler.self)
        #expect(graph.nodes.map(\.typeName) == ["Scheduler", "Clock"])
    }
}
