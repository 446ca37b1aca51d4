public import Hummingbird

/// The API's routes, each served by a handler resolved per request.
public enum TodoRoutes {
    /// Adds `GET /todos`, `POST /todos` and `GET /todos/:id` to `router`.
    public static func add(to router: Router<BasicRequestContext>, scope: RequestScope) {
        router.get("/todos", use: scope.route(ListTodosHandler.self))
        router.post("/todos", use: scope.route(CreateTodoHandler.self))
        router.get("/todos/:id", use: scope.route(GetTodoHandler.self))
    }
}
