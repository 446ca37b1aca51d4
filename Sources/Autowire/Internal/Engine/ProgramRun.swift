/// The record of one run of a program, on its caller's stack while it runs: a top-level run linked on its
/// thread's chain (see `ActiveResolutions`) or a nested run in a closure's resolution (`runNested(in:)`).
/// Small on purpose: every resolve makes one, and a larger record is built elsewhere and copied in. What
/// only a program with regions or `ClosureCall`s needs is in its `ScopedRun`.
struct ProgramRun {
    /// Unretained: the caller holds the program for the whole run.
    private let programReference: Unowned<ResolveProgram>
    var program: ResolveProgram { programReference.object }
    /// The instruction that last called user code.
    var pc = 0
    let request: BorrowedValue?
    let seed: BorrowedValue?
    /// The state of the regions and the joined resolution; nil for a program with neither.
    var scoped: StackReference<ScopedRun>?
    /// For a nested run, the nested run of the same resolution it runs inside, if any: the chain
    /// `ActiveResolutions` walks to see what a resolution's nested runs are building.
    var enclosingNestedRun: StackReference<ProgramRun>?
    /// For a top-level run started from user code inside another resolve on this thread, that one's run.
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

    var publishingRegions: Int { scoped?.pointee.publishingRegions ?? 0 }

    var joined: Resolution? { scoped?.pointee.joined }

    var joinedMakesKeptObject: Bool { joined?.pointee.isMakingKeptObject ?? false }

    func skipped(region index: Int) -> Bool {
        scoped?.pointee.skippedRegions.contains(index) ?? false
    }

    func isBuilding(_ producer: AnyProducer) -> Bool { isBuilding(ObjectIdentifier(producer)) }

    func isBuilding(_ producer: ObjectIdentifier) -> Bool { program.isBuilding(producer, at: pc) }
}
