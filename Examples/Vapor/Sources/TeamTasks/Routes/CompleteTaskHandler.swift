public import Autowire
public import Vapor

/// `POST /teams/:teamID/tasks/:taskID/done`: the task, marked done; 404 when the team has no such
/// task, 400 when an id is not a UUID.
///
/// Constructor-injected: its service is an `init` parameter.
public final class CompleteTaskHandler: ConstructorInjectable {
    /// The request's task service.
    public let tasks: TaskService

    /// A handler over the request's service.
    public init(tasks: TaskService) {
        self.tasks = tasks
    }

    /// How the container makes it: through ``init(tasks:)``.
    public static let construction = Construction(CompleteTaskHandler.init, labels: "tasks")

    /// Answers one request.
    public func handle(_ req: Request) async throws -> TaskDTO {
        try await tasks.complete(task: req.uuid("taskID"), inTeam: req.uuid("teamID"))
    }
}
