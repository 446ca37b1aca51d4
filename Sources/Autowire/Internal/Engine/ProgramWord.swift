/// What a producer's `programWord` says of its resolve program as a root: one of the markers
/// below, or the address of the published `ResolveProgram` (a heap address, never that small).
///
/// A program pays for itself from a root's second resolve on. Lowering the six classes of the
/// benchmark's graph costs about 23,000 instructions and the program's first run 4,600, where one
/// recursive resolve of the same graph costs 11,400 (callgrind); and many roots, an app's startup
/// objects above all, are resolved once. So a small, acyclic root is resolved recursively the
/// first time and lowered at the next; a large or cyclic one is lowered at once, since only a
/// program resolves a graph of any depth without recursing.
enum ProgramWord {
    /// Never resolved as a root yet.
    static let unlowered: UInt = 0
    /// No program can perform it: the recursive path always runs.
    static let none: UInt = 1
    /// Resolved once recursively: lowered at its next resolve.
    static let resolvedOnce: UInt = 2

    /// Whether `word` is the address of a published program.
    @inline(__always)
    static func isProgram(_ word: UInt) -> Bool { word > resolvedOnce }

    /// The most producers a root may reach to be resolved recursively the first time: the depth
    /// of that recursion, far within any thread's stack.
    static let recursiveFirstResolveLimit = 32

    /// Whether every root is lowered at its first resolve: set `AUTOWIRE_LOWER_AT_FIRST_RESOLVE`
    /// in the environment so that a test run covers the programs where tests resolve once (CI runs
    /// the suite both ways).
    static let lowersAtFirstResolve = ProcessEnvironment.isSet("AUTOWIRE_LOWER_AT_FIRST_RESOLVE")
}
