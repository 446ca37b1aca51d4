import Synchronization

/// # Resolve programs
///
/// Everything one top-level resolve of a root does, compiled once into a flat list of instructions that
/// one loop runs: no recursion (a chain of any depth needs no stack), no producer calls, no per-object
/// table.
///
/// **Slots.** A run's frame holds `slotCount` object references: one per `.graph` object, read by all
/// that need it (a property cycle's back-edge included), and a new one per `.transient` object met.
/// Values fixed for the container's life are constants. A value that is not a class reference is held in
/// a `ValueBox`, as resolutions record it.
///
/// **Ownership.** A created object's slot owns one reference. A store retains it or, at the slot's last
/// read, moves it (`moves`), emptying the slot; `release` drops what a slot still owns when its last read
/// was not a store. The result slot's reference goes to the caller; constants are the program's.
///
/// **Order.** An object is created, its properties filled in declaration order (each value made
/// completely first), its first fill checked, and only then stored into the object that needs it. Hooks
/// come last, once every object is complete (a property cycle included), in completion order.
///
/// **Instructions.** `object` is a slot; the value stored is slot `value` (constant if `valueIsConstant`).
/// - `create`: slot `object` = `creators[operand].init()`.
/// - `storeAtOffset`: writes the value into slot `object`'s object at byte offset `operand`.
/// - `storeThroughKeyPath`: `stores[operand]` writes the value through the user's key path.
/// - `callFactory`: slot `object` = the factory of the call at byte offset `operand` in `calls`, called
///   with its arguments (slots or constants); an argument at its slot's last read moves to a factory that
///   consumes its arguments. With `moves` (a call made straight for an `.optional` property), an absent
///   value skips the next store. `value` 1: a `SpecializedProgramFactory` writes its product into the
///   slot, called without dispatch (flagged here, where the loop has the instruction in a register).
/// - `checkFirstFill`: `firstFills[operand]` checks slot `object`'s object for forgotten dependencies.
/// - `callHook`: `hooks[operand]` calls `didInjectDependencies()` on slot `object`'s object, unless
///   `value` (a region's index plus one, else 0) names a skipped region; with `moves` (a nested run's, a
///   framed region's), hands it to the creation frame it is in.
/// - `release`: releases slot `object`'s reference, if any.
/// - `enterScope`: if `regions[operand]`'s scope keeps an object, puts it in slot `object` and goes on
///   past the region; a region with no scope is passed if slot `object` is filled.
/// - `leaveScope`: `regions[operand]`'s scope keeps slot `object`'s object (stages it if the region
///   `defers`); with `value` 1, publishes what the run staged there, if anything.
/// - `requireMainActor`: fails off the main actor, where `mainActorTypes[operand]` must be made.
///
/// **Scopes.** An object a scope keeps beyond one resolve (`.weak`, a custom scope, a singleton not yet
/// created) is made in a region, `enterScope` to `leaveScope`, run under the scope's creation lock only
/// when the scope keeps none (for the generation the run pinned, see `ScopePins`); skipping it changes
/// nothing else (see `ScopeRegion`). A failure inside abandons it, releasing the lock. A singleton's or
/// custom scope's region publishes its object after those objects' hooks; one that reads an object made
/// before it (maybe incomplete until the resolve ends) `defers`: the object is staged, lock held, then
/// published with the enclosing publishing region or after the final hooks, or discarded by a failure.
///
/// **Closure factories.** A closure factory's value is a `callFactory` of a `ClosureCall`: the closure
/// runs inside the run, in one *joined* resolution per run, which the first such call starts with the
/// `.graph` objects made before it (its arguments, so none is moved out of its slot before then). After
/// it, each `.graph` object is made in a region with no scope that looks it up there first and records it
/// once created: one instance, whichever asks first. A `.graph` factory waiting for its arguments around
/// a call is marked under construction there until its product is recorded (`JoinedPublication`), so a
/// closure needing it meets the cycle or waits to fill a property; a transient one is marked for the call
/// only. A transient object filled around the call is in the same resolve: the joined resolution does not
/// count the program as enclosing it. It ends with the run, its deferred work after the program's hooks.
/// A closure root's program is only that call (`callsRootClosure`).
///
/// **Nested runs.** What a closure's `Resolver` asks for is made by a *nested* program, lowered as if
/// after a `ClosureCall`, so it shares the closure's resolution the same way. Its hooks wait for the
/// creation frame it runs in (`runNested(in:)`); a factory still running in that resolution is waited for
/// by the program's variant (`ProgramVariant.waitsFor`). A singleton's or custom scope's region met once
/// a program joined a resolution is *framed* (`ScopeRegion.framed`).
///
/// **The main actor.** A `@MainActor` class's object (or one with dependencies declared on it) is made
/// and filled only there: `requireMainActor` precedes its `create` (an injection's first store).
///
/// **Re-entry.** Before calling user code a run records its instruction, so a resolve started from that
/// code can tell what is being built: each `create` has a building range, up to its first-fill check.
///
/// **Errors.** Each instruction names the node of a path tree it works for (`pathOf`); an error's path is
/// rendered from that tree only when one is thrown.
///
/// **Life.** `ProgramLowering` lowers a program at the root's first top-level resolve, under the
/// registry's lock; a root reaching a producer no program performs has none (`ProgramWord.none`) and
/// fails with `internal-inconsistency`. Published programs are immutable; one that `canImprove` is
/// lowered again at the next resolve, and the one it replaces stays alive with the registry, as another
/// thread may still run it.
///
/// Sendable: every stored property is `let` and the buffers are never written after `init`; `improvable`
/// is an atomic (relaxed: a hint). A program reaches other threads through `programWord`'s releasing
/// store, loaded acquiring.
final class ResolveProgram: @unchecked Sendable {

