public import Autowire
import Hummingbird

/// The todo rules: titles are trimmed and must not be empty, new todos are stamped by the app's
/// clock, and each change is logged with the request's id.
///
/// One per request (the `.graph` default): it holds the request's data. Constructor-injected: the
/// container calls `init(repository:clock:request:)` with what it resolves, with no binding, so the
/// dependencies are `let` and the class is `Sendable` as it is.
public final class TodoService: ConstructorInjectable, Sendable {
    /// Where todos are kept: a protocol, bound to ``SQLiteTodoRepository``.
    public let repository: any TodoRepository
    /// What time it is.
    public let clock: any AppClock
    /// The request this service serves.
    public let request: RequestContextData

    /// A service for `request`, over `repository` and `clock`.
    public init(repository: any TodoRepository, clock: any AppClock, request: RequestContextData) {
        self.repository = repository
        self.clock = clock
        self.request = request
    }

    /// How the container makes it: through ``init(repository:clock:request:)``.
    public static let construction = Construction(TodoService.init, labels: "repository", "clock", "request")

    /// Every todo, oldest first.
    public func list() async throws -> [Todo] {
        try await repository.all()
    }

    /// The todo with `id`.
    ///
    /// - Throws: `HTTPError(.notFound)` when there is none.
    public func todo(id: Int64) async throws -> Todo {
        guard let todo = try await repository.find(id: id) else {
            throw HTTPError(.notFound, message: "No todo has id \(id).")
        }
        return todo
    }

    /// Stores `new` and returns it with its id.
    ///
    /// - Throws: `HTTPError(.badRequest)` when the title is empty once trimmed.
    public func create(_ new: NewTodo) async throws -> Todo {
        let title = new.title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else {
            throw HTTPError(.badRequest, message: "A todo needs a title that is not empty.")
        }
        let todo = try await repository.insert(title: title, done: new.done ?? false, createdAt: clock.now())
        request.logger.info("Created todo", metadata: ["todo.id": "\(todo.id)"])
        return todo
    }
}
