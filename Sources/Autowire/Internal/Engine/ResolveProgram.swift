import Synchronization

/// # Resolve programs
///
/// Everything one top-level resolve of a root does, compiled once into a flat list of instructions
/// that one loop runs: no recursion (a chain of any depth needs no stack), no producer calls, no
/// per-object table.
///
/// **Slots.** A run works on a frame of `slotCount` object references: one per `.graph` object,
/// read by everything that needs it (a property cycle's back-edge included), and a new one each
/// time a `.transient` object is met. Values fixed for the container's life are the program's
/// constants, read by index. A value that is not a class reference is held in a `ValueBox`, as
/// resolutions record it.
///
/// **Ownership.** A created object's slot owns one reference. A store copies it (a retain) or, at
/// the slot's last read, moves it (`moves`): the property takes the frame's reference and the slot
/// is emptied. `release` drops what a slot still owns when its last read was not a store. The
/// result slot is never moved: its reference goes to the caller. Constants belong to the program.
///
/// **Order.** An object is created, its properties filled in declaration order (each value made
/// completely first), its first fill checked, and only then stored into the object that needs it.
/// Hooks come last, once every object is complete (a property cycle included), in completion order.
///
/// | operation | effect |
/// |---|---|
/// | `create` | slot `object` = `creators[operand].init()` |
/// | `storeAtOffset` | the value (slot or constant `value`) is written into slot `object`'s object at byte offset `operand` |
/// | `storeThroughKeyPath` | `stores[operand]` writes the value through the user's key path |
/// | `callFactory` | slot `object` = the factory of the call at byte offset `operand` in `calls` called with its arguments (slots or constants); an argument read for the last time moves to a factory that consumes its arguments |
/// | `checkFirstFill` | `firstFills[operand]` checks slot `object`'s object for forgotten dependencies |
/// | `callHook` | `hooks[operand]` calls `didInjectDependencies()` on slot `object`'s object; with `moves` (a nested run's, a framed region's), hands it to the creation frame it is in |
/// | `release` | slot `object`'s reference, if any, is released |
/// | `enterScope` | `regions[operand]`'s scope is asked for the object it keeps: if it has one, it goes in slot `object` and the run goes on past the region; for a region with no scope, the run goes on past it if slot `object` is filled |
/// | `leaveScope` | `regions[operand]`'s scope keeps slot `object`'s object (or, when the region `defers`, stages it) |
/// | `leaveScope`, `value` 1 | `regions[operand]`'s scope publishes the object it staged, if the run staged one |
/// | `requireMainActor` | unless the run is where the main actor runs, fails: `mainActorTypes[operand]` must be made or filled there |
///
/// **Scopes.** An object a scope keeps beyond one resolve (`.weak`, a custom scope, a singleton not
/// yet created) is made in a region, from its `enterScope` to its `leaveScope`, run under the
/// scope's creation lock only when the scope keeps none (for the generation the run pinned, see
/// `ScopePins`); skipping it changes nothing else (see `ScopeRegion`). A failure inside a region
/// abandons it, releasing the lock. A singleton's or custom scope's region publishes its object
/// after those objects' hooks. One that reads an object made before it (maybe incomplete until the
/// resolve ends) `defers`: the object is staged, lock held, and published with the enclosing region
/// that publishes or after the hooks at the end, or discarded by a failure before then.
///
/// **Closure factories.** A closure factory's value is a `callFactory` of a `ClosureCall`: the
/// closure is called inside the run, in one *joined* resolution per run, which the first such call
/// starts with the `.graph` objects made before it (its arguments, so none is moved out of its slot
/// before then). After it, each `.graph` object is made in a region with no scope that looks it up
/// there first and records it once created: one instance, whichever asks first. A `.graph` factory
/// waiting for its arguments around a call is marked under construction there until its call
/// records its product (`JoinedPublication`), so a closure that needs it meets the cycle or waits
/// to fill a property; a transient one is marked for the call. A transient object filled around the
/// call is in the same resolve: the joined resolution does not count the program as enclosing it.
/// The joined resolution ends with the run, its deferred work after the program's hooks. A closure
/// root's program is only that call (`callsRootClosure`). A call made straight for an `.optional`
/// property has `moves` set: when its value is absent, the store after it is skipped.
///
/// **Nested runs.** What a closure's `Resolver` asks for is made by a *nested* program of that
/// root, lowered as if it came after a `ClosureCall`: it shares the closure's resolution in the
/// same way. Its hooks (`callHook` with `moves`) wait for the creation frame the run is in (see
/// `runNested(in:)`). A factory still running in that resolution is waited for by the program's
/// variant (see `ProgramVariant.waitsFor`). A singleton's or custom scope's region met once a
/// program joined a resolution is *framed* (see `ScopeRegion.framed`).
///
/// **The main actor.** An object of a `@MainActor` class (or with dependencies declared on it) is
/// made and filled only there: `requireMainActor` comes just before its `create` (for an injection,
/// its first store), so its `init()` never runs off the main actor.
///
/// **Re-entry.** A run records the instruction it is at before calling user code, so a resolve
/// started from that code can tell what is being built: each `create` has a building range of
/// instructions, up to its first-fill check.
///
/// **Errors.** Each instruction names the node of a path tree it works for; an error's path is
/// rendered from that tree only when one is thrown.
///
/// **Life.** `ProgramLowering` lowers a program at the root's first top-level resolve, under the
/// registry's lock; a root that reaches a producer no program performs has none
/// (`ProgramWord.none`) and fails with `internal-inconsistency`. Published programs are immutable;
/// one that `canImprove` is lowered again at the next resolve, and the one it replaces stays alive
/// with the registry, since another thread may still run it.
///
/// Sendable: every stored property is `let`, and the buffers are filled in `init` and never written
/// after; `improvable` is an atomic (relaxed: a hint). A program reaches other threads through
/// `programWord`'s releasing store, loaded acquiring.
final class ResolveProgram: @unchecked Sendable {

