public import Foundation
public import Vapor

/// A team as the API sends it.
public struct TeamDTO: Content, Equatable {
    /// The team's id.
    public var id: UUID
    /// The team's name.
    public var name: String

    /// A team with `id` and `name`.
    public init(id: UUID, name: String) {
        self.id = id
        self.name = name
    }
}

/// The body of `POST /teams`.
public struct NewTeam: Content {
    /// The name; trimmed, and it must not be empty.
    public var name: String

    /// A team to create, named `name`.
    public init(name: String) {
        self.name = name
    }
}
