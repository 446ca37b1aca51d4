public import Autowire
public import Hummingbird

/// `POST /todos` with `{"title": "…"}`: 201 and the stored todo; 400 for a body that is not such
/// JSON or a title that is empty.
///
/// Property-injected, the other style the container autowires: an `Injectable` class made with
/// `init()`, whose `todos` the container sets from `dependencies`. The two styles mix in one graph;
/// this one suits objects made elsewhere and filled afterwards (`PropertyInjector`), or that set
/// themselves up once filled (`didInjectDependencies()`).
public final class CreateTodoHandler: RouteHandler, Injectable {
    /// The request's todo service.
    public var todos: TodoService!

    public static let dependencies: [Dependency<CreateTodoHandler>] = [.inject(\.todos)]

    /// A handler whose service the container fills.
    public init() {}

    public func handle(_ request: Request, context: BasicRequestContext) async throws -> EditedResponse<Todo> {
        // Hummingbird answers 400 Bad Request when the body does not decode.
        let new = try await request.decode(as: NewTodo.self, context: context)
        let todo = try await todos.create(new)
        return EditedResponse(status: .created, headers: [.location: "/todos/\(todo.id)"], response: todo)
    }
}
