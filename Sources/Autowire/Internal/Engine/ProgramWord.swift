/// What a producer's `programWord` says of its resolve program as a root: one of the markers below, or
/// the address of the published `ResolveProgram` (a heap address, never that small). See "Life" on
/// `ResolveProgram`.
enum ProgramWord {
    /// Never resolved as a root yet.
    static let unlowered: UInt = 0
    /// No program: a closure factory's value or a constant, called or read as is (`Producer.produce(_:)`).
    static let none: UInt = 1

    @inline(__always)
    static func isProgram(_ word: UInt) -> Bool { word > none }
}

/// Which program of a root a word holds: a top-level resolve's, or one a closure's `Resolver` runs nested
/// in the closure's resolution (see `ResolveProgram.runNested(in:)`); each for a kept object or not
/// (inside one, handles and resolvers hold their container weakly, see `RegistryReference`).
enum ProgramKind {
    case root
    /// A top-level resolve asked for by an object the container keeps, through a handle or a
    /// resolver that holds the container weakly: the object keeps what the program makes.
    case rootForKeptObject
    case nested
    case nestedInsideKeptObject

    var isNested: Bool { self == .nested || self == .nestedInsideKeptObject }

    var makesForKeptObject: Bool { self == .rootForKeptObject || self == .nestedInsideKeptObject }
}