    let code: FixedBuffer<Instruction>
    let creators: FixedBuffer<any Injectable.Type>
    /// Unretained: `keptAlive` holds the stores, checks and constants for the program's life.
    let stores: FixedBuffer<Unowned<ProgramStore>>
    let firstFills: FixedBuffer<Unowned<FirstFillCheck>>
    let hooks: FixedBuffer<Unowned<InjectionHook>>
    let constants: FixedBuffer<ObjectWord>
    /// The factory calls, each pointing into `constants` and `arguments`.
    let calls: FixedBuffer<ProgramCall>
    let arguments: FixedBuffer<UInt32>
    let regions: [ScopeRegion]
    /// The slots each region releases when it is skipped (see `ScopeRegion.releasedWhenSkipped`).
    let regionReleases: [UInt32]
    /// `!regions.isEmpty`.
    let hasRegions: Bool
    /// Whether some factory call is a `ClosureCall`, whose run has a joined resolution to end.
    let makesClosureCalls: Bool
    /// Which of its root's programs this is (see `ProgramKind`).
    let kind: ProgramKind
    /// Whether a top-level run starts its joined resolution before its first instruction: the
    /// program calls a closure inside a kept object's region (see
    /// `ProgramLowering.Stop.joinsFromStart`).
    let joinsAtStart: Bool
    /// For an injection that joins from its start: the producers whose value is the object handed
    /// in (`InjectionTargetProducer.selfProducers`), recorded there first for closures that ask for
    /// one; a later join passes them as the first call's arguments.
    let injectedObjectProducers: [AnyProducer]
    /// Whether the run has no regions and no `ClosureCall`: one load where every run asks it.
    let runsPlainly: Bool
    /// The classes `requireMainActor` names: what must be made or filled on the main actor.
    let mainActorTypes: [Any.Type]
    /// Every store, check, hook, constant, factory and scope the tables above point to.
    let keptAlive: [AnyObject]
    let slotCount: Int
    let resultSlot: Int
    /// Whether slot 0 holds an object handed in by a `PropertyInjector`, which the frame does not own.
    let injects: Bool
    let building: FixedBuffer<BuildingRange>
    /// For each instruction, the path-tree node of the object it acts for.
    let pathOf: FixedBuffer<Int32>
    let pathTree: FixedBuffer<PathStep>
    /// The memory of every `FixedBuffer` above.
    private let tables: TableBlock
    /// Whether lowering again after a successful run would be faster: a store still learns its
    /// offset, a first fill or a class's hook is unsettled, a conversion to a bound protocol is
    /// unproven, or a region published a singleton (a constant for a new program).
    var canImprove: Bool { improvable.load(ordering: .relaxed) }
    let improvable: Atomic<Bool>
    /// 1 for a root's first program, one more each time it is lowered again.
    let generation: Int
    /// For a nested program, the producers whose factories it calls (closures included): the
    /// resolution it runs in marks them while they run, which a nested run would not see (see
    /// `canRunNested(in:)`).
    let constructs: [ObjectIdentifier]
    /// `ActiveResolutions.key`, read once here rather than through its lazy global on every run.
    let activeResolutionsKey = ActiveResolutions.key
    /// Whether the program only calls its root's closure factory (a protocol bound to a closure,
    /// say): its run makes that call straight in a resolution of its own, with no frame, tables or
    /// loop (about 560 instructions a resolve; see `callClosure(of:_:)`).
    let callsRootClosure: Bool

