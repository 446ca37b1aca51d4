public import Autowire
public import Hummingbird
public import Logging

/// Builds the Hummingbird application from a container: the server's address, its logger and its
/// routes all come from the container's bindings.
public enum TodoApp {
    /// The application, ready to `runService()` or to test.
    ///
    /// Pass the container of ``AppContainer/make(settings:logger:)``, or a child of it with some
    /// bindings overridden (tests do).
    public static func application(container: Container) throws -> some ApplicationProtocol {
        let host = try container.resolve(String.self, tag: ServerHost.self)
        let port = try container.resolve(Int.self, tag: ServerPort.self)
        let logger = try container.resolve(Logger.self)
        let handlers = try RouteResolver(container: container)
        return application(host: host, port: port, logger: logger) { router in
            TodoRoutes.add(to: router, handlers: handlers)
        }
    }

    /// An application with the server's middleware and the routes `addRoutes` adds; the benchmark
    /// uses it to serve the same handlers wired by hand.
    public static func application(
        host: String, port: Int, logger: Logger, addRoutes: (Router<BasicRequestContext>) -> Void
    ) -> some ApplicationProtocol {
        let router = Router()
        router.add(middleware: LogRequestsMiddleware(.info))
        addRoutes(router)
        return Application(
            router: router,
            configuration: .init(address: .hostname(host, port: port), serverName: "TodoServer"),
            logger: logger)
    }
}
