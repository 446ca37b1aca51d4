public import Vapor

/// The user a request acts for: logged in by ``UserHeaderMiddleware`` from the `X-User` header,
/// and given to a request's graph by the request scope's binding (see ``AppContainer``).
public struct CurrentUser: Authenticatable, Equatable, Sendable {
    /// The user's name, as the header carries it.
    public let name: String

    /// The user named `name`.
    public init(name: String) {
        self.name = name
    }
}
