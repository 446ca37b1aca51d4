import Foundation
import Testing

@testable import Autowire

// `RequestScope.validate` and `graph(from:)`: a request scope's graphs checked at start-up, with
// the request as an input of every graph, before the first request can fail.

private struct TeamRequest: Sendable {
    let userID: Int
}

private protocol TaskRepository: AnyObject {}
private final class InMemoryTaskRepository: TaskRepository, Injectable {
    static var scope: Scope { .singleton }
}
private final class CurrentUser: ConstructorInjectable {
    let id: Int
    init(request: TeamRequest) { id = request.userID }
    static let construction = Construction(CurrentUser.init)
}

/// The newcomer's mistake: a service kept for the app's lifetime that reads the current user.
private final class TaskService: Injectable {
    static var scope: Scope { .singleton }
    var user: CurrentUser!
    var repository: TaskRepository!
    static let dependencies: [Dependency<TaskService>] = [.inject(\.user), .inject(\.repository)]
}
private final class CreateTaskHandler: Injectable {
    var tasks: TaskService!
    static let dependencies: [Dependency<CreateTaskHandler>] = [.inject(\.tasks)]
}

/// The right shape: made for each request, sharing the app's repository.
private final class RequestTaskService: Injectable {
    var user: CurrentUser!
    var repository: TaskRepository!
    static let dependencies: [Dependency<RequestTaskService>] = [.inject(\.user), .inject(\.repository)]
}
private final class ListTasksHandler: Injectable {
    var tasks: RequestTaskService!
    var request: TeamRequest!
    static let dependencies: [Dependency<ListTasksHandler>] = [.inject(\.tasks), .inject(\.request)]
}

private final class DeferredHandler: Injectable {
    var user: Lazy<CurrentUser>!
    static let userLine = #line + 1
    static let dependencies: [Dependency<DeferredHandler>] = [.inject(\.user)]
}

private enum Greeting: Autowire.Tag { typealias Value = String }
private final class GreetingHandler: Injectable {
    var greeting: String!
    static let dependencies: [Dependency<GreetingHandler>] = [.inject(\.greeting, tag: Greeting.self)]
}

private struct DatabaseUnavailable: Error {}

private protocol AuditTrail {}
private final class AuditedHandler: Injectable {
    var trail: AuditTrail!
    static let trailLine = #line + 1
    static let dependencies: [Dependency<AuditedHandler>] = [.inject(\.trail)]
}

@Suite struct RequestScopeValidationTests {
    private let app: Container

    init() throws {
        app = try Container { binder in
            binder.bind(TaskRepository.self).to(InMemoryTaskRepository.self)
        }
    }

    @Test func aGraphThatReadsTheRequestValidatesWithNoProblems() throws {
        let requests = try app.requestScope(for: TeamRequest.self)
        let report = try requests.validate(ListTasksHandler.self)
        #expect(report.diagnostics.isEmpty)
        #expect(report.description == "Validation of ListTasksHandler (6 types, 1 binding) found no problems.")
    }

