public import Hummingbird
public import Logging

/// What the per-request graph knows about the request it serves: the request value of the app's
/// `RequestScope` (see ``RouteResolver``), so any service of that request can declare it as a
/// dependency (a property or an `init` parameter).
public struct RequestContextData: Sendable {
    /// Hummingbird's id for the request, also in every log line of it.
    public let requestID: String
    /// The request's method and path, for logs and messages.
    public let method: String
    /// The path the client asked for.
    public let path: String
    /// The request's logger: the app's logger with the request id as metadata.
    public let logger: Logger

    /// The data of one request.
    public init(requestID: String, method: String, path: String, logger: Logger) {
        self.requestID = requestID
        self.method = method
        self.path = path
        self.logger = logger
    }

    /// The data of `request`, as Hummingbird hands it to a route.
    public init(_ request: Request, context: some RequestContext) {
        self.init(
            requestID: context.id, method: request.method.rawValue, path: request.uri.path, logger: context.logger)
    }
}
