public import Fluent

/// Creates the `tasks` table, each row pointing to its team.
public struct CreateTeamTask: AsyncMigration {
    /// The migration.
    public init() {}

    public func prepare(on database: any Database) async throws {
        try await database.schema(TeamTask.schema)
            .id()
            .field("team_id", .uuid, .required, .references(Team.schema, "id"))
            .field("title", .string, .required)
            .field("done", .bool, .required)
            .field("created_by", .string, .required)
            .field("created_at", .datetime, .required)
            .create()
    }

    public func revert(on database: any Database) async throws {
        try await database.schema(TeamTask.schema).delete()
    }
}
