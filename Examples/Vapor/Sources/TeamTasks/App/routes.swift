public import Vapor

/// The API's routes, each served by a handler resolved for the request with `req.resolve(_:)`.
public func routes(_ app: Application) throws {
    let teams = app.grouped("teams")
    teams.get { req in try await req.resolve(ListTeamsHandler.self).handle(req) }
    teams.post { req in try await req.resolve(CreateTeamHandler.self).handle(req) }

    let tasks = teams.grouped(":teamID", "tasks")
    tasks.get { req in try await req.resolve(ListTasksHandler.self).handle(req) }
    tasks.post { req in try await req.resolve(CreateTaskHandler.self).handle(req) }
    tasks.post(":taskID", "done") { req in try await req.resolve(CompleteTaskHandler.self).handle(req) }
}
