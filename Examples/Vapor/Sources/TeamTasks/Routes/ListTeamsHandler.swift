public import Autowire
public import Vapor

/// `GET /teams`: every team, by name.
///
/// Constructor-injected: its service is an `init` parameter.
public final class ListTeamsHandler: ConstructorInjectable {
    /// The request's team service.
    public let teams: TeamService

    /// A handler over the request's service.
    public init(teams: TeamService) {
        self.teams = teams
    }

    /// How the container makes it: through ``init(teams:)``.
    public static let construction = Construction(ListTeamsHandler.init, labels: "teams")

    /// Answers one request.
    public func handle(_ req: Request) async throws -> [TeamDTO] {
        try await teams.all()
    }
}
