/// What a run of a program with regions or `ClosureCall`s keeps besides its frame: which regions it
/// skipped, staged or is in, the generations it pinned in custom scopes, and its joined resolution
/// (for a nested run, the one it runs in).
struct ScopedRun {
    /// The regions the run skipped, and those inside them.
    var skippedRegions = RegionSet()
    /// How many regions that publish their object (singletons being created) are running.
    var publishingRegions = 0
    /// The regions whose object is staged, waiting for the `leaveScope` that publishes it.
    var staged = RegionSet()
    /// Memory the frame sets aside for the joined resolution, if the program makes `ClosureCall`s.
    private let joinedSpace: ResolutionSpace
    /// The resolution the run's `ClosureCall`s make their values in, once the first has started it;
    /// for a nested run, the one it runs in.
    private(set) var joined: Resolution?
    /// Whether the run started `joined` and must end it (not a nested run's).
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
    /// `ClosureCall.WaitingFactory`), the mark the first of them set, or -1.
    private var waitMarks: [Int] = []

    /// The mark of waiting transient factory `slot`: the one this run set already, else `first()`.
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

    /// The run's joined resolution; the first call starts it with `seeds`' objects (`arguments`).
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
    /// `ClosureCall`, or before the first instruction (`ResolveProgram.joinsAtStart`).
    ///
    /// - Throws: `internal-inconsistency` when the run set no space aside (every program that
    ///   `makesClosureCalls` does).
    mutating func startJoinedResolution(for run: StackReference<ProgramRun>)
        throws(ResolutionError) -> Resolution
    {
        let started = try joinedSpace.start(for: run)
        ownsJoined = true
        joined = started
        pins.visitEach { storage, generation in storage.pin(generation, in: started) }
        return started
    }

    /// The generation of `storage` this run works in: the one current when the run first asked, or,
    /// once it has a joined resolution, that resolution's (the run's pins went into it, and a
    /// closure's resolve may have pinned a scope there that the run meets after the call).
    mutating func pinnedGeneration(in storage: ScopeStorage) -> Int {
        if let joined { return storage.pinnedGeneration(in: joined) }
        if let pinned = pins.generation(in: storage) { return pinned }
        let generation = storage.currentGeneration
        pins.record(generation, in: storage)
        return generation
    }
}
