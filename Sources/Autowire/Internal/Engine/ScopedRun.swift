/// What a run of a program with regions or `ClosureCall`s keeps besides its frame: which regions
/// it skipped, staged or is in, the generations it pinned in custom scopes, and its joined
/// resolution. A nested run (see `ResolveProgram.runNested(in:)`) joins the resolution it was
/// asked from instead.
struct ScopedRun {
    /// The regions the run skipped, and those inside them.
    var skippedRegions = RegionSet()
    /// How many regions that publish their object (singletons being created) are running.
    var publishingRegions = 0
    /// The regions whose object is staged, waiting for the `leaveScope` that publishes it: a
    /// failure discards it.
    var staged = RegionSet()
    /// Where the run's joined resolution goes: memory its frame sets aside when its program makes
    /// `ClosureCall`s.
    private let joinedSpace: ResolutionSpace
    /// The resolution the run's `ClosureCall`s make their values in, once the first has started
    /// it; for a nested run, the resolution it runs in, from the start.
    private(set) var joined: Resolution?
    /// Whether the run started `joined` and must end it; not a nested run, whose resolution
    /// belongs to the resolve that asked for it.
    private var ownsJoined = false
    /// The joined resolution the run started and must end, if any.
    var ownJoined: Resolution? { ownsJoined ? joined : nil }

    /// The state of a run that starts its joined resolution, if it needs one, in `joinedSpace`.
    init(joinedSpace: ResolutionSpace = .none) {
        self.joinedSpace = joinedSpace
    }

    /// The state of a nested run in `resolution`.
    init(nestedIn resolution: Resolution) {
        joined = resolution
        joinedSpace = .none
    }

    /// For each transient factory the run's `ClosureCall`s wait around (by its slot, see
    /// `ClosureCall.WaitingFactory`), the mark the first of them set, or -1: made the first time a
    /// run needs one.
    private var waitMarks: [Int] = []

    /// The mark of the waiting transient factory `slot`: the one a call of this run set already,
    /// else `first()`, kept for the later calls.
    mutating func waitMark(_ slot: Int, first: () -> Int) -> Int {
        if slot < waitMarks.count, waitMarks[slot] >= 0 { return waitMarks[slot] }
        if slot >= waitMarks.count { waitMarks += repeatElement(-1, count: slot + 1 - waitMarks.count) }
        let mark = first()
        waitMarks[slot] = mark
        return mark
    }

    /// Whether the run is nested in a resolution it did not start.
    var isNested: Bool { joined != nil && !ownsJoined }
    /// The generations this run pinned in the custom scopes it reached, shared with its joined
    /// resolution: a closure's resolve and the program must work in one generation of each scope,
    /// or a reset landing between their pins tears the graph.
    private var pins = ScopePins()

    /// The run's joined resolution, started with `seeds`' objects (the first call's `arguments`)
    /// for `run` (see `startJoinedResolution`), if this is the first call.
    mutating func joinedResolution(
        seeding seeds: [AnyProducer], with arguments: FactoryArguments, for run: StackReference<ProgramRun>
    ) throws(ResolutionError) -> Resolution {
        if let joined { return joined }
        let state = try startJoinedResolution(for: run)
        for (index, seed) in seeds.enumerated() {
            state.pointee.record(seed, instance: arguments.recorded(index))
        }
        return state
    }

    /// Starts the joined resolution of `run` (see `ResolutionSpace.start(for:)`): at the first
    /// `ClosureCall`, or before the first instruction of a program that joins it there
    /// (`ResolveProgram.joinsAtStart`).
    ///
    /// - Throws: `internal-inconsistency` when the run set no space aside, which every program
    ///   that makes `ClosureCall`s or joins at its start does (`makesClosureCalls` covers both).
    mutating func startJoinedResolution(for run: StackReference<ProgramRun>)
        throws(ResolutionError) -> Resolution
    {
        let started = try joinedSpace.start(for: run)
        ownsJoined = true
        joined = started
        pins.visitEach { storage, generation in storage.pin(generation, in: started) }
        return started
    }

    /// The generation of `storage` this run works in: the one current when the run first asked.
    /// Once the run has a joined resolution, that resolution's: the run's own pins went into it
    /// when it started (a nested run's resolution is the one it works in), and a closure's resolve
    /// may have pinned a scope there that the run meets only after the call.
    mutating func pinnedGeneration(in storage: ScopeStorage) -> Int {
        if let joined { return storage.pinnedGeneration(in: joined) }
        if let pinned = pins.generation(in: storage) { return pinned }
        let generation = storage.currentGeneration
        pins.record(generation, in: storage)
        return generation
    }
}