    init(
        code: [Instruction], creators: [any Injectable.Type], stores: [ProgramStore],
        firstFills: [FirstFillCheck],
        hooks: [InjectionHook], constants: [AnyObject], factories: [ProgramFactory], factorySites: [FactorySite],
        arguments: [UInt32], regions: [ScopeRegion], regionReleases: [UInt32], scopes: [ProgramScope],
        mainActorTypes: [Any.Type],
        slotCount: Int, resultSlot: Int, injects: Bool, building: [BuildingRange],
        pathOf: [Int32], pathTree: [PathStep], generation: Int, kind: ProgramKind = .root, joinsAtStart: Bool = false,
        injectedObjectProducers: [AnyProducer] = [], constructs: [ObjectIdentifier] = [],
        callsRootClosure: Bool = false
    ) {
        // The arrays given are the lowering's, which it empties and reuses (`SpareLowering`): what
        // the program keeps is copied, into one block for all its tables.
        var layout = TableBlock.Layout()
        let codeAt = layout.reserve(Instruction.self, count: code.count)
        let creatorsAt = layout.reserve((any Injectable.Type).self, count: creators.count)
        let storesAt = layout.reserve(Unowned<ProgramStore>.self, count: stores.count)
        let firstFillsAt = layout.reserve(Unowned<FirstFillCheck>.self, count: firstFills.count)
        let hooksAt = layout.reserve(Unowned<InjectionHook>.self, count: hooks.count)
        let constantsAt = layout.reserve(ObjectWord.self, count: constants.count)
        let argumentsAt = layout.reserve(UInt32.self, count: arguments.count)
        let callsAt = layout.reserve(ProgramCall.self, count: factorySites.count)
        let buildingAt = layout.reserve(BuildingRange.self, count: building.count)
        let pathOfAt = layout.reserve(Int32.self, count: pathOf.count)
        let pathTreeAt = layout.reserve(PathStep.self, count: pathTree.count)
        let tables = TableBlock(layout)
        self.tables = tables
        self.code = FixedBuffer(code, in: tables, at: codeAt)
        self.creators = FixedBuffer(creators, in: tables, at: creatorsAt)
        self.stores = FixedBuffer(stores, in: tables, at: storesAt, Unowned.init)
        self.firstFills = FixedBuffer(firstFills, in: tables, at: firstFillsAt, Unowned.init)
        self.hooks = FixedBuffer(hooks, in: tables, at: hooksAt, Unowned.init)
        let constantWords = FixedBuffer(constants, in: tables, at: constantsAt, ObjectWord.init(unretained:))
        self.constants = constantWords
        let argumentEntries = FixedBuffer(arguments, in: tables, at: argumentsAt)
        self.arguments = argumentEntries
        // The tables are the program's for its whole life, so the calls may point into them.
        self.calls = FixedBuffer(factorySites, in: tables, at: callsAt) { site in
            ProgramCall(site, constants: constantWords, arguments: argumentEntries)
        }
        self.building = FixedBuffer(building, in: tables, at: buildingAt)
        self.pathOf = FixedBuffer(pathOf, in: tables, at: pathOfAt)
        self.pathTree = FixedBuffer(pathTree, in: tables, at: pathTreeAt)
        self.regions = regions.map { $0 }
        self.regionReleases = regionReleases.map { $0 }
        self.hasRegions = !regions.isEmpty
        self.makesClosureCalls = joinsAtStart || factories.contains { $0 is ClosureCall }
        self.kind = kind
        self.joinsAtStart = joinsAtStart
        self.injectedObjectProducers = joinsAtStart && injects ? injectedObjectProducers.map { $0 } : []
        self.runsPlainly = regions.isEmpty && !makesClosureCalls
        self.mainActorTypes = mainActorTypes.map { $0 }
        var keptAlive: [AnyObject] = []
        keptAlive.reserveCapacity(
            stores.count + firstFills.count + hooks.count + constants.count + factories.count + scopes.count)
        for store in stores { keptAlive.append(store) }
        for check in firstFills { keptAlive.append(check) }
        for hook in hooks { keptAlive.append(hook) }
        keptAlive += constants
        for factory in factories { keptAlive.append(factory) }
        for scope in scopes { keptAlive.append(scope) }
        self.keptAlive = keptAlive
        self.slotCount = slotCount
        self.resultSlot = resultSlot
        self.injects = injects
        self.generation = generation
        self.constructs = constructs
        self.callsRootClosure = callsRootClosure
        // Lowered at most three times: a run that keeps failing before some store or check is
        // reached leaves them unlearned, and would otherwise be lowered again on every resolve. A
        // conversion not yet proven is boxed by a call; proven, properties store it directly.
        self.improvable = Atomic(
            generation < 3
                && (stores.contains(where: \.isLearning) || firstFills.contains { !$0.isSettled }
                    || hooks.contains { !$0.isSettled } || factories.contains { $0.conversion?.isProven == false })
        )
    }

