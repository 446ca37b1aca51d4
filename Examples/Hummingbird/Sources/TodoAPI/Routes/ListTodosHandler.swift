public import Autowire
public import Hummingbird

/// `GET /todos`: every todo, oldest first.
///
/// Constructor-injected, like ``GetTodoHandler``: its service is an `init` parameter.
public final class ListTodosHandler: RouteHandler, ConstructorInjectable {
    /// The request's todo service.
    public let todos: TodoService

    /// A handler over the request's service.
    public init(todos: TodoService) {
        self.todos = todos
    }

    /// How the container makes it: through ``init(todos:)``, its parameter named in graphs.
    public static let construction = Construction(ListTodosHandler.init, labels: "todos")

    public func handle(_ request: Request, context: BasicRequestContext) async throws -> [Todo] {
        try await todos.list()
    }
}
