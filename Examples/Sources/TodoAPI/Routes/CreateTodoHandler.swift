public import Autowire
public import Hummingbird

/// `POST /todos` with `{"title": "…"}`: 201 and the stored todo; 400 for a body that is not such
/// JSON or a title that is empty.
public final class CreateTodoHandler: RouteHandler {
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
