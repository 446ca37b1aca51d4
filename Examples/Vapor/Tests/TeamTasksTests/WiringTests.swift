import Autowire
import Fluent
import Foundation
import TeamTasks
import Testing
import Vapor
import VaporTesting

/// What `configure` sets up and checks at boot, checked here too: the container in `app.storage`,
/// the request scope's graphs, the middleware singleton, validation.
@Suite struct WiringTests {
    @Test func theAppsWiringValidatesWithoutWarnings() async throws {
        try await TestApp.run(container: TestApp.container()) { app in
            let reports = try AppContainer.validate(app.container, requests: app.requests)
            #expect(reports.app.warnings.isEmpty)
            #expect(reports.requests.warnings.isEmpty)
            #expect("\(reports.app)".hasSuffix("found no problems."))
            #expect("\(reports.requests)".hasSuffix("found no problems."))
        }
    }

    @Test func theMiddlewareIsOneSingletonForTheApp() throws {
        let container = try TestApp.container()
        #expect(try container.resolve(UserHeaderMiddleware.self) === container.resolve(UserHeaderMiddleware.self))
    }

    @Test func eachRequestGetsItsOwnServicesOverTheAppsSingletons() async throws {
        try await TestApp.run(container: TestApp.container()) { app in
            let first = Request.loggedIn("alice", on: app)
            let second = Request.loggedIn("bob", on: app)
            let alices = try first.resolve(CreateTaskHandler.self)
            let bobs = try second.resolve(CreateTaskHandler.self)

            #expect(alices.tasks.user == CurrentUser(name: "alice"))
            #expect(bobs.tasks.user == CurrentUser(name: "bob"))
            #expect(alices.tasks !== bobs.tasks)
            #expect(alices.tasks.teams !== bobs.tasks.teams)
            #expect(alices.tasks.notifier as AnyObject === bobs.tasks.notifier as AnyObject)
            #expect(
                try app.container.resolve((any TaskNotifier).self) as AnyObject === alices.tasks.notifier as AnyObject)
        }
    }

    @Test func aHandlerNeedingTheUserFailsForARequestNoOneLoggedIn() async throws {
        try await TestApp.run(container: TestApp.container()) { app in
            let request = Request(application: app, on: app.eventLoopGroup.any())
            // The middleware logs the user in before any route runs; without it, the binding throws.
            let error = try #require(throws: ResolutionError.self) { try request.resolve(ListTasksHandler.self) }
            #expect(error.diagnostics.map(\.code) == [.factoryFailed])
            #expect(error.diagnostics.first?.path == ["ListTasksHandler", "TaskService", "CurrentUser"])
            let text = "\(error)"
            #expect(
                text.hasPrefix("error[factory-failed]: The factory for CurrentUser threw: Abort.401: Unauthorized.\n"))
            #expect(text.hasSuffix("\n  fix: Fix the cause reported by the factory, or catch it inside the factory."))
            // Team routes do not need a user, so their graphs resolve.
            #expect(throws: Never.self) { try request.resolve(ListTeamsHandler.self) }
        }
    }

    @Test func theRequestScopeRefusesASingletonThatKeepsARequestsService() async throws {
        try await TestApp.run(container: TestApp.container()) { app in
            let error = try #require(throws: ResolutionError.self) {
                try Request.loggedIn("alice", on: app).resolve(TeamCache.self)
            }
            #expect(error.diagnostics.map(\.code) == [.requestScopedSingleton])
            #expect("\(error)" == (try Self.teamCacheRefusal()))
        }
    }

    @Test func bootValidationReportsASingletonThatKeepsARequestsService() async throws {
        try await TestApp.run(container: TestApp.container()) { app in
            let error = try #require(throws: ValidationError.self) { try app.requests.validate(TeamCache.self) }
            #expect(error.report.errors.map(\.code) == [.requestScopedSingleton])
            #expect("\(error)".hasSuffix("\n\n" + (try Self.teamCacheRefusal())))
        }
    }

    /// The request scope's words for `TeamCache`, at its first request and at boot alike; the
    /// location is where the app makes its request scope.
    static func teamCacheRefusal() throws -> String {
        let location = try AppSource.location(
            of: "container.requestScope(for: Request.self)", in: "Wiring/AppContainer.swift")
        return """
            error[request-scoped-singleton]: TeamCache is kept in the `.singleton` scope and depends on Request, \
            the request of a RequestScope, which is different for every request: it would hand one request's \
            Request to later requests.
              at: \(location)
              path: parameter teams of TeamCache's factory → parameter database of TeamService's factory → \
            parameter request of Database's factory → Request
              fix: Give TeamCache the `.graph` scope (one per request) or `.transient`, or stop it depending on Request.
            """
    }

    @Test func resolvingBeforeConfigureSaysWhatSetsTheContainer() async throws {
        try await withApp { app in
            let request = Request(application: app, on: app.eventLoopGroup.any())
            let error = try #require(throws: Abort.self) { try request.resolve(ListTeamsHandler.self) }
            #expect(error.status == .internalServerError)
            #expect(error.reason == "The app has no container: configure(_:) sets it, before any request.")
        }
    }
}

/// A mistake the request scope refuses: an app-wide object holding a request's service.
final class TeamCache: ConstructorInjectable {
    let teams: TeamService
    init(teams: TeamService) { self.teams = teams }
    static let construction = Construction(TeamCache.init, labels: "teams")
    static var scope: Autowire.Scope { .singleton }
}

/// The app's source, read to name a line the way the library does (`TeamTasks/File.swift:12`), so
/// that moving code does not break the expected texts.
enum AppSource {
    struct MissingLine: Error, CustomStringConvertible {
        let description: String
    }

    static func location(of text: String, in file: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/TeamTasks/\(file)")
        let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        guard let index = lines.firstIndex(where: { $0.contains(text) }) else {
            throw MissingLine(description: "\(file) has no line with \(text)")
        }
        return "TeamTasks/\(url.lastPathComponent):\(index + 1)"
    }
}

extension Request {
    /// A request of `app` for which the middleware logged in `user`.
    static func loggedIn(_ user: String, on app: Application) -> Request {
        let request = Request(application: app, on: app.eventLoopGroup.any())
        request.auth.login(CurrentUser(name: user))
        return request
    }
}
