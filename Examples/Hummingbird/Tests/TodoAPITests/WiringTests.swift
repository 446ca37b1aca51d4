import Autowire
import Foundation
import Logging
import Testing
import TodoAPI

/// What `TodoServer` checks at start-up, checked here too.
@Suite struct WiringTests {
    @Test func theAppsWiringValidatesWithoutWarnings() throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        let report = try AppContainer.validate(database.appContainer())
        #expect(report.warnings.isEmpty)
        #expect("\(report)".hasSuffix("found no problems."))
    }

    @Test func startUpValidationFailsWhenTheDatabaseCannotOpen() throws {
        let settings = AppSettings(databasePath: "/no-such-folder/todos.sqlite")
        let container = try AppContainer.make(settings: settings, logger: Logger(label: "WiringTests"))
        let error = try #require(throws: ValidationError.self) { try AppContainer.validate(container) }
        #expect("\(error)".contains("AppDatabase"))
    }

    @Test func startUpValidationNamesASingletonThatKeepsARequestsData() throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        let requests = try database.appContainer().requestScope(for: RequestContextData.self)
        let error = try #require(throws: ValidationError.self) { try requests.validate(RequestCounter.self) }
        #expect(error.report.errors.map(\.code) == [.requestScopedSingleton])
        #expect(
            error.report.errors.first?.message
                == "RequestCounter is kept in the `.singleton` scope and depends on RequestContextData, the request of "
                + "a RequestScope, which is different for every request: it would hand one request's "
                + "RequestContextData to later requests.")
    }

    @Test func theRequestScopeRefusesASingletonThatKeepsARequestsData() throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        let handlers = try RouteResolver(container: database.appContainer())
        let error = try #require(throws: ResolutionError.self) {
            try handlers.requests.resolve(RequestCounter.self, for: .sample)
        }
        #expect(error.diagnostics.map(\.code) == [.requestScopedSingleton])
        #expect(
            error.diagnostics.first?.path == [
                "RequestCounter.todos", "parameter request of TodoService's factory", "RequestContextData",
            ])
    }

    @Test func eachRequestGetsItsOwnServiceOverTheAppsSingletons() throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        let container = try database.appContainer()
        let handlers = try RouteResolver(container: container)
        let first = try handlers.handler(GetTodoHandler.self, for: .sample(id: "first"))
        let second = try handlers.handler(CreateTodoHandler.self, for: .sample(id: "second"))

        #expect(first.todos.request.requestID == "first")
        #expect(second.todos.request.requestID == "second")
        #expect(first.todos !== second.todos)
        #expect(first.todos.repository as AnyObject === second.todos.repository as AnyObject)
        #expect(try container.resolve((any TodoRepository).self) as AnyObject === first.todos.repository as AnyObject)
    }

    @Test func theGraphShowsEveryRouteDownToTheDatabase() throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        let graph = try AppContainer.graph(database.appContainer())
        let names = Set(graph.nodes.map(\.name))
        for expected in [
            "ListTodosHandler", "CreateTodoHandler", "GetTodoHandler", "TodoService", "RequestContextData",
            "AppDatabase", "String tagged DatabasePath", "Logger",
        ] {
            #expect(names.contains(expected), "\(expected) is not in \(names.sorted())")
        }
        #expect(graph.dot.hasPrefix("digraph"))
        let service = try #require(graph.nodes.first { $0.name == "TodoService" })
        #expect(graph.edges(from: service.id).map(\.label) == ["repository:", "clock:", "request:"])
    }
}

/// A mistake the app's own check catches: an app-wide object holding a per-request service.
final class RequestCounter: Injectable {
    static let scope = Scope.singleton
    var todos: TodoService!
    static let dependencies: [Dependency<RequestCounter>] = [.inject(\.todos)]
}

extension RequestContextData {
    static let sample = sample(id: "test")

    static func sample(id: String) -> RequestContextData {
        RequestContextData(requestID: id, method: "GET", path: "/todos", logger: TemporaryDatabase.logger)
    }
}
