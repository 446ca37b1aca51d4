// A resolve program as its producer publishes it: one word, the program's address, read back
// without a retain on every resolve.
//
// Safe because a registry keeps every program it published for its own life (`Registry.programs`),
// or the program is one for the whole process (a closure root's, `ResolveProgram.rootClosureCall`),
// and a producer's program word is read only while its registry lives (see `AnyProducer.registry`).

extension ResolveProgram {
    /// The word that publishes `program` (see `ProgramWord`).
    static func word(publishing program: ResolveProgram) -> UInt { UInt(bitPattern: ObjectIdentifier(program)) }

    /// The program `word` publishes.
    @inline(__always)
    static func published(_ word: UInt) -> ResolveProgram {
        unsafe unretained(word).takeUnretainedValue()
    }

    /// Calls `body` with the program `word` publishes, lent without a retain.
    @inline(__always)
    static func withPublished<Result>(_ word: UInt, _ body: (ResolveProgram) throws -> Result) rethrows -> Result {
        try unsafe unretained(word)._withUnsafeGuaranteedRef(body)
    }

    @inline(__always)
    private static func unretained(_ word: UInt) -> Unmanaged<ResolveProgram> {
        unsafe Unmanaged<ResolveProgram>.fromOpaque(UnsafeRawPointer(bitPattern: word).unsafelyUnwrapped)
    }
}
