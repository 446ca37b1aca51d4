public import Fluent

/// Creates the `teams` table.
public struct CreateTeam: AsyncMigration {
    /// The migration.
    public init() {}

    public func prepare(on database: any Database) async throws {
        try await database.schema(Team.schema)
            .id()
            .field("name", .string, .required)
            .create()
    }

    public func revert(on database: any Database) async throws {
        try await database.schema(Team.schema).delete()
    }
}
