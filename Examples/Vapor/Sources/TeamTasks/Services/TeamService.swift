public import Autowire
public import Fluent
import Foundation
import Vapor

/// The team rules: names are trimmed and must not be empty; a team that does not exist is a 404.
///
/// One per request: its `Database` is the request's `req.db`, made by the request scope's binding.
/// Constructor-injected, with no binding.
public final class TeamService: ConstructorInjectable, Sendable {
    /// The request's database.
    public let database: any Database

    /// A service over `database`.
    public init(database: any Database) {
        self.database = database
    }

    /// How the container makes it: through ``init(database:)``.
    public static let construction = Construction(TeamService.init, labels: "database")

    /// Every team, by name.
    public func all() async throws -> [TeamDTO] {
        try await Team.query(on: database).sort(\.$name).all().map(Self.dto)
    }

    /// Stores a team named `new.name`, trimmed.
    ///
    /// - Throws: `Abort(.badRequest)` when the name is empty once trimmed.
    public func create(_ new: NewTeam) async throws -> TeamDTO {
        let name = new.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else {
            throw Abort(.badRequest, reason: "A team needs a name that is not empty.")
        }
        let team = Team(name: name)
        try await team.save(on: database)
        return try Self.dto(team)
    }

    /// The team with `id`.
    ///
    /// - Throws: `Abort(.notFound)` when there is none.
    public func team(id: UUID) async throws -> Team {
        guard let team = try await Team.find(id, on: database) else {
            throw Abort(.notFound, reason: "No team has id \(id).")
        }
        return team
    }

    static func dto(_ team: Team) throws -> TeamDTO {
        try TeamDTO(id: team.requireID(), name: team.name)
    }
}
