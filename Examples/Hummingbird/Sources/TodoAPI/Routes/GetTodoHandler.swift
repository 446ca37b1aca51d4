public import Autowire
public import Hummingbird

/// `GET /todos/:id`: one todo; 404 when there is none, 400 when the id is not a number.
///
/// Constructor-injected, like ``ListTodosHandler``: its service is an `init` parameter.
public final class GetTodoHandler: RouteHandler, ConstructorInjectable {
    /// The request's todo service.
    public let todos: TodoService

    /// A handler over the request's service.
    public init(todos: TodoService) {
        self.todos = todos
    }

    /// How the container makes it: through ``init(todos:)``, its parameter named in graphs.
    public static let construction = Construction(GetTodoHandler.init, labels: "todos")

    public func handle(_ request: Request, context: BasicRequestContext) async throws -> Todo {
        // `require(_:as:)` throws a 400 Bad Request when the parameter is not an integer.
        let id = try context.parameters.require("id", as: Int64.self)
        return try await todos.todo(id: id)
    }
}
