public import Autowire
public import Hummingbird

/// Turns a ``RouteHandler`` type into a Hummingbird route closure that resolves the handler for
/// each request, with that request's ``RequestContextData``, and calls it.
///
/// It holds an Autowire `RequestScope` made once, at start-up: each handler's graph is compiled on
/// its first request and reused by every later one. What does not depend on the request (database,
/// repository, clock, logger) is the app container's, made once; what does (``TodoService``, the
/// handler) is made anew for each request and lives as long as it.
public struct RouteResolver: Sendable {
    /// The per-request graphs: the app's container, plus the request's data.
    public let requests: RequestScope<RequestContextData>

    /// Per-request graphs over `container` (the app's container, or a child of it).
    ///
    /// - Throws: `ConfigurationError` when `container` already binds ``RequestContextData``.
    public init(container: Container) throws {
        requests = try container.requestScope(for: RequestContextData.self)
    }

    /// The `Handler` of the request whose data is `data`.
    public func handler<Handler: RouteHandler>(
        _ handler: Handler.Type, for data: RequestContextData
    ) throws -> Handler {
        try requests.resolve(Handler.self, for: data)
    }

    /// A route closure that resolves a `Handler` per request and calls it.
    public func route<Handler: RouteHandler>(
        _ handler: Handler.Type
    ) -> @Sendable (Request, BasicRequestContext) async throws -> Handler.Output {
        { request, context in
            try await self.handler(Handler.self, for: RequestContextData(request, context: context))
                .handle(request, context: context)
        }
    }
}
