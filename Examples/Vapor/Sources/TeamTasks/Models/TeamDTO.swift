public import Foundation
public import Vapor

/// A team as the API sends it.
public struct TeamDTO: Content, Equatable {
    public var id: UUID
    public var name: String

    /// A team with `id` and `name`.
    public init(id: UUID, name: String) {
        self.id = id
        self.name = name
    }
}

/// The body of `POST /teams`.
public struct NewTeam: Content {
    public var name: String

    /// A team to create, named `name`.
    public init(name: String) {
        self.name = name
    }
}
