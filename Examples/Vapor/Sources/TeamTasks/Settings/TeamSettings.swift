import Foundation

/// What the app reads from its environment, with defaults: where the SQLite database is and who may
/// use the API. Vapor's own `serve` options (`--hostname`, `--port`) say where it listens.
public struct TeamSettings: Equatable, Sendable {
    /// The SQLite file, or `:memory:` for a database that lives as long as the app (tests use it).
    public var databasePath: String
    /// The user names the `X-User` header may carry.
    public var users: [String]

    /// Settings with the given values; the defaults are what `TEAM_DATABASE` and `TEAM_USERS` give
    /// when they are not set.
    public init(databasePath: String = "teamtasks.sqlite", users: [String] = ["alice", "bob"]) {
        self.databasePath = databasePath
        self.users = users
    }

    /// Settings for tests and benchmarks: an in-memory database, the default users.
    public static let inMemory = TeamSettings(databasePath: ":memory:")

    /// Reads `TEAM_DATABASE` and `TEAM_USERS` (comma-separated names) from `environment`.
    ///
    /// - Throws: ``InvalidSettingError`` when `TEAM_USERS` names nobody.
    public init(environment: [String: String]) throws {
        self.init()
        if let path = environment["TEAM_DATABASE"] {
            databasePath = path
        }
        if let list = environment["TEAM_USERS"] {
            let names = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                !$0.isEmpty
            }
            guard !names.isEmpty else {
                throw InvalidSettingError(
                    "TEAM_USERS is \"\(list)\"; expected user names separated by commas, such as alice,bob.")
            }
            users = names
        }
    }
}

/// A setting the app cannot use; its description names the variable and what was expected.
public struct InvalidSettingError: Error, CustomStringConvertible {
    /// What is wrong, and what would be right.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
