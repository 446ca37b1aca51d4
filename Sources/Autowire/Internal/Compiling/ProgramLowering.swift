/// Lowers the producers reachable from one root into a `ResolveProgram`, with its own stack (a chain of any
/// depth lowers), visiting values in the order they are made: properties in declaration order, each value
/// complete before it is stored. A kept object is made in a region the program skips while its scope has
/// one. Runs under the registry's lock; producers and plans are immutable once published.
struct ProgramLowering {
    enum Value {
        case slot(Int)
        case constant(Int)
    }

    /// Why a root has no program.
    enum Stop: Error {
        /// Something on the way no program performs, or a nested program's root that a closure's
        /// `Resolver` calls as it is (a closure's own): no program (see `ProgramWord.none`).
        case unsupported
        /// A closure is called inside a kept object's region (or a remade `.graph` object's), after a region
        /// that stays in later programs made a `.graph` object, or past 64 `.graph` objects (what a call hands
        /// over), in a top-level program not joined to a resolution: lowered again joining from the start,
        /// where each region records its `.graph` objects, a singleton's or custom scope's is a creation frame
        /// (`ScopeRegion.framed`) and a `.weak` object's marks what it makes as kept (`keptInJoined`).
        case joinsFromStart
    }

    /// Where a value goes once it is complete.
    enum Destination {
        case root
        case store(owner: Int, ProgramStore)
        /// The next argument of the factory at this index of `stack`.
        case argument(Int)
        /// The same, for an implementation object the call converts with `conversion` (see
        /// `FactoryArguments.convertedBit`); `alias` converts it past what an argument entry can name.
        case convertedArgument(Int, ImplementationConversion, alias: ProgramFactory)
        /// The scope of region `region` keeps it (it is in `slot`), then it goes on to `then`.
        indirect case leaveScope(region: Int, slot: Int, then: Destination)
        /// Made in region `region`, of a `.graph` object that may be there already (see `beginShared`).
        indirect case endShared(region: Int, then: Destination)

        var leavesScope: Bool {
            if case .leaveScope = self { return true }
            return false
        }

        var endsShared: Bool {
            if case .endShared = self { return true }
            return false
        }
    }

    /// Where a region opened: `producer`'s object, at these counts of `graphLog`, `pendingHooks`.
    struct RegionOpening {
        let producer: ObjectIdentifier
        let graphLogStart: Int
        let hooksStart: Int
    }

    /// A property of slot `owner` waiting for a factory's product; `region` was innermost when it met it.
    struct WaitingStore {
        let owner: Int
        let store: ProgramStore
        let path: Int32
        let region: Int?
        /// What the property asked for when it hands the factory's product on through aliases.
        var throughAliases: AnyProducer? = nil
    }

    /// An object being filled, or a factory whose arguments are being made.
    struct Pending {
        enum Work {
            /// `steps`: `plan`'s, read once (each read of the property is an exclusivity check).
            case fill(type: Any.Type, plan: InjectionPlan, steps: [InjectionStep], slot: Int)
            /// `slot`: the region's, else a new one; `arguments`: table entries of the values made so far.
            case call(ProgramFactory, parameters: [AnyProducer], arguments: [UInt32], shared: Bool, slot: Int?)
        }

        let producer: ObjectIdentifier
        var work: Work
        /// Its node in the path tree.
        let path: Int32
        let range: Int?
        /// For a transient object or factory call met again while it is made (see `begin`): the
        /// `onPath` entry of the one being made around it, restored once this one is complete.
        var enclosingEntry: Int? = nil
        /// For a boxed object (`Lowering.autowired` with `boxing`): the box's slot, which is delivered.
        var delivers: Int? = nil
        /// For an `.optional` property's value: the property keeps what it had if it is absent.
        var toleratesAbsence = false
        /// For the fill of a construction's product (see `FilledConstruction`).
        var construction: (factory: FilledConstruction, shared: Bool, regionSlot: Int?)? = nil
        /// For a transient factory waiting for its arguments around `ClosureCall`s: the run's slot
        /// for the mark the first of them sets (see `ScopedRun.waitMark(_:first:)`).
        var waitSlot: Int? = nil
        var next = 0
        let destination: Destination
    }

