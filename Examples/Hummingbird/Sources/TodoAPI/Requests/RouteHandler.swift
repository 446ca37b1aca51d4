public import Hummingbird

/// A route's handler: a class the app resolves anew for each request, through ``RouteResolver``,
/// so its services see the request's data.
///
/// Handlers need no binding: each is `ConstructorInjectable` (its dependencies are `init`
/// parameters) or `Injectable` (the container fills its properties), and the container autowires it.
public protocol RouteHandler: AnyObject, SendableMetatype {
    /// What the route answers: a `Codable` value, a `Response`, anything Hummingbird can send.
    associatedtype Output: ResponseGenerator

    /// Answers one request.
    func handle(_ request: Request, context: BasicRequestContext) async throws -> Output
}
