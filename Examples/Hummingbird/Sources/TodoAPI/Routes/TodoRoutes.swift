public import Hummingbird

/// The API's routes, each served by a handler resolved per request.
public enum TodoRoutes {
    /// Adds `GET /todos`, `POST /todos` and `GET /todos/:id` to `router`.
    public static func add(to router: Router<BasicRequestContext>, handlers: RouteResolver) {
        router.get("/todos", use: handlers.route(ListTodosHandler.self))
        router.post("/todos", use: handlers.route(CreateTodoHandler.self))
        router.get("/todos/:id", use: handlers.route(GetTodoHandler.self))
    }
}