    /// Past this size a graph (transient diamonds multiply) is made by nested programs (see `begin`).
    static let maximumInstructions = 1 << 16

    var code: [ResolveProgram.Instruction] = []
    var pathOf: [Int32] = []
    var pathTree: [ResolveProgram.PathStep] = []
    var creators: [any Injectable.Type] = []
    var stores: [ProgramStore] = []
    var storeIndex = IdentityTable<Int>()
    var firstFills: [FirstFillCheck] = []
    var firstFillIndex = IdentityTable<Int>()
    var constants: [AnyObject] = []
    var hooks: [InjectionHook] = []
    /// Objects whose class may implement `didInjectDependencies()`, in completion order: called at
    /// the end, once every object is complete, but not those whose innermost region was skipped.
    var pendingHooks: [(slot: Int, hook: Int, path: Int32, region: Int?)] = []
    var hookIndex = IdentityTable<Int>()
    var constantIndex = IdentityTable<Int>()
    /// The constants holding the conversions that specialized calls apply to their arguments.
    var conversionIndex = IdentityTable<Int>()
    var building: [ResolveProgram.BuildingRange] = []
    var slotCount = 0
    /// Slots the frame owns a reference in (created objects).
    var owned: [Bool] = []
    /// `.graph` objects of the resolve: one slot each, recorded at creation so cycles close.
    var graphSlots = IdentityTable<Int>()
    /// Producers recorded in `graphSlots` while a region is open, in order: what a region made.
    var graphLog: [ObjectIdentifier] = []
    /// How many regions of scopes are open: what is made in them is kept by their scope.
    var openRegions = 0
    /// The regions open, innermost last, those that make an object again included.
    var enclosingRegions: [Int] = []
    /// Whether this is made for a kept object, whose handles and resolvers must not keep the container alive.
    var isInsideKeptObject: Bool { openRegions > 0 || kind.makesForKeptObject }
    /// Per region, the deferring regions it publishes once complete (see `completeBeforePublishing`).
    var stagedUntilRegion: [[Int]] = []
    /// The deferring regions whose objects are published at the end of the run.
    var stagedUntilEnd: [Int] = []
    /// `.graph` objects (and singletons) made in a closed region, with their slot, empty if it was
    /// skipped: one met again is made again, in a region that runs only then (see `beginShared`).
    var madeInRegion = IdentityTable<Int>()
    /// Producers made again after a region that made them: their slot is filled whichever ran.
    var remade = IdentityTable<Void>()
    var regions: [ResolveProgram.ScopeRegion] = []
    /// What each region releases when skipped (see `ResolveProgram.ScopeRegion.releasedWhenSkipped`).
    var regionReleases: [UInt32] = []
    /// Scratch tables of `listReleasesWhenSkipped`.
    var createdAt: [Int] = []
    var regionParents: [Int] = []
    var innermostRegionAt: [Int] = []
    var openRegionStack: [Int] = []
    var releaseCounts: [Int] = []
    var regionOpenings: [RegionOpening] = []
    var scopes: [ProgramScope] = []
    var mainActorTypes: [Any.Type] = []
    /// Transient objects and factories being made, with `recordings` when each began (see `begin`).
    var onPath = IdentityTable<Int>()
    /// Per shared factory still making its arguments, the properties to store once it returns.
    var waitingStores = IdentityTable<[WaitingStore]>()
    /// How many `.graph` objects have been recorded so far (see `onPath`).
    var recordings = 0
    /// How many transient factories wait around `ClosureCall`s (see `Pending.waitSlot`).
    var waitSlots = 0
    var stack: [Pending] = []
    var factories: [ProgramFactory] = []
    var factorySites: [ResolveProgram.FactorySite] = []
    var arguments: [UInt32] = []
    var lastReads: [LastRead] = []
    var resultSlot: Int?
    var rootKey: BindingKey?
    var generation = 1
    /// Whether a `ClosureCall` was begun: `.graph` objects met after it go through the joined resolution.
    var joinsResolution = false
    /// Which program of the root: a nested one (`ResolveProgram.runNested(in:)`) joins its resolution from the
    /// start, its hooks waiting for the creation frame there; a kept object's inside is made as in a region.
    var kind = ProgramKind.root
    var nested: Bool { kind.isNested }
    /// Whether this top-level program joins its resolution from the start (`Stop.joinsFromStart`).
    var joinsFromStart = false
    /// For a nested program, the producers whose factories it calls (see `ResolveProgram.constructs`).
    var constructs: [ObjectIdentifier] = []
    /// For a variant of the root's program, what is being made around the resolve it runs in.
    var variant = ProgramVariant()
    /// The producers whose value is that object (see `InjectionTargetProducer.selfProducers`).
    var selfProducers: [AnyProducer] = []
    static func lower(
        _ root: AnyProducer, generation: Int, kind: ProgramKind = .root, variant: ProgramVariant = ProgramVariant()
    ) -> Result<ResolveProgram, Stop> {
        let lowered = lower(root, generation: generation, kind: kind, variant: variant, joiningFromStart: false)
        guard case .failure(.joinsFromStart) = lowered else { return lowered }
        return lower(root, generation: generation, kind: kind, variant: variant, joiningFromStart: true)
    }

