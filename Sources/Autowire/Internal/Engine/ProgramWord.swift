/// What a producer's `programWord` says of its resolve program as a root: one of the markers
/// below, or the address of the published `ResolveProgram` (a heap address, never that small).
///
/// Every root is lowered at its first resolve: a program resolves a graph of any depth without
/// recursing, and one engine runs every root from its first resolve on.
enum ProgramWord {
    /// Never resolved as a root yet.
    static let unlowered: UInt = 0
    /// No program can perform it: the recursive path always runs.
    static let none: UInt = 1

    /// Whether `word` is the address of a published program.
    @inline(__always)
    static func isProgram(_ word: UInt) -> Bool { word > none }
}

/// Which program of a root a word holds: the one a top-level resolve runs, or one a closure's
/// `Resolver` runs nested in the closure's resolution (see `ResolveProgram.runNested(in:)`), while
/// that resolution makes an object its container keeps or not. Inside a kept object, the handles
/// and resolvers a program makes hold their container weakly (see `RegistryReference`).
enum ProgramKind {
    case root
    case nested
    case nestedInsideKeptObject
}
