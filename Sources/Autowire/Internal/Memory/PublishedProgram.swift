// A resolve program as its producer publishes it: its address, one word, read on every resolve, unretained.
// Safe: a registry keeps every program it published for its life (`Registry.programs`), or the program lives
// for the process (`ResolveProgram.rootClosureCall`), and a producer's word is read only while its registry
// lives (see `AnyProducer.registry`).

extension ResolveProgram {
    /// The word that publishes `program` (see `ProgramWord`).
    static func word(publishing program: ResolveProgram) -> UInt { UInt(bitPattern: ObjectIdentifier(program)) }

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
