public import Autowire
public import Vapor

/// `POST /teams/:teamID/tasks` with `{"title": "…"}`: 201 and the stored task, created by the
/// request's user; 404 when there is no such team, 400 for an empty title or a body that is not
/// such JSON.
///
/// Constructor-injected: its service is an `init` parameter.
public final class CreateTaskHandler: ConstructorInjectable {
    /// The request's task service.
    public let tasks: TaskService

    /// A handler over the request's service.
    public init(tasks: TaskService) {
        self.tasks = tasks
    }

    /// How the container makes it: through ``init(tasks:)``.
    public static let construction = Construction(CreateTaskHandler.init, labels: "tasks")

    /// Answers one request.
    public func handle(_ req: Request) async throws -> Response {
        let teamID = try req.uuid("teamID")
        let task = try await tasks.create(req.content.decode(NewTask.self), inTeam: teamID)
        return try await task.encodeResponse(status: .created, for: req)
    }
}