    @Test func aSingletonThatDependsOnTheRequestIsReportedByNameAndScopeAtValidate() throws {
        let scopeLine = #line + 1
        let requests = try app.requestScope(for: TeamRequest.self)
        let error = try #require(throws: ValidationError.self) { try requests.validate(CreateTaskHandler.self) }
        #expect(
            error.report.errors.map(\.description) == [
                """
                error[request-scoped-singleton]: TaskService is kept in the `.singleton` scope and depends on \
                TeamRequest, the request of a RequestScope, which is different for every request: it would hand one \
                request's TeamRequest to later requests.
                  at: AutowireTests/RequestScopeValidationTests.swift:\(scopeLine)
                  path: CreateTaskHandler.tasks → TaskService.user → parameter 1 of CurrentUser's factory → TeamRequest
                  fix: Give TaskService the `.graph` scope (one per request) or `.transient`, or stop it depending on \
                TeamRequest.
                """
            ])
    }

    @Test func aHandleWhoseTargetNeedsTheRequestIsReportedAtValidate() throws {
        let requests = try app.requestScope(for: TeamRequest.self)
        let error = try #require(throws: ValidationError.self) { try requests.validate(DeferredHandler.self) }
        #expect(error.report.errors.map(\.code) == [.requestUnavailable])
        #expect(
            error.report.errors.first?.message == """
                Lazy<CurrentUser> resolves after the request's resolve has ended, and what it makes depends on \
                TeamRequest, the request of a RequestScope: there is no request then.
                """)
        #expect(error.report.errors.first?.location?.line == DeferredHandler.userLine)
    }

    @Test func aClosureFactoryOfTheScopeThatReadsTheRequestValidates() throws {
        // What a closure reads is seen only when it runs; validation has no request to give it.
        let requests = try app.requestScope(for: TeamRequest.self) { binder in
            binder.bind(String.self).tagged(Greeting.self).to { resolver in
                "Hello, user \(try resolver.resolve(TeamRequest.self).userID)"
            }
        }
        let report = try requests.validate(GreetingHandler.self)
        #expect(report.diagnostics.isEmpty)
        let handler = try requests.resolve(GreetingHandler.self, for: TeamRequest(userID: 5))
        #expect(handler.greeting == "Hello, user 5")
    }

    @Test func aFailingFactoryOfWhatARequestGraphTakesFromTheAppFailsValidation() throws {
        let app = try Container { binder in
            binder.bind(TaskRepository.self).scoped(.singleton).to { _ in throw DatabaseUnavailable() }
        }
        let requests = try app.requestScope(for: TeamRequest.self)
        let error = try #require(throws: ValidationError.self) { try requests.validate(ListTasksHandler.self) }
        #expect(error.report.errors.map(\.code) == [.factoryFailed])
        #expect(error.report.errors.first?.message == "The factory for TaskRepository threw: DatabaseUnavailable().")
    }

    @Test func aMissingBindingOfARequestGraphPointsToTheRequestScopesBinder() throws {
        let requests = try app.requestScope(for: TeamRequest.self)
        let error = try #require(throws: ValidationError.self) { try requests.validate(AuditedHandler.self) }
        #expect(
            error.report.errors.map(\.description) == [
                """
                error[missing-binding]: AuditTrail cannot be provided: it has no binding and is not an Injectable class.
                  at: AutowireTests/RequestScopeValidationTests.swift:\(AuditedHandler.trailLine)
                  path: AuditedHandler.trail → AuditTrail
                  fix: Bind it with `binder.bind(AuditTrail.self).to(…)`: in the container when every request shares \
                it, in the request scope's binder (`container.requestScope(for: TeamRequest.self) { binder in … }`) \
                when it is made from TeamRequest, or declare it `.optional(\\.trail)` if it may be absent.
                """
            ])
    }

    @Test func aValidatedRequestScopeServesRequestsWithTheContainersSingletons() throws {
        let requests = try app.requestScope(for: TeamRequest.self)
        try requests.validate(ListTasksHandler.self)
        let handler = try requests.resolve(ListTasksHandler.self, for: TeamRequest(userID: 4))
        #expect(handler.tasks.user.id == 4)
        #expect(handler.tasks.repository === (try app.resolve(TaskRepository.self)))
    }

    @Test func theRequestIsAnInputOfTheRequestScopesGraph() throws {
        let requests = try app.requestScope(for: TeamRequest.self)
        let graph = requests.graph(from: ListTasksHandler.self)
        #expect(
            graph.nodes.map(\.name).sorted() == [
                "CurrentUser", "InMemoryTaskRepository", "ListTasksHandler", "RequestTaskService", "TaskRepository",
                "TeamRequest",
            ])
    }

    @Test func anAppBindingThatNeedsAFrameworksRequestClassPointsToTheRequestScope() throws {
        // Foundation's `JSONDecoder` stands for a class of another module, such as Vapor's `Request`.
        let error = try #require(throws: ConfigurationError.self) {
            try Container { binder in
                binder.bind(Greeter.self).to(factory: RequestGreeter.init)
            }
        }
        #expect(
            error.diagnostics.first?.fix == """
                Make JSONDecoder conform to Injectable, or bind it with `binder.bind(JSONDecoder.self).to(…)`. If \
                it is different for each request (a RequestScope's request), bind what needs it in the request \
                scope's binder instead: `container.requestScope(for: JSONDecoder.self) { binder in … }`.
                """)
    }

    @Test func aMissingClassOfTheUsersOwnModuleGetsNoRequestScopeHint() throws {
        let error = try #require(throws: ResolutionError.self) { try Container().resolve(OwnClient.self) }
        #expect(
            error.diagnostics.first?.fix
                == "Make OwnClient conform to Injectable, or bind it with `binder.bind(OwnClient.self).to(…)`.")
    }
}

private protocol Greeter {}
private struct RequestGreeter: Greeter {
    init(request: JSONDecoder) {}
}
private final class OwnClient {}
