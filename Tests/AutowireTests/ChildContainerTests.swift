import Autowire
import Testing

private protocol OrderRepository: AnyObject {}
private final class SQLOrderRepository: OrderRepository, Injectable {}
private final class InMemoryOrderRepository: OrderRepository, Injectable {}
private final class AppClock: Injectable {
    static var scope: Scope { .singleton }
}
private final class OrderService: Injectable {
    static var scope: Scope { .singleton }
    var repository: OrderRepository!
    static let dependencies: [Dependency<OrderService>] = [.inject(\.repository)]
}
private final class AuditTrail: Injectable {
    var repository: OrderRepository!
    static let dependencies: [Dependency<AuditTrail>] = [.inject(\.repository)]
}
private final class RequestContext: Injectable {}
private final class RequestHandler: Injectable {
    static var scope: Scope { .singleton }
    var context: RequestContext!
    static let dependencies: [Dependency<RequestHandler>] = [.inject(\.context)]
}

@Suite struct ChildContainerTests {
    /// The line of the parent's `OrderRepository` binding, which shadowing messages point back to.
    private static let repositoryBindingLine = #line + 4

    private func appContainer() throws -> Container {
        try Container { binder in
            binder.bind(OrderRepository.self).scoped(.singleton).to(SQLOrderRepository.self)
        }
    }

    @Test func aChildSeesItsParentsBindings() throws {
        let child = try appContainer().child { _ in }
        #expect(try child.resolve(OrderRepository.self) is SQLOrderRepository)
    }

    @Test func anOverrideReplacesTheParentsBindingInTheChildOnly() throws {
        let parent = try appContainer()
        let child = try parent.child { binder in
            binder.override(OrderRepository.self).to(InMemoryOrderRepository.self)
        }
        #expect(try child.resolve(OrderService.self).repository is InMemoryOrderRepository)
        #expect(try parent.resolve(OrderService.self).repository is SQLOrderRepository)
    }

    @Test func parentBindingsKeepResolvingInTheParent() throws {
        let parent = try Container { binder in
            binder.bind(OrderRepository.self).scoped(.singleton).to(SQLOrderRepository.self)
            binder.bind(AuditTrail.self).scoped(.singleton).to(AuditTrail.self)
        }
        let child = try parent.child { binder in binder.bind(RequestContext.self).to(value: RequestContext()) }
        // AuditTrail is bound in the parent, so its singleton is the parent's and uses the parent's repository.
        #expect(try child.resolve(AuditTrail.self) === parent.resolve(AuditTrail.self))
        #expect(try child.resolve(AuditTrail.self).repository is SQLOrderRepository)
    }

    @Test func childrenShareTheirParentsAutowiredSingletons() throws {
        // An in-memory store must not be emptied for every request's child container.
        let parent = Container()
        let first = try parent.child { _ in }
        let second = try parent.child { binder in binder.bind(RequestContext.self).to(value: RequestContext()) }
        #expect(try first.resolve(AppClock.self) === parent.resolve(AppClock.self))
        #expect(try second.resolve(AppClock.self) === parent.resolve(AppClock.self))
    }

    @Test func aSingletonThatNeedsAChildsBindingLivesInThatChild() throws {
        let parent = Container()
        let (firstRequest, secondRequest) = (RequestContext(), RequestContext())
        let first = try parent.child { binder in binder.bind(RequestContext.self).to(value: firstRequest) }
        let second = try parent.child { binder in binder.bind(RequestContext.self).to(value: secondRequest) }
        #expect(try first.resolve(RequestHandler.self) === first.resolve(RequestHandler.self))
        #expect(try first.resolve(RequestHandler.self).context === firstRequest)
        #expect(try second.resolve(RequestHandler.self).context === secondRequest)
        // The parent autowires its own, with its own `RequestContext`.
        #expect(try parent.resolve(RequestHandler.self).context !== firstRequest)
    }

    @Test func aChildSharesWhatDoesNotDependOnItsOverrides() throws {
        let parent = try appContainer()
        let child = try parent.child { binder in
            binder.override(OrderRepository.self).to(InMemoryOrderRepository.self)
        }
        // OrderService reaches the overridden repository: the child has its own.
        #expect(try child.resolve(OrderService.self) !== parent.resolve(OrderService.self))
        // AppClock reaches nothing the child binds: one for both.
        #expect(try child.resolve(AppClock.self) === parent.resolve(AppClock.self))
    }

    @Test func aChildSingletonMayDependOnWhatOnlyTheChildBinds() throws {
        let parent = Container()
        let request = RequestContext()
        let child = try parent.child { binder in binder.bind(RequestContext.self).to(value: request) }
        #expect(try child.resolve(RequestHandler.self).context === request)
    }

    @Test func theParentNeverSeesTheChildsBindings() throws {
        let parent = Container()
        _ = try parent.child { binder in
            binder.bind(OrderRepository.self).to(InMemoryOrderRepository.self)
        }
        let error = captureResolutionError { try parent.resolve(OrderRepository.self) }
        #expect(error?.code == .missingBinding)
    }

    @Test func rebindingWithoutOverrideIsReportedAsAccidentalShadowing() throws {
        let parent = try appContainer()
        let line = #line + 2
        let error = captureConfigurationError {
            try parent.child { $0.bind(OrderRepository.self).to(InMemoryOrderRepository.self) }
        }
        #expect(
            error?.description == """
                Container configuration has 1 problem:

                error[accidental-shadowing]: OrderRepository is bound again in a child container, hiding the parent's binding.
                  at: AutowireTests/ChildContainerTests.swift:\(line)
                  also: AutowireTests/ChildContainerTests.swift:\(Self.repositoryBindingLine)
                  path: OrderRepository
                  fix: If the child is meant to replace it, write `binder.override(OrderRepository.self)`; otherwise remove this binding.
                """)
    }

    @Test func anOverrideOfNothingIsReported() throws {
        let line = #line + 1
        let error = captureConfigurationError { try Container().child { $0.override(AppClock.self).to(AppClock.self) } }
        #expect(
            error?.description == """
                Container configuration has 1 problem:

                error[override-of-nothing]: AppClock is overridden, but no parent container binds it.
                  at: AutowireTests/ChildContainerTests.swift:\(line)
                  path: AppClock
                  fix: Use `binder.bind(AppClock.self)` for a new binding, or check the type and tag being overridden.
                """)
    }
}
