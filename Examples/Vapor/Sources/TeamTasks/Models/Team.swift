public import Fluent
import Foundation

/// A team, a row of the `teams` table; its tasks are ``TeamTask`` rows.
public final class Team: Model, @unchecked Sendable {
    public static let schema = "teams"

    /// The team's id, set when it is first saved.
    @ID(key: .id) public var id: UUID?
    /// The team's name.
    @Field(key: "name") public var name: String
    /// The team's tasks.
    @Children(for: \.$team) public var tasks: [TeamTask]

    /// An empty team, for Fluent to fill from a row.
    public init() {}

    /// A new team named `name`.
    public init(id: UUID? = nil, name: String) {
        self.id = id
        self.name = name
    }
}
