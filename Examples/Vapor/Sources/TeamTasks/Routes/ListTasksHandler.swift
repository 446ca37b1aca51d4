public import Autowire
public import Vapor

/// `GET /teams/:teamID/tasks`: the team's tasks, oldest first; 404 when there is no such team, 400
/// when the id is not a UUID.
///
/// Constructor-injected: its service is an `init` parameter.
public final class ListTasksHandler: ConstructorInjectable {
    /// The request's task service.
    public let tasks: TaskService

    /// A handler over the request's service.
    public init(tasks: TaskService) {
        self.tasks = tasks
    }

    /// How the container makes it: through ``init(tasks:)``.
    public static let construction = Construction(ListTasksHandler.init, labels: "tasks")

    /// Answers one request.
    public func handle(_ req: Request) async throws -> [TaskDTO] {
        try await tasks.tasks(ofTeam: req.uuid("teamID"))
    }
}
