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
    var ownJoined: Resolution? { ownsJoined ? joined : nil }

    init(joinedSpace: ResolutionSpace = .none) {
        self.joinedSpace = joinedSpace
    }

    init(nestedIn resolution: Resolution) {
        joined = resolution
        joinedSpace = .none
    }

    /// Per transient factory the run's `ClosureCall`s wait around (by slot): the first one's mark, or -1.
    private var waitMarks: [Int] = []

    /// The mark of waiting transient factory `slot`: the one this run set already, else `first()`.
    mutating func waitMark(_ slot: Int, first: () -> Int) -> Int {
        if slot < waitMarks.count, waitMarks[slot] >= 0 { return waitMarks[slot] }
        if slot >= waitMarks.count { waitMarks += repeatElement(-1, count: slot + 1 - waitMarks.count) }
        let mark = first()
        waitMarks[slot] = mark
        return mark
    }

    var isNested: Bool { joined != nil && !ownsJoined }
    /// Shared with the joined resolution: a closure's resolve and the program must work in one generation
    /// of each scope, or a reset landing between their pins tears the graph.
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

    /// Starts the joined resolution, at the first `ClosureCall` or before the first instruction
    /// (`ResolveProgram.joinsAtStart`); fails if the run set no space aside (`internal-inconsistency`).
    mutating func startJoinedResolution(for run: StackReference<ProgramRun>)
        throws(ResolutionError) -> Resolution
    {
        let started = try joinedSpace.start(for: run)
        ownsJoined = true
        joined = started
        pins.visitEach { storage, generation in storage.pin(generation, in: started) }
        return started
    }

    /// The generation of `storage` this run works in: the one current when it first asked or, once joined,
    /// the joined resolution's (which has the run's pins, and maybe a closure's pin met after the call).
    mutating func pinnedGeneration(in storage: ScopeStorage) -> Int {
        if let joined { return storage.pinnedGeneration(in: joined) }
        if let pinned = pins.generation(in: storage) { return pinned }
        let generation = storage.currentGeneration
        pins.record(generation, in: storage)
        return generation
    }
}
