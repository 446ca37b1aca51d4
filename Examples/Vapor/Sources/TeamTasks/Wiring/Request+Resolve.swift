import Autowire
public import Vapor

extension Request {
    /// An instance of `type` for this request, resolved through the app's request scope: anything
    /// in its graph that depends on `Request` (or on the request scope's bindings: the request's
    /// `Database`, its ``CurrentUser``) gets this request's, and the app's singletons are shared.
    ///
    /// ```swift
    /// app.get("teams") { req in try await req.resolve(ListTeamsHandler.self).handle(req) }
    /// ```
    ///
    /// - Throws: `ResolutionError` naming the path to a problem, or `Abort(.internalServerError)`
    ///   when `configure(_:)` has not set up the container.
    public func resolve<T>(_ type: T.Type = T.self) throws -> T {
        try application.requests.resolve(T.self, for: self)
    }
}
