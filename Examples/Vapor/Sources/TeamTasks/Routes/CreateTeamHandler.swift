public import Autowire
public import Vapor

/// `POST /teams` with `{"name": "…"}`: 201 and the stored team; 400 for a body that is not such
/// JSON or a name that is empty.
///
/// Property-injected, the other style the container autowires: an `Injectable` class made with
/// `init()`, whose `teams` the container sets from `dependencies`. `.inject(\.teams)` compiles in a
/// module that imports Vapor and Fluent, which declare key paths `Sendable` retroactively.
public final class CreateTeamHandler: Injectable {
    /// The request's team service.
    public var teams: TeamService!

    public static let dependencies: [Dependency<CreateTeamHandler>] = [.inject(\.teams)]

    /// A handler whose service the container fills.
    public init() {}

    /// Answers one request.
    public func handle(_ req: Request) async throws -> Response {
        // Vapor answers 400 Bad Request when the body does not decode.
        let team = try await teams.create(req.content.decode(NewTeam.self))
        let response = try await team.encodeResponse(status: .created, for: req)
        response.headers.replaceOrAdd(name: .location, value: "/teams/\(team.id)")
        return response
    }
}
