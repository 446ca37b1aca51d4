public import Autowire
public import Logging

/// Every app-wide binding, in one place: what a newcomer reads to see how the app is wired.
///
/// What is not here is autowired, with no binding: ``AppDatabase`` and ``SQLiteTodoRepository``
/// (app-wide singletons by their own `scope`), and per request ``TodoService`` and the route
/// handlers, resolved with the request's ``RequestContextData`` (see ``RouteResolver``).
public enum AppContainer {
    /// The app's container for `settings`, logging through `logger`.
    ///
    /// Nothing is created here: the database opens on first use, or when ``validate(_:)`` checks
    /// the wiring at start-up.
    ///
    /// - Throws: `ConfigurationError` listing every problem in the bindings.
    public static func make(settings: AppSettings, logger: Logger) throws -> Container {
        try Container { binder in
            // Configuration values, read from the environment by `AppSettings`.
            binder.bind(String.self).tagged(ServerHost.self).to(value: settings.host)
            binder.bind(Int.self).tagged(ServerPort.self).to(value: settings.port)
            binder.bind(String.self).tagged(DatabasePath.self).to(value: settings.databasePath)

            // App-wide services: one each, shared by every request. Protocols need a binding; the
            // implementation is a singleton by its own scope, and so is the `AppDatabase` it needs.
            binder.bind(Logger.self).to(value: logger)
            binder.bind((any AppClock).self).to(value: SystemAppClock())
            binder.bind((any TodoRepository).self).to(SQLiteTodoRepository.self)
        }
    }

    /// Checks the wiring of every route, as a request resolves it, and returns the report; throws
    /// the report's errors at once.
    ///
    /// The request scope's `validate` checks each handler's graph with the request's
    /// ``RequestContextData`` as an input, and reports any app-wide object that would keep a
    /// request's data (`request-scoped-singleton`). What does not need the request is made and
    /// filled, so the database is opened (and migrated) here: a bad path fails at start-up rather
    /// than at the first request.
    @discardableResult
    public static func validate(_ container: Container) throws -> ValidationReport {
        try container.requestScope(for: RequestContextData.self).validate(
            ListTodosHandler.self, CreateTodoHandler.self, GetTodoHandler.self)
    }

    /// The dependency graph of every route's handler, as a request resolves it.
    public static func graph(_ container: Container) throws -> DependencyGraph {
        try container.requestScope(for: RequestContextData.self).graph(
            from: ListTodosHandler.self, CreateTodoHandler.self, GetTodoHandler.self)
    }
}
