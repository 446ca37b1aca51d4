public import Foundation
public import Vapor

/// A task as the API sends it.
public struct TaskDTO: Content, Equatable {
    public var id: UUID
    public var teamID: UUID
    public var title: String
    public var done: Bool
    public var createdBy: String
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
    public var title: String

    /// A task to create, titled `title`.
    public init(title: String) {
        self.title = title
    }
}
