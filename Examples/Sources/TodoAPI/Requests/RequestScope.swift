public import Autowire
public import Hummingbird

/// Turns a ``RouteHandler`` type into a Hummingbird route closure that, for each request, makes a
/// child of the app's container with that request's ``RequestContextData`` bound, resolves the
/// handler from it and calls it.
///
/// The child sees every app-wide binding (database, repositories, clock, logger); what it resolves
/// for the request (services, the handler) lives as long as the request.
public struct RequestScope: Sendable {
    /// The app's container, parent of every request's container.
    public let container: Container

    /// Request scopes over `container`.
    public init(container: Container) {
        self.container = container
    }

    /// The child container of one request.
    public func requestContainer(for data: RequestContextData) throws -> Container {
        try container.child { binder in
            binder.bind(RequestContextData.self).to(value: data)
        }
    }

    /// A route closure that resolves a `Handler` per request and calls it.
    public func route<Handler: RouteHandler>(
        _ handler: Handler.Type
    ) -> @Sendable (Request, BasicRequestContext) async throws -> Handler.Output {
        { request, context in
            let handler = try requestContainer(for: RequestContextData(request, context: context)).resolve(Handler.self)
            return try await handler.handle(request, context: context)
        }
    }
}