    private static func lower(
        _ root: AnyProducer, generation: Int, kind: ProgramKind, variant: ProgramVariant, joiningFromStart: Bool
    ) -> Result<ResolveProgram, Stop> {
        SpareLowering.shared.withLowering { lowering in
            lowering.generation = generation
            lowering.kind = kind
            lowering.variant = variant
            lowering.joinsFromStart = joiningFromStart
            lowering.joinsResolution = kind.isNested || joiningFromStart
            do throws(Stop) {
                return .success(try lowering.lowerRoot(root))
            } catch {
                return .failure(error)
            }
        }
    }

    mutating func lowerRoot(_ root: AnyProducer) throws(Stop) -> ResolveProgram {
        rootKey = root.key
        var injects = false
        switch root.lowering() {
        case .existing(let type, let plan):
            injects = true
            let slot = newSlot(owned: false)
            resultSlot = slot
            // The object is part of its own graph: what points back to its type reads its slot.
            selfProducers = (root as? InjectionTargetProducer)?.selfProducers ?? []
            for producer in selfProducers { graphSlots[ObjectIdentifier(producer)] = slot }
            requireMainActor(for: plan, path: -1)
            stack.append(
                Pending(
                    producer: ObjectIdentifier(root),
                    work: .fill(type: type, plan: plan, steps: plan.steps, slot: slot), path: -1,
                    range: nil, destination: .root))
        case let lowering where nested && !lowering.makesInNestedRun:
            throw .unsupported
        case .closureCall(let producer, _) where producer === root:
            // A root only its closure's call makes: its program is that call (see
            // `ResolveProgram.callsRootClosure`); nested, the `Resolver` calls the closure itself.
            return kind == .root ? ResolveProgram.rootClosureCall : ResolveProgram.keptObjectRootClosureCall
        case .autowired, .factory, .forward, .scoped:
            if let value = try begin(root, path: -1, destination: .root) { try deliver(value, to: .root, path: -1) }
        case .constant(let value):
            // (Not nested: `Lowering.makesInNestedRun`.)
            stack.append(
                Pending(
                    producer: ObjectIdentifier(root),
                    work: .call(
                        ConstantRead(value, key: root.key), parameters: [], arguments: [], shared: false, slot: nil),
                    path: -1, range: nil, destination: .root))
        case .unsupported, .closureCall, .keptClosure:
            // (A closure root's program is its call, above; a kept object's closure is called in its region.)
            throw .unsupported
        }
        try work()
        guard let resultSlot else { throw .unsupported }
        emitHooks(from: 0, toCreationFrame: nested)
        for staged in stagedUntilEnd {
            emit(.publishStaged(region: staged), path: -1)
        }
        markLastReads(keeping: resultSlot)
        // A call's operand becomes its byte offset in `calls`: the loop adds it to the table's address as is.
        for site in factorySites {
            code[site.instruction].operand *= Int32(MemoryLayout<ProgramCall>.stride)
        }
        return ResolveProgram(
            code: code, creators: creators, stores: stores, firstFills: firstFills, hooks: hooks, constants: constants,
            factories: factories, factorySites: factorySites, arguments: arguments, regions: regions,
            regionReleases: regionReleases, scopes: scopes,
            mainActorTypes: mainActorTypes, slotCount: slotCount,
            resultSlot: resultSlot, injects: injects, building: building, pathOf: pathOf, pathTree: pathTree,
            generation: generation, kind: kind, joinsAtStart: joinsFromStart, injectedObjectProducers: selfProducers,
            constructs: constructs)
    }

