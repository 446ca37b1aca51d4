public import Autowire
public import Fluent
import Foundation
import Vapor

/// The task rules: a task belongs to a team, its title is trimmed and must not be empty, it is
/// stamped with the app's clock and the request's user, and the team is told of it.
///
/// One per request: its `Database` and ``CurrentUser`` come from the request scope's bindings, its
/// ``TeamService`` is the request's, and its clock and notifier are the app's singletons.
/// Constructor-injected, with no binding.
public final class TaskService: ConstructorInjectable, Sendable {
    /// The request's database.
    public let database: any Database
    /// The request's team service, which finds the team a task belongs to.
    public let teams: TeamService
    /// The user the request acts for.
    public let user: CurrentUser
    /// What time it is.
    public let clock: any AppClock
    /// Told of each task created.
    public let notifier: any TaskNotifier

    /// A service for one request.
    public init(
        database: any Database, teams: TeamService, user: CurrentUser, clock: any AppClock,
        notifier: any TaskNotifier
    ) {
        self.database = database
        self.teams = teams
        self.user = user
        self.clock = clock
        self.notifier = notifier
    }

    /// How the container makes it: through ``init(database:teams:user:clock:notifier:)``.
    public static let construction = Construction(
        TaskService.init, labels: "database", "teams", "user", "clock", "notifier")

    /// The tasks of the team with `teamID`, oldest first.
    ///
    /// - Throws: `Abort(.notFound)` when there is no such team.
    public func tasks(ofTeam teamID: UUID) async throws -> [TaskDTO] {
        let team = try await teams.team(id: teamID)
        return try await team.$tasks.query(on: database).sort(\.$createdAt).sort(\.$title).all().map(Self.dto)
    }

    /// Stores a task titled `new.title`, trimmed, in the team with `teamID`, created by the
    /// request's user now, and tells the notifier.
    ///
    /// - Throws: `Abort(.notFound)` when there is no such team, `Abort(.badRequest)` when the
    ///   title is empty once trimmed.
    public func create(_ new: NewTask, inTeam teamID: UUID) async throws -> TaskDTO {
        let team = try await teams.team(id: teamID)
        let title = new.title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else {
            throw Abort(.badRequest, reason: "A task needs a title that is not empty.")
        }
        let task = try TeamTask(
            teamID: team.requireID(), title: title, done: false, createdBy: user.name, createdAt: clock.now())
        try await task.save(on: database)
        let dto = try Self.dto(task)
        await notifier.taskCreated(dto, teamName: team.name)
        return dto
    }

    /// Marks the task with `taskID` of the team with `teamID` done.
    ///
    /// - Throws: `Abort(.notFound)` when the team has no such task.
    public func complete(task taskID: UUID, inTeam teamID: UUID) async throws -> TaskDTO {
        guard let task = try await TeamTask.find(taskID, on: database), task.$team.id == teamID else {
            throw Abort(.notFound, reason: "Team \(teamID) has no task with id \(taskID).")
        }
        task.done = true
        try await task.save(on: database)
        return try Self.dto(task)
    }

    static func dto(_ task: TeamTask) throws -> TaskDTO {
        try TaskDTO(
            id: task.requireID(), teamID: task.$team.id, title: task.title, done: task.done,
            createdBy: task.createdBy, createdAt: task.createdAt)
    }
}
