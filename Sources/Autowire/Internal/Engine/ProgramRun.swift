/// The record of one run of a program, on its caller's stack while it runs: every resolve in
/// progress is one, a top-level run linked on its thread's chain (see `ActiveResolutions`) or a
/// nested run in a closure's resolution (see `ResolveProgram.runNested(in:)`).
///
/// Small on purpose: every resolve makes one, and a larger record is built elsewhere and copied in.
/// What only a program with regions or `ClosureCall`s needs is in its `ScopedRun`.
struct ProgramRun {
    /// Unretained: the caller holds the program for the whole run.
    private let programReference: Unowned<ResolveProgram>
    var program: ResolveProgram { programReference.object }
    /// The instruction that last called user code.
    var pc = 0
    /// The request of a `RequestScope` resolve, which its program may read (see `RequestRead`).
    let request: BorrowedValue?
    /// The seed of an `AssistedFactory.make(_:)` call, which its program reads (see `SeedRead`).
    let seed: BorrowedValue?
    /// The state of the regions and the joined resolution; nil for a program with neither.
    var scoped: StackReference<ScopedRun>?
    /// For a nested run, the nested run of the same resolution it runs inside, if any: the chain
    /// `ActiveResolutions` walks to see what a resolution's nested runs are building.
    var enclosingNestedRun: StackReference<ProgramRun>?
    /// For a top-level run started inside another resolve on this thread (from user code), that
    /// resolve's run (see `ActiveResolutions.enter(_:key:)`).
    var outer: StackReference<ProgramRun>?
    /// The resolution the run is calling a closure in, while the call runs (a closure root's: the
    /// whole run): the closure's `Resolver` finds it here, and the resolves it starts see what it
    /// is building. Nil for a nested run, whose closures are called in its caller's resolution.
    var calledResolution: Resolution?

    init(program: ResolveProgram, request: BorrowedValue?, seed: BorrowedValue? = nil) {
        self.programReference = Unowned(program)
        self.request = request
        self.seed = seed
    }

    /// How many regions that publish their object (singletons being created) are running.
    var publishingRegions: Int { scoped?.pointee.publishingRegions ?? 0 }

    /// The resolution the run's `ClosureCall`s make their values in (see `ScopedRun.joined`).
    var joined: Resolution? { scoped?.pointee.joined }

    /// Whether the resolution the run joined is making an object its container keeps (a nested
    /// run inside a singleton's closure, say): what the run makes is made for it.
    var joinedMakesKeptObject: Bool { joined?.pointee.isMakingKeptObject ?? false }

    /// Whether the run skipped region `index` (false without a `ScopedRun`).
    func skipped(region index: Int) -> Bool {
        scoped?.pointee.skippedRegions.contains(index) ?? false
    }

    func isBuilding(_ producer: AnyProducer) -> Bool { isBuilding(ObjectIdentifier(producer)) }

    /// `isBuilding(_:)` of the producer whose identity is `producer`.
    func isBuilding(_ producer: ObjectIdentifier) -> Bool { program.isBuilding(producer, at: pc) }
}
