public import Autowire
public import Hummingbird

/// `GET /todos`: every todo, oldest first.
public final class ListTodosHandler: RouteHandler {
    /// The request's todo service.
    public var todos: TodoService!

    public static let dependencies: [Dependency<ListTodosHandler>] = [.inject(\.todos)]

    /// A handler whose service the container fills.
    public init() {}

    public func handle(_ request: Request, context: BasicRequestContext) async throws -> [Todo] {
        try await todos.list()
    }
}
