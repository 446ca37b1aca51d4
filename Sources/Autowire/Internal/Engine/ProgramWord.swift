/// What a producer's `programWord` says of its resolve program as a root: one of the markers
/// below, or the address of the published `ResolveProgram` (a heap address, never that small).
///
/// Every root is lowered at its first resolve (see "Life" on `ResolveProgram`).
enum ProgramWord {
    /// Never resolved as a root yet.
    static let unlowered: UInt = 0
    /// No program: a closure factory's value or a constant, which a closure's `Resolver` calls or
    /// reads as it is (`Producer.produce(_:)`); a root with none fails (`internal-inconsistency`).
    static let none: UInt = 1

    /// Whether `word` is the address of a published program.
    @inline(__always)
    static func isProgram(_ word: UInt) -> Bool { word > none }
}

/// Which program of a root a word holds: a top-level resolve's, or one a closure's `Resolver` runs
/// nested in the closure's resolution (see `ResolveProgram.runNested(in:)`); each for an object the
/// container keeps or not (inside one, the handles and resolvers a program makes hold their
/// container weakly, see `RegistryReference`).
enum ProgramKind {
    case root
    /// A top-level resolve asked for by an object the container keeps, through a handle or a
    /// resolver that holds the container weakly: the object keeps what the program makes.
    case rootForKeptObject
    case nested
    case nestedInsideKeptObject

    /// Whether the program runs in a resolution it joins (see `ResolveProgram.runNested(in:)`).
    var isNested: Bool { self == .nested || self == .nestedInsideKeptObject }

    /// Whether everything the program makes is kept by an object the container keeps.
    var makesForKeptObject: Bool { self == .rootForKeptObject || self == .nestedInsideKeptObject }
}
