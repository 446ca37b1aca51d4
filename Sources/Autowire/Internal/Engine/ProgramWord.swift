/// What a producer's `programWord` says of its resolve program as a root: one of the markers
/// below, or the address of the published `ResolveProgram` (a heap address, never that small).
///
/// Every root is lowered at its first resolve: a program resolves a graph of any depth without
/// recursing, and one engine runs every root from its first resolve on.
enum ProgramWord {
    /// Never resolved as a root yet.
    static let unlowered: UInt = 0
    /// No program: a closure factory's value or a constant that a closure's `Resolver` asks for is
    /// called or read as it is (see `Producer.produce(_:)`); a root with none fails with
    /// `internal-inconsistency`.
    static let none: UInt = 1

    /// Whether `word` is the address of a published program.
    @inline(__always)
    static func isProgram(_ word: UInt) -> Bool { word > none }
}

/// Which program of a root a word holds: the one a top-level resolve runs, for an object the
/// container keeps or not, or one a closure's `Resolver` runs nested in the closure's resolution
/// (see `ResolveProgram.runNested(in:)`), while that resolution makes such an object or not.
/// Inside a kept object, the handles and resolvers a program makes hold their container weakly
/// (see `RegistryReference`).
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
