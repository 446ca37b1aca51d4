public import Fluent
import Foundation

/// A task of a team, a row of the `tasks` table. Named `TeamTask` so that it never reads as Swift's
/// `Task`.
public final class TeamTask: Model, @unchecked Sendable {
    public static let schema = "tasks"

    /// The task's id, set when it is first saved.
    @ID(key: .id) public var id: UUID?
    /// The team it belongs to.
    @Parent(key: "team_id") public var team: Team
    /// What is to be done.
    @Field(key: "title") public var title: String
    /// Whether it is done.
    @Field(key: "done") public var done: Bool
    /// The name of the user who created it.
    @Field(key: "created_by") public var createdBy: String
    /// When it was created: stamped by the app's `AppClock`, not by Fluent's `@Timestamp`, so tests can
    /// fix the time.
    @Field(key: "created_at") public var createdAt: Date

    /// An empty task, for Fluent to fill from a row.
    public init() {}

    /// A new task of the team whose id is `teamID`.
    public init(id: UUID? = nil, teamID: Team.IDValue, title: String, done: Bool, createdBy: String, createdAt: Date) {
        self.id = id
        self.$team.id = teamID
        self.title = title
        self.done = done
        self.createdBy = createdBy
        self.createdAt = createdAt
    }
}