    let code: FixedBuffer<Instruction>
    let creators: FixedBuffer<any Injectable.Type>
    /// Unretained: `keptAlive` holds the stores, checks and constants for the program's life.
    let stores: FixedBuffer<Unowned<ProgramStore>>
    let firstFills: FixedBuffer<Unowned<FirstFillCheck>>
    let hooks: FixedBuffer<Unowned<InjectionHook>>
    let constants: FixedBuffer<ObjectWord>
    let calls: FixedBuffer<ProgramCall>
    let arguments: FixedBuffer<UInt32>
    let regions: [ScopeRegion]
    let regionReleases: [UInt32]
    let hasRegions: Bool
    let makesClosureCalls: Bool
    let kind: ProgramKind
    /// Whether a top-level run joins its resolution before the first instruction: the program calls a
    /// closure inside a kept object's region (see `ProgramLowering.Stop.joinsFromStart`).
    let joinsAtStart: Bool
    /// For an injection joining at its start: the injected object's producers, recorded first for closures.
    let injectedObjectProducers: [AnyProducer]
    /// No regions and no `ClosureCall`: stored, since every run asks.
    let runsPlainly: Bool
    let mainActorTypes: [Any.Type]
    /// Retains everything the unretained tables above point to.
    let keptAlive: [AnyObject]
    let slotCount: Int
    let resultSlot: Int
    /// Whether slot 0 holds an object handed in by a `PropertyInjector`, which the frame does not own.
    let injects: Bool
    let building: FixedBuffer<BuildingRange>
    let pathOf: FixedBuffer<Int32>
    let pathTree: FixedBuffer<PathStep>
    private let tables: TableBlock
    /// Whether lowering again would be faster: a store still learns its offset, a first fill or hook
    /// is unsettled, a conversion is unproven, or a region published a singleton (now a constant).
    var canImprove: Bool { improvable.load(ordering: .relaxed) }
    let improvable: Atomic<Bool>
    /// 1 for a root's first program, one more each time it is lowered again.
    let generation: Int
    /// For a nested program, the producers whose factories it calls: the resolution it runs in marks
    /// them while they run, which a nested run would not see (see `canRunNested(in:)`).
    let constructs: [ObjectIdentifier]
    /// Read once here: each read of the lazy global costs a check (see `ActiveResolutions.key`).
    let activeResolutionsKey = ActiveResolutions.key
    /// Whether the program only calls its root's closure factory (a protocol bound to a closure, say): the
    /// run calls it with no frame, tables or loop (about 560 instructions a resolve; see `callClosure`).
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
        // The arrays are the lowering's, emptied and reused (`SpareLowering`): what the program keeps
        // is copied, into one block for all its tables.
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
        // Lowered at most three times: a run that keeps failing before some store or check leaves it
        // unlearned, and would otherwise be lowered again on every resolve. An unproven conversion is
        // boxed by a call; once proven, properties store it directly.
        self.improvable = Atomic(
            generation < 3
                && (stores.contains(where: \.isLearning) || firstFills.contains { !$0.isSettled }
                    || hooks.contains { !$0.isSettled } || factories.contains { $0.conversion?.isProven == false })
        )
    }

    /// The program of every root made only by its closure factory's call (the root is handed to the
    /// run): one for the process, so a closure root's first resolve allocates no program.
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

    /// Whether `test` holds for a producer whose object the program builds or whose factory it calls
    /// (not through a `ClosureCall`, whose resolve checks for itself).
    func mayBuild(where test: (ObjectIdentifier) -> Bool) -> Bool {
        building.contains { test($0.producer) }
    }

    /// The producers for which `mayBuild`'s `test` holds, each once, in the order the program meets them.
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