    /// Works on the innermost pending object or factory until the root is complete.
    mutating func work() throws(Stop) {
        // The innermost entry is read in place while it has work left, and moved out once complete:
        // copying it each turn would retain and release everything it holds.
        while !stack.isEmpty {
            let index = stack.count - 1
            switch stack[index].work {
            case .fill(let type, let plan, let steps, let slot):
                let next = stack[index].next
                if next < steps.count {
                    let step = steps[next]
                    stack[index].next += 1
                    let path = addPath(stack[index].path, .property(ownerType: type, step.requirement))
                    if !variant.waitsFor.isEmpty,
                        waitsForRunningFactory(step.target, toFill: slot, with: step.store, path: path)
                    {
                        continue
                    }
                    let destination = Destination.store(owner: slot, step.store)
                    if let value = try begin(step.target, path: path, destination: destination) {
                        try deliver(value, to: destination, path: path)
                    }
                    continue
                }
                let top = stack.removeLast()
                if let check = plan.firstFill, !check.hasPassed {
                    let checkIndex = firstFillIndex[ObjectIdentifier(check)] ?? Self.append(check, to: &firstFills)
                    firstFillIndex[ObjectIdentifier(check)] = checkIndex
                    emit(
                        .init(operation: .checkFirstFill, object: UInt32(slot), operand: Int32(checkIndex)),
                        path: top.path)
                }
                if let hook = plan.hook, !hook.isAbsent {
                    let index = hookIndex[ObjectIdentifier(hook)] ?? Self.append(hook, to: &hooks)
                    hookIndex[ObjectIdentifier(hook)] = index
                    pendingHooks.append((slot, index, top.path, enclosingRegions.last))
                }
                if let range = top.range { building[range].end = code.count }
                onPath[top.producer] = top.enclosingEntry
                if let construction = top.construction {
                    try completeConstruction(construction, of: top, filled: slot)
                    continue
                }
                try deliver(.slot(top.delivers ?? slot), to: top.destination, path: top.path)
            case .call(var factory, let parameters, let arguments, let shared, let regionSlot):
                let next = stack[index].next
                if next < parameters.count {
                    stack[index].next += 1
                    let callPath = stack[index].path
                    let path = factory.namesPath ? addPath(callPath, .parameter(of: factory.key)) : callPath
                    let destination = Destination.argument(index)
                    if let value = try begin(parameters[next], path: path, destination: destination) {
                        try deliver(value, to: destination, path: path)
                    }
                    continue
                }
                let top = stack.removeLast()
                if nested, !constructs.contains(top.producer) { constructs.append(top.producer) }
                if let filled = factory as? FilledConstruction {
                    beginFilling(filled, after: top, arguments: arguments, shared: shared, into: regionSlot)
                    continue
                }
                let slot = regionSlot ?? newSlot(owned: true)
                if shared, joinsResolution, !(factory is ClosureCall) {
                    // A `.graph` factory whose product the joined resolution must see: one that
                    // waited for its arguments across a `ClosureCall`, or one met after the first.
                    factory = JoinedPublication(factory, of: Self.producer(UInt(bitPattern: top.producer)))
                }
                // No building range for a `ClosureCall` (the joined resolution marks what it makes), nor
                // for an assisted factory's target, which may run inside itself (a tree's construction
                // making smaller ones): as in `Resolution.constructing`, it never counts as built outside.
                if !(factory is ClosureCall), !Self.producer(UInt(bitPattern: top.producer)).key.isAssistedTarget {
                    building.append(
                        ResolveProgram.BuildingRange(producer: top.producer, start: code.count, end: code.count + 1))
                }
                emitCall(
                    factory, arguments: arguments, into: slot, toleratesAbsence: top.toleratesAbsence, path: top.path)
                completeProduct(of: top.producer, in: slot, shared: shared, key: factory.key)
                onPath[top.producer] = top.enclosingEntry
                try deliver(.slot(slot), to: top.destination, path: top.path)
            }
        }
    }
}
