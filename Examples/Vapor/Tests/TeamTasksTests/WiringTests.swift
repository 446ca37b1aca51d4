import Autowire
import Fluent
import Foundation
import Testing
import TeamTasks
import Vapor
import VaporTesting

/// What `configure` sets up and checks at boot, checked here too: the container in `app.storage`,
/// the request scope's graphs, the middleware singleton, validation.
@Suite struct WiringTests {
    @Test func theAppsWiringValidatesWithoutWarnings() async throws {
        try await TestApp.run(container: TestApp.container()) { app in
            let report = try AppContainer.validate(app.container, requests: app.requests)
            #expect(report.warnings.isEmpty)
            #expect("\(report)".hasSuffix("found no problems."))
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
            // One TeamService per request, shared by what that request's graph holds.
            #expect(alices.tasks.teams.database as AnyObject === alices.tasks.database as AnyObject)
            #expect(alices.tasks.teams !== bobs.tasks.teams)
            #expect(alices.tasks.notifier as AnyObject === bobs.tasks.notifier as AnyObject)
            #expect(try app.container.resolve((any TaskNotifier).self) as AnyObject === alices.tasks.notifier as AnyObject)
        }
    }

    @Test func aHandlerNeedingTheUserFailsForARequestNoOneLoggedIn() async throws {
        try await TestApp.run(container: TestApp.container()) { app in
            let request = Request(application: app, on: app.eventLoopGroup.any())
            // The middleware logs the user in before any route runs; without it, the binding throws.
            let error = try #require(throws: ResolutionError.self) { try request.resolve(ListTasksHandler.self) }
            #expect(error.diagnostics.map(\.code) == [.factoryFailed])
            #expect(
                error.diagnostics.first?.path == [
                    "parameter tasks of ListTasksHandler's factory", "parameter user of TaskService's factory",
                    "CurrentUser",
                ])
            // Team routes do not need a user, so their graphs resolve.
            #expect(try request.resolve(ListTeamsHandler.self).teams.database is any Database)
        }
    }

    @Test func theRequestScopeRefusesASingletonThatKeepsARequestsService() async throws {
        try await TestApp.run(container: TestApp.container()) { app in
            let error = try #require(throws: ResolutionError.self) {
                try Request.loggedIn("alice", on: app).resolve(TeamCache.self)
            }
            #expect(error.diagnostics.map(\.code) == [.requestScopedSingleton])
            #expect(
                error.diagnostics.first?.path == [
                    "parameter teams of TeamCache's factory", "parameter database of TeamService's factory",
                    "any Database", "Request",
                ])
        }
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

extension Request {
    /// A request of `app` for which the middleware logged in `user`.
    static func loggedIn(_ user: String, on app: Application) -> Request {
        let request = Request(application: app, on: app.eventLoopGroup.any())
        request.auth.login(CurrentUser(name: user))
        return request
    }
}
