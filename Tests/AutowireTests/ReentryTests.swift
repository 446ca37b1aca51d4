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

/// Made by a closure that first resolves its own type afresh from the container (`reentered`).
private final class Widget {}
/// An autowired class whose property a closure makes, and that closure resolves afresh the same type.
private protocol Gadget: AnyObject {}
private final class Gizmo: Gadget {}
private final class Shelf: Injectable {
    var gadget: (any Gadget)!
    static let dependencies: [Dependency<Shelf>] = [.inject(\.gadget)]
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

    /// A fresh resolve started inside a closure factory sees none of the enclosing resolve's
    /// objects, so without the check that the factory is running around it, it would start the
    /// factory again at every level, until the thread's stack ran out.
    @Test func aClosureFactoryThatResolvesItsOwnTypeAfreshIsACycleNamingIt() throws {
        let container = try Container {
            $0.bind(Widget.self).scoped(.transient).to { _ in
                _ = try reentered.withLock { $0 }?.resolve(Widget.self)
                return Widget()
            }
        }
        reentered.withLock { $0 = container }
        defer { reentered.withLock { $0 = nil } }
        let error = captureResolutionError { try container.resolve(Widget.self) }
        #expect(error?.code == .unclosableCycle)
        #expect(
            error?.diagnostics.first?.message
                == "Widget is needed again while its factory is still running, so the cycle can never close.")
        #expect(error?.diagnostics.first?.path == ["Widget", "Widget"])
    }

    /// The same, for a closure a program calls below its root.
    @Test func aClosureBelowAnAutowiredRootThatResolvesItsOwnTypeAfreshIsACycleNamingIt() throws {
        let container = try Container {
            $0.bind((any Gadget).self).scoped(.transient).to { _ in
                _ = try reentered.withLock { $0 }?.resolve((any Gadget).self)
                return Gizmo()
            }
        }
        reentered.withLock { $0 = container }
        defer { reentered.withLock { $0 = nil } }
        let error = captureResolutionError { try container.resolve(Shelf.self) }
        #expect(error?.code == .unclosableCycle)
        #expect(
            error?.diagnostics.first?.message
                == "Gadget is needed again while its factory is still running, so the cycle can never close.")
        #expect(error?.diagnostics.first?.path == ["Shelf.gadget", "Gadget", "Gadget"])
    }
}
