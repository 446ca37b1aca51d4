public import Foundation
public import Hummingbird

/// A todo item, as the API returns it and as the database stores it.
public struct Todo: Codable, Sendable, Equatable, ResponseCodable {
    /// The database's row id.
    public var id: Int64
    /// What to do; never empty.
    public var title: String
    /// Whether it is done.
    public var done: Bool
    /// When it was created, by the app's clock.
    public var createdAt: Date

    /// A todo with every field given.
    public init(id: Int64, title: String, done: Bool, createdAt: Date) {
        self.id = id
        self.title = title
        self.done = done
        self.createdAt = createdAt
    }
}

/// The body of `POST /todos`.
public struct NewTodo: Codable, Sendable {
    /// What to do.
    public var title: String
    /// Whether it is already done; `false` when absent.
    public var done: Bool?

    /// A new todo's fields.
    public init(title: String, done: Bool? = nil) {
        self.title = title
        self.done = done
    }
}
