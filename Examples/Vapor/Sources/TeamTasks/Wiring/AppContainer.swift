public import Autowire
import Fluent
public import Logging
public import Vapor

/// Every binding, in one place: the app-wide ones in ``make(settings:logger:)``, the ones made from
/// each request in ``requestScope(over:)``.
///
/// What is not here is autowired, with no binding: ``UserDirectory`` and ``UserHeaderMiddleware``
/// (app-wide singletons by their own `scope`), and per request ``TeamService``, ``TaskService`` and
/// the route handlers, resolved with `req.resolve(_:)`.
public enum AppContainer {
    /// The app's container for `settings`, logging through `logger` (Vapor's `app.logger`).
    ///
    /// Nothing is created here; ``validate(_:requests:)`` creates and checks the graphs at boot.
    ///
    /// - Throws: `ConfigurationError` listing every problem in the bindings.
    public static func make(settings: TeamSettings, logger: Logger) throws -> Container {
        try Container { binder in
            // Configuration values, read from the environment by `TeamSettings`.
            binder.bind(String.self).tagged(DatabasePath.self).to(value: settings.databasePath)
            binder.bind([String].self).tagged(KnownUsers.self).to(value: settings.users)

            // App-wide services: one each, shared by every request.
            binder.bind(Logger.self).to(value: logger)
            binder.bind((any AppClock).self).to(value: SystemAppClock())
            binder.bind((any TaskNotifier).self).to(LogTaskNotifier.self)
        }
    }

    /// The request scope over `container`: its graphs see the request being handled, Vapor's own
    /// `Request`, and what this scope's bindings make from it: the request's `Database` (`req.db`)
    /// and the ``CurrentUser`` that ``UserHeaderMiddleware`` logged in.
    ///
    /// Request-made bindings belong here, in the scope's binder: the app container never binds
    /// `Request`. Made once at boot; each handler's graph is compiled on its first request.
    ///
    /// - Throws: `ConfigurationError` for a problem in these bindings.
    public static func requestScope(over container: Container) throws -> RequestScope<Request> {
        try container.requestScope(for: Request.self) { binder in
            // Typed factories of the request, not closures that resolve it: validation sees that
            // these reach the request, and checks their graphs without running them.
            binder.bind((any Database).self).to(factory: { (request: Request) in request.db }, labels: "request")
            binder.bind(CurrentUser.self).to(
                factory: { (request: Request) in try request.auth.require(CurrentUser.self) }, labels: "request")
        }
    }

    /// Checks the wiring at boot and returns the reports; throws a report's errors at once.
    ///
    /// The app-wide roots (the middleware, the notifier) are validated in `container`, and are
    /// created and filled there, so a problem stops the app before it serves. The route handlers
    /// are validated in `requests`, as each request resolves them: the request is an input of their
    /// graphs (no request is made up, so what needs it is checked without being made), and anything
    /// kept beyond one request that reaches it is reported by name.
    @discardableResult
    public static func validate(
        _ container: Container, requests: RequestScope<Request>
    ) throws -> (app: ValidationReport, requests: ValidationReport) {
        let app = try container.validate(UserHeaderMiddleware.self, (any TaskNotifier).self)
        let perRequest = try requests.validate(
            ListTeamsHandler.self, CreateTeamHandler.self, ListTasksHandler.self, CreateTaskHandler.self,
            CompleteTaskHandler.self)
        return (app, perRequest)
    }
}
