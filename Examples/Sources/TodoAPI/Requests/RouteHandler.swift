public import Autowire
public import Hummingbird

/// A route's handler: an `Injectable` class that the app resolves anew for each request, from
/// that request's child container, so its services see the request's data.
public protocol RouteHandler: Injectable, SendableMetatype {
    /// What the route answers: a `Codable` value, a `Response`, anything Hummingbird can send.
    associatedtype Output: ResponseGenerator

    /// Answers one request.
    func handle(_ request: Request, context: BasicRequestContext) async throws -> Output
}
