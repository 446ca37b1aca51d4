public import Autowire
public import Logging

/// The app's ``TaskNotifier``: one log line per task created.
///
/// A constructor-injected singleton: the container makes it once, through ``init(logger:)``, with
/// the app's `Logger`.
public final class LogTaskNotifier: TaskNotifier, ConstructorInjectable {
    private let logger: Logger

    /// A notifier logging through `logger`.
    public init(logger: Logger) {
        self.logger = logger
    }

    /// How the container makes it: through ``init(logger:)``.
    public static let construction = Construction(LogTaskNotifier.init, labels: "logger")

    /// One for the whole app.
    public static var scope: Scope { .singleton }

    public func taskCreated(_ task: TaskDTO, teamName: String) async {
        logger.info(
            "Task created", metadata: ["team": "\(teamName)", "task.id": "\(task.id)", "by": "\(task.createdBy)"])
    }
}
