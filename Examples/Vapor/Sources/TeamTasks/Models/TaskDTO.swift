public import Foundation
public import Vapor

/// A task as the API sends it.
public struct TaskDTO: Content, Equatable {
    /// The task's id.
    public var id: UUID
    /// The id of the team it belongs to.
    public var teamID: UUID
    /// What is to be done.
    public var title: String
    /// Whether it is done.
    public var done: Bool
    /// The name of the user who created it.
    public var createdBy: String
    /// When it was created, by the app's clock.
    public var createdAt: Date

    /// A task with these values.
    public init(id: UUID, teamID: UUID, title: String, done: Bool, createdBy: String, createdAt: Date) {
        self.id = id
        self.teamID = teamID
        self.title = title
        self.done = done
        self.createdBy = createdBy
        self.createdAt = createdAt
    }
}

/// The body of `POST /teams/:teamID/tasks`.
public struct NewTask: Content {
    /// The title; trimmed, and it must not be empty.
    public var title: String

    /// A task to create, titled `title`.
    public init(title: String) {
        self.title = title
    }
}
