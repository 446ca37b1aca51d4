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

    /// Checks the wiring of every route, as a request would resolve it, and returns the report;
    /// throws the report's errors at once.
    ///
    /// A `RequestScope` has no `validate` of its own, so each handler is checked as it resolves
    /// per request: in a child container with a sample ``RequestContextData`` bound, sharing the
    /// app's singletons. Probes are filled, so the database is opened (and migrated) here: a bad
    /// path fails at start-up rather than at the first request. ``NoSingletonKeepsRequestData``
    /// also checks that nothing app-wide holds on to a request's objects, which the request scope
    /// would refuse at the first request (`request-scoped-singleton`).
    @discardableResult
    public static func validate(_ container: Container) throws -> ValidationReport {
        try sampleRequestContainer(container).validate(
            ListTodosHandler.self, CreateTodoHandler.self, GetTodoHandler.self,
            checks: [NoSingletonKeepsRequestData()])
    }

    /// The dependency graph of every route's handler, as a request resolves it.
    public static func graph(_ container: Container) throws -> DependencyGraph {
        try sampleRequestContainer(container).graph(
            from: ListTodosHandler.self, CreateTodoHandler.self, GetTodoHandler.self)
    }

    /// A request's child container, for a request that never came.
    private static func sampleRequestContainer(_ container: Container) throws -> Container {
        let sample = RequestContextData(
            requestID: "sample", method: "GET", path: "/todos", logger: Logger(label: "TodoServer.sample"))
        return try container.child { binder in binder.bind(RequestContextData.self).to(value: sample) }
    }
}
