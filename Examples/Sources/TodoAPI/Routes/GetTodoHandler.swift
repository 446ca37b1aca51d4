public import Autowire
public import Hummingbird

/// `GET /todos/:id`: one todo; 404 when there is none, 400 when the id is not a number.
public final class GetTodoHandler: RouteHandler {
    /// The request's todo service.
    public var todos: TodoService!

    public static let dependencies: [Dependency<GetTodoHandler>] = [.inject(\.todos)]

    /// A handler whose service the container fills.
    public init() {}

    public func handle(_ request: Request, context: BasicRequestContext) async throws -> Todo {
        // `require(_:as:)` throws a 400 Bad Request when the parameter is not an integer.
        let id = try context.parameters.require("id", as: Int64.self)
        return try await todos.todo(id: id)
    }
}
