public import Autowire
public import Vapor

/// Logs in the user the `X-User` header names, or answers 401 when the header is missing or names
/// someone the ``UserDirectory`` does not know.
///
/// Middleware runs for every request, so it is an app-wide singleton: constructor-injected, resolved
/// from the container once in `configure(_:container:)` and registered with `app.middleware.use`.
/// What it needs is app-wide too; a request's own objects come from the request scope instead.
public final class UserHeaderMiddleware: AsyncMiddleware, ConstructorInjectable {
    /// The header that names the user.
    public static let header = "X-User"

    private let users: UserDirectory

    /// Middleware checking names against `users`.
    public init(users: UserDirectory) {
        self.users = users
    }

    /// How the container makes it: through ``init(users:)``.
    public static let construction = Construction(UserHeaderMiddleware.init, labels: "users")

    /// One for the whole app.
    public static var scope: Scope { .singleton }

    public func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard let name = request.headers.first(name: Self.header), !name.isEmpty else {
            throw Abort(.unauthorized, reason: "Send your user name in the \(Self.header) header.")
        }
        guard let user = users.user(named: name) else {
            throw Abort(.unauthorized, reason: "\(name) is not a user of this API.")
        }
        request.auth.login(user)
        return try await next.respond(to: request)
    }
}