    /// The program of every root that only its closure factory's call makes, as a top-level resolve
    /// runs it: one for the process (the root is handed to the run), so a closure root's first
    /// resolve allocates no program.
    static let rootClosureCall = ResolveProgram(callingRootClosureFor: .root)
    /// The same, for a top-level resolve asked for by an object the container keeps.
    static let keptObjectRootClosureCall = ResolveProgram(callingRootClosureFor: .rootForKeptObject)

    private convenience init(callingRootClosureFor kind: ProgramKind) {
        self.init(
            code: [], creators: [], stores: [], firstFills: [], hooks: [], constants: [], factories: [],
            factorySites: [], arguments: [], regions: [], regionReleases: [], scopes: [], mainActorTypes: [],
            slotCount: 0, resultSlot: 0, injects: false, building: [], pathOf: [], pathTree: [],
            generation: 1, kind: kind, callsRootClosure: true)
    }

    deinit {
        code.deinitialize()
        creators.deinitialize()
        stores.deinitialize()
        firstFills.deinitialize()
        hooks.deinitialize()
        constants.deinitialize()
        calls.deinitialize()
        arguments.deinitialize()
        building.deinitialize()
        pathOf.deinitialize()
        pathTree.deinitialize()
        tables.free()
    }

    /// How many objects the program calls `didInjectDependencies()` on: for tests.
    var calledHooks: Int { code.count { $0.operation == .callHook } }

    /// How many regions the program has: for tests.
    var regionCount: Int { regions.count }

    /// How many factory calls the program makes: for tests.
    var factoryCalls: Int { code.count { $0.operation == .callFactory } }

    /// Whether `test` holds for a producer whose object the program builds or whose factory it
    /// calls (not through a `ClosureCall`, whose resolve checks for itself).
    func mayBuild(where test: (ObjectIdentifier) -> Bool) -> Bool {
        building.contains { test($0.producer) }
    }

    /// The producers whose objects the program builds or whose factories it calls for which
    /// `test` holds, each once, in the order the program first does.
    func built(where test: (ObjectIdentifier) -> Bool) -> [ObjectIdentifier] {
        var found: [ObjectIdentifier] = []
        for index in 0..<building.count {
            let producer = building[index].producer
            if !found.contains(producer), test(producer) { found.append(producer) }
        }
        return found
    }

    /// Whether the instruction at `pc` lies in the building range of an object of `producer`.
    func isBuilding(_ producer: ObjectIdentifier, at pc: Int) -> Bool {
        building.contains { $0.producer == producer && $0.start <= pc && pc < $0.end }
    }
}
