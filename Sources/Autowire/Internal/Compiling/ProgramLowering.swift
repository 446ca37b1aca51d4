/// Lowers the compiled producers reachable from one root into a `ResolveProgram`, walking them with
/// a stack of its own (no recursion: a chain of any depth lowers).
///
/// The walk visits what the recursive path would, in the same order: an object's properties in
/// declaration order, each value made completely before it is stored. An object a scope keeps is
/// made in a region the program skips while the scope has one (see `ResolveProgram`). Runs under
/// the registry's lock; reads producers and plans, which are immutable once published.
struct ProgramLowering {
    /// What the walk found for one producer.
    private enum Value {
        case slot(Int)
        case constant(Int)
    }

    /// Why a root has no program.
    enum Stop: Error {
        /// A singleton on the way is not created yet: the recursive path creates it (joining this
        /// resolve's graph, as it always has), and a later resolve lowers the program.
        case notYet
        /// Something on the way only the recursive path performs; the root keeps that path.
        case unsupported
    }

    /// Where a value goes once it is complete.
    private enum Destination {
        /// The resolve's result.
        case root
        /// A property of the object in slot `owner`.
        case store(owner: Int, ProgramStore)
        /// The next argument of the factory at this index of `stack`.
        case argument(Int)
        /// The same, for an implementation object the factory's call converts with `conversion` to
        /// the parameter's type (see `FactoryArguments.convertedBit`).
        case convertedArgument(Int, ImplementationConversion)
        /// The scope of region `region` keeps it (it is in `slot`), then it goes on to `then`.
        indirect case leaveScope(region: Int, slot: Int, then: Destination)
    }

    /// Where a region opened: for the object of `producer`, when `graphLog` had `graphLogStart`
    /// entries and `pendingHooks` had `hooksStart`.
    private struct RegionOpening {
        let producer: ObjectIdentifier
        let graphLogStart: Int
        let hooksStart: Int
    }

    /// An object being filled, or a factory whose arguments are being made.
    private struct Pending {
        enum Work {
            case fill(type: Any.Type, plan: InjectionPlan, slot: Int)
            /// `slot` is the slot of the region the product is made in, if any; else it gets a new one.
            /// `arguments` are the entries of the program's argument table for the values made so far.
            case call(ProgramFactory, parameters: [AnyProducer], arguments: [UInt32], shared: Bool, slot: Int?)
        }

        let producer: ObjectIdentifier
        var work: Work
        /// Its node in the path tree.
        let path: Int32
        /// Its building range, for an object.
        let range: Int?
        /// The region it is made in for a scope to keep, if any.
        var region: Int? = nil
        /// For a transient object or factory call met again while it is made (see `begin`): the
        /// `onPath` entry of the one being made around it, restored once this one is complete.
        var enclosingEntry: Int? = nil
        var next = 0
        let destination: Destination
    }

    /// Past this size, a graph (transient objects reached through many diamonds multiply) keeps
    /// the recursive path.
    static let maximumInstructions = 1 << 20
    /// A run notes the regions it skipped in one 64-bit word.
    static let maximumRegions = 64

    private var code: [ResolveProgram.Instruction] = []
    private var pathOf: [Int32] = []
    private var pathTree: [ResolveProgram.PathStep] = []
    private var creators: [any Injectable.Type] = []
    private var stores: [ProgramStore] = []
    private var storeIndex = IdentityTable<Int>()
    private var firstFills: [FirstFillCheck] = []
    private var firstFillIndex = IdentityTable<Int>()
    private var constants: [AnyObject] = []
    private var hooks: [InjectionHook] = []
    /// Objects whose class may implement `didInjectDependencies()`, in the order they were
    /// completed: called at the end, once every object of the resolve is complete.
    private var pendingHooks: [(slot: Int, hook: Int, path: Int32, region: Int?)] = []
    private var hookIndex = IdentityTable<Int>()
    private var constantIndex = IdentityTable<Int>()
    /// The constants holding the conversions that specialized calls apply to their arguments.
    private var conversionIndex = IdentityTable<Int>()
    private var building: [ResolveProgram.BuildingRange] = []
    private var slotCount = 0
    /// Slots the frame owns a reference in (created objects).
    private var owned: [Bool] = []
    /// `.graph` objects of the resolve: one slot each, recorded at creation so cycles close.
    private var graphSlots = IdentityTable<Int>()
    /// Every producer recorded in `graphSlots` while a region is open, in order: what a region
    /// made is read from here.
    private var graphLog: [ObjectIdentifier] = []
    private var openRegions = 0
    /// For each region, the deferring regions inside it whose objects it publishes when it is
    /// complete, in the order they were staged (see `completeBeforePublishing`).
    private var stagedUntilRegion: [[Int]] = []
    /// The deferring regions whose objects are published at the end of the run.
    private var stagedUntilEnd: [Int] = []
    /// The custom scopes the program reaches, whose generations a run pins.
    private var pinnedStorages = Set<ObjectIdentifier>()
    /// `.graph` objects (and singletons) made inside a closed region, whose slot is empty when it
    /// was skipped: meeting one again keeps the recursive path, for good when the region is a weak
    /// one's, or until the region's singleton exists (true) and a program reads it as a constant.
    private var madeInRegion = IdentityTable<Bool>()
    /// Whether `madeInRegion` holds an object of a region that stays in the programs lowered later
    /// (a weak or custom scope's): one a singleton's region made is a `notYet`.
    private var madeInLastingRegion = false
    private var regions: [ResolveProgram.ScopeRegion] = []
    private var regionOpenings: [RegionOpening] = []
    private var scopes: [ProgramScope] = []
    private var mainActorTypes: [Any.Type] = []
    /// Transient objects and factories under construction, with `recordings` when each began
    /// (see `begin`).
    private var onPath = IdentityTable<Int>()
    /// How many `.graph` objects have been recorded so far: a transient object met again while it
    /// is made closes its cycle only if one was recorded since it began.
    private var recordings = 0
    private var stack: [Pending] = []
    private var factories: [ProgramFactory] = []
    private var factorySites: [ResolveProgram.FactorySite] = []
    private var arguments: [UInt32] = []
    private var resultSlot: Int?
    private var generation = 1
    /// Whether a `RecursiveCall` was begun: every `.graph` object met after it is made by one too,
    /// in the run's joined resolution, which then finds what a closure already made.
    private var joinsRecursiveResolves = false
    /// The producer of the object a `PropertyInjector` hands in, if the program fills one.
    private var injectedRoot: ObjectIdentifier?
    /// The producers whose value is that object (see `InjectionTargetProducer.selfProducers`).
    private var selfProducers: [AnyProducer] = []
    /// Producers whose values a `RecursiveCall` makes, though the program could make them: a
    /// closure factory below them needs the recursive path to see them being made (see
    /// `walkAgainCallingRecursively`).
    private var calledRecursively = IdentityTable<Void>()
    /// Set when the walk stopped at a closure factory met while a transient object is filled or a
    /// transient factory waits for its arguments, which the joined resolution would not see being
    /// made: the outermost of them, which the next walk makes by a `RecursiveCall`, whose recursive
    /// path sees the others.
    private var walkAgainCallingRecursively: ObjectIdentifier?

    /// Past this many walks, each made with one more object called recursively, the root keeps the
    /// recursive path.
    static let maximumWalks = 16

    static func lower(_ root: AnyProducer, generation: Int) -> Result<ResolveProgram, Stop> {
        var calledRecursively = IdentityTable<Void>()
        for _ in 0..<maximumWalks {
            var lowering = ProgramLowering()
            lowering.generation = generation
            lowering.calledRecursively = calledRecursively
            lowering.reserveForASmallGraph()
            do {
                return .success(try lowering.lowerRoot(root))
            } catch {
                guard let producer = lowering.walkAgainCallingRecursively else { return .failure(error) }
                calledRecursively[producer] = ()
            }
        }
        return .failure(.unsupported)
    }

    /// Room for a graph of a few objects in the tables every program fills, one allocation each:
    /// grown from empty, they reallocated about 35 times in a lowering of six objects (callgrind:
    /// about 13,000 of its 42,000 instructions). A larger graph grows them as usual.
    private mutating func reserveForASmallGraph() {
        code.reserveCapacity(32)
        pathOf.reserveCapacity(32)
        pathTree.reserveCapacity(16)
        creators.reserveCapacity(8)
        stores.reserveCapacity(16)
        firstFills.reserveCapacity(8)
        hooks.reserveCapacity(8)
        pendingHooks.reserveCapacity(8)
        building.reserveCapacity(8)
        owned.reserveCapacity(16)
        stack.reserveCapacity(8)
    }

    private mutating func lowerRoot(_ root: AnyProducer) throws(Stop) -> ResolveProgram {
        var injects = false
        switch root.lowering() {
        case .existing(let type, let plan):
            injects = true
            injectedRoot = ObjectIdentifier(root)
            let slot = newSlot(owned: false)
            resultSlot = slot
            // The object is part of its own graph: what points back to its type reads its slot.
            selfProducers = (root as? InjectionTargetProducer)?.selfProducers ?? []
            for producer in selfProducers { graphSlots[ObjectIdentifier(producer)] = slot }
            requireMainActor(for: plan, path: -1)
            stack.append(
                Pending(
                    producer: ObjectIdentifier(root), work: .fill(type: type, plan: plan, slot: slot), path: -1,
                    range: nil, destination: .root))
        case .autowired, .autowiredBoxed, .factory, .forward, .scoped:
            if let value = try begin(root, path: -1, destination: .root) { try deliver(value, to: .root, path: -1) }
        case .constant, .notYet, .unsupported, .recursive:
            // Constant roots have a fast path of their own; a root only the recursive path makes
            // gains nothing from a program around it.
            throw .unsupported
        }
        try work()
        guard let resultSlot else { throw .unsupported }
        // A closure's resolver would make the object's type anew: the recursive path records it.
        if !selfProducers.isEmpty, joinsRecursiveResolves { throw .unsupported }
        for pending in pendingHooks {
            emit(
                .init(
                    operation: .callHook, object: UInt32(pending.slot),
                    value: UInt32(pending.region.map { $0 + 1 } ?? 0),
                    operand: Int32(pending.hook)),
                path: pending.path)
        }
        for staged in stagedUntilEnd {
            emit(.publishStaged(region: staged), path: -1)
        }
        markLastReads(keeping: resultSlot)
        return ResolveProgram(
            code: code, creators: creators, stores: stores, firstFills: firstFills, hooks: hooks, constants: constants,
            factories: factories, factorySites: factorySites, arguments: arguments, regions: regions, scopes: scopes,
            mainActorTypes: mainActorTypes, slotCount: slotCount,
            resultSlot: resultSlot, injects: injects, building: building, pathOf: pathOf, pathTree: pathTree,
            generation: generation)
    }

    /// Works on the innermost pending object or factory until the root is complete.
    private mutating func work() throws(Stop) {
        // The innermost entry is read in place while it has work left, and moved out once it is
        // complete: copying it each turn retained and released everything it holds.
        while !stack.isEmpty {
            let index = stack.count - 1
            switch stack[index].work {
            case .fill(let type, let plan, let slot):
                let steps = plan.steps
                let next = stack[index].next
                if next < steps.count {
                    let step = steps[next]
                    stack[index].next += 1
                    let path = addPath(stack[index].path, .property(ownerType: type, step.requirement))
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
                    pendingHooks.append((slot, index, top.path, top.region))
                }
                if let range = top.range { building[range].end = code.count }
                onPath[top.producer] = top.enclosingEntry
                try deliver(.slot(slot), to: top.destination, path: top.path)
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
                let slot = regionSlot ?? newSlot(owned: true)
                if shared, joinsRecursiveResolves, !(factory is RecursiveCall) {
                    // A `.graph` factory that waited for its arguments across a `RecursiveCall`, met
                    // before the first one (after it, it would be one).
                    factory = JoinedPublication(factory, of: Self.producer(UInt(bitPattern: top.producer)))
                }
                unsafe factorySites.append(
                    ResolveProgram.FactorySite(
                        instruction: code.count, factory: .passUnretained(factory), first: self.arguments.count,
                        count: arguments.count,
                        references: factory.references))
                self.arguments += arguments
                factories.append(factory)
                // The recursive path marks what a `RecursiveCall` makes in the joined resolution,
                // which it reads itself.
                if !(factory is RecursiveCall) {
                    building.append(
                        ResolveProgram.BuildingRange(producer: top.producer, start: code.count, end: code.count + 1))
                }
                let writesProductIntoSlot = (factory as? SpecializedProgramFactory)?.writesProductIntoSlot ?? false
                emit(
                    .init(
                        operation: .callFactory, object: UInt32(slot), value: writesProductIntoSlot ? 1 : 0,
                        operand: Int32(factorySites.count - 1)),
                    path: top.path)
                if shared { recordGraphSlot(slot, of: top.producer) }
                onPath[top.producer] = top.enclosingEntry
                try deliver(.slot(slot), to: top.destination, path: top.path)
            }
        }
    }

    /// The value of `producer` if it is at hand; nil when it is pending (an object to fill, a
    /// factory to call), to be delivered once complete.
    private mutating func begin(_ producer: AnyProducer, path: Int32, destination: Destination) throws(Stop) -> Value? {
        let id = ObjectIdentifier(producer)
        if let slot = graphSlots[id] { return .slot(slot) }
        if let index = constantIndex[id] { return .constant(index) }
        if let laterConstant = madeInRegion[id] { throw laterConstant ? .notYet : .unsupported }
        guard code.count < Self.maximumInstructions else { throw .unsupported }
        let lowering = producer.lowering(insideKeptObject: openRegions > 0)
        if let began = onPath[id] {
            // Met again while it is made. A transient object (or a transient factory's call) is
            // made anew, as the recursive path makes it, when a `.graph` object was recorded since
            // it began: going round again meets that object, whose slot closes the cycle. (Each
            // time round needs a recording of its own, so this ends.) A shared factory needing
            // itself, or a cycle that records nothing, is left to the recursive path, which
            // reports it or waits for the factory.
            guard lowering.isMadeEachTimeMet, recordings > began else { throw .unsupported }
        }
        if joinsRecursiveResolves, lowering.isMadeOncePerResolve {
            return try beginRecursive(producer, of: id, shared: true, path: path, destination: destination)
        }
        if calledRecursively.contains(id) {
            return try beginRecursive(
                producer, of: id, shared: lowering.isMadeOncePerResolve, path: path, destination: destination)
        }
        return try begin(lowering, of: id, path: path, destination: destination, in: nil)
    }

    /// Begins a `RecursiveCall` making `producer`'s value; the first one also gives the run's
    /// joined resolution the `.graph` objects made before it.
    private mutating func beginRecursive(
        _ producer: AnyProducer, of id: ObjectIdentifier, shared: Bool, path: Int32, destination: Destination
    ) throws(Stop) -> Value? {
        // What is being made around the call must be what the joined resolution can see: `.graph`
        // objects the program made, which it is given (or the object a `PropertyInjector` hands
        // in, which no resolve asks for), and `.graph` factories waiting for their arguments, which
        // it marks under construction. A transient object being filled, a transient factory
        // waiting for its arguments, a region: the recursive path would see them being made, the
        // joined resolution would not.
        guard openRegions == 0, !isBelowOptionalProperty else { throw .unsupported }
        // A `.graph` object made inside a region that closed is in the run's frame only when the
        // region ran, so it cannot be given to the joined resolution, and a closure that asks for
        // it would make a second one. A singleton's region is gone once the singleton exists.
        if madeInRegion.count > 0 { throw madeInLastingRegion ? .unsupported : .notYet }
        var waitingFactories: [AnyProducer] = []
        for (index, pending) in stack.enumerated() {
            switch pending.work {
            case .fill:
                if graphSlots[pending.producer] != nil || pending.producer == injectedRoot { continue }
            case .call(_, _, _, let shared, _):
                if shared {
                    waitingFactories.append(Self.producer(UInt(bitPattern: pending.producer)))
                    continue
                }
            }
            // Unless it is the root (or the object a boxed root boxes), which would leave the
            // program nothing to make, it is made by a `RecursiveCall` in the next walk, whose
            // recursive path sees what it makes.
            if index > 0, pending.producer != stack[0].producer { walkAgainCallingRecursively = pending.producer }
            throw .unsupported
        }
        var seeds: [AnyProducer] = []
        if !joinsRecursiveResolves {
            guard graphSlots.count <= 64 else { throw .unsupported }
            seeds = graphSlots.addresses.map(Self.producer)
            joinsRecursiveResolves = true
        }
        onPath[id] = recordings
        let call = RecursiveCall(producer, seeds: seeds, waitingFactories: waitingFactories)
        stack.append(
            Pending(
                producer: id, work: .call(call, parameters: seeds, arguments: [], shared: shared, slot: nil),
                path: path, range: nil, destination: destination))
        return nil
    }

    /// The producer whose identity is `address`: one this lowering began.
    private static func producer(_ address: UInt) -> AnyProducer {
        // Safe: the producers a lowering begins are in the registry's table, which holds them (under
        // its lock, for the lowering's whole life); the call they go into retains them.
        unsafe Unmanaged<AnyProducer>.fromOpaque(UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped)
            .takeUnretainedValue()
    }

    /// Begins what `lowering` says for the producer `id`; `region`, when given, is the region
    /// just opened to make it in, and its slot.
    private mutating func begin(
        _ lowering: Lowering, of id: ObjectIdentifier, path: Int32, destination: Destination,
        in region: (index: Int, slot: Int)?
    ) throws(Stop) -> Value? {
        switch lowering {
        case .constant(let value) where region == nil:
            let index = Self.append(value, to: &constants)
            constantIndex[id] = index
            return .constant(index)
        case .autowired(let type, let plan, let shared):
            let slot = region?.slot ?? newSlot(owned: true)
            requireMainActor(for: plan, path: path)
            building.append(ResolveProgram.BuildingRange(producer: id, start: code.count, end: code.count))
            emit(
                .init(operation: .create, object: UInt32(slot), operand: Int32(Self.append(type, to: &creators))),
                path: path)
            // Recorded before its properties are filled: a property cycle back to it closes here.
            let enclosingEntry = shared ? nil : onPath[id]
            if shared { recordGraphSlot(slot, of: id) } else { onPath[id] = recordings }
            stack.append(
                Pending(
                    producer: id, work: .fill(type: type, plan: plan, slot: slot), path: path,
                    range: building.count - 1, region: region?.index, enclosingEntry: enclosingEntry,
                    destination: destination))
            return nil
        case .autowiredBoxed(let type, let plan, let boxing, let shared):
            // Made, filled, then boxed by a call whose one argument is the object. Met again
            // before it is boxed (a cycle back to it), it has no value yet: the recursive path
            // closes such a cycle.
            let enclosingEntry = onPath[id]
            onPath[id] = recordings
            stack.append(
                Pending(
                    producer: id,
                    work: .call(boxing, parameters: [], arguments: [], shared: shared, slot: region?.slot),
                    path: path, range: nil, enclosingEntry: enclosingEntry, destination: destination))
            let slot = newSlot(owned: true)
            requireMainActor(for: plan, path: path)
            building.append(ResolveProgram.BuildingRange(producer: id, start: code.count, end: code.count))
            emit(
                .init(operation: .create, object: UInt32(slot), operand: Int32(Self.append(type, to: &creators))),
                path: path)
            stack.append(
                Pending(
                    producer: id, work: .fill(type: type, plan: plan, slot: slot), path: path,
                    range: building.count - 1, region: region?.index, destination: .argument(stack.count - 1)))
            return nil
        case .factory(let factory, let parameters, let shared):
            if let conversion = factory.conversion, let converted = convertedDestination(destination, conversion) {
                // An alias's conversion feeding a property or a specialized factory's parameter:
                // the implementation's object goes there, converted as it is stored or read,
                // rather than boxed first.
                if let value = try begin(parameters[0], path: path, destination: converted) {
                    try deliver(value, to: converted, path: path)
                }
                return nil
            }
            if factory.mayBeUnavailable, isBelowOptionalProperty { throw .unsupported }
            // Its value exists only once it returns: meeting it again before then never closes.
            let enclosingEntry = onPath[id]
            onPath[id] = recordings
            stack.append(
                Pending(
                    producer: id,
                    work: .call(factory, parameters: parameters, arguments: [], shared: shared, slot: region?.slot),
                    path: path, range: nil, enclosingEntry: enclosingEntry, destination: destination))
            return nil
        case .forward(let target) where region == nil:
            return try begin(target, path: path, destination: destination)
        case .scoped(let scope, _) where joinsRecursiveResolves:
            // A region skipped would leave out what the joined resolution made inside it.
            throw scope.becomesConstant ? .notYet : .unsupported
        case .recursive(let producer, let shared) where region == nil:
            return try beginRecursive(producer, of: id, shared: shared, path: path, destination: destination)
        case .scoped(let scope, let made) where region == nil && regions.count < Self.maximumRegions:
            if let storage = scope.storage {
                pinnedStorages.insert(ObjectIdentifier(storage))
                guard pinnedStorages.count <= ScopePins.capacity else { throw .unsupported }
            }
            let slot = newSlot(owned: true)
            let index = regions.count
            unsafe regions.append(
                ResolveProgram.ScopeRegion(
                    scope: .passUnretained(scope), publishes: scope.publishes, becomesConstant: scope.becomesConstant,
                    storage: scope.storage.map(Unmanaged.passUnretained), start: code.count, end: code.count))
            regionOpenings.append(
                RegionOpening(producer: id, graphLogStart: graphLog.count, hooksStart: pendingHooks.count))
            stagedUntilRegion.append([])
            openRegions += 1
            scopes.append(scope)
            emit(.init(operation: .enterScope, object: UInt32(slot), operand: Int32(index)), path: path)
            return try begin(
                made, of: id, path: path, destination: .leaveScope(region: index, slot: slot, then: destination),
                in: (index, slot))
        case .notYet:
            throw .notYet
        case .scoped(let scope, _) where region == nil:
            // Too many regions: a singleton is created by the recursive path, and a later resolve
            // reads it as a constant.
            throw scope.becomesConstant ? .notYet : .unsupported
        case .constant, .forward, .scoped, .existing, .unsupported, .recursive:
            throw .unsupported
        }
    }

    /// Before an object of `plan`'s class is made (or, injected, filled): where the main actor
    /// runs, if the plan must run there.
    private mutating func requireMainActor(for plan: InjectionPlan, path: Int32) {
        guard let (type, _) = plan.mainActor else { return }
        emit(
            .init(operation: .requireMainActor, object: 0, operand: Int32(Self.append(type, to: &mainActorTypes))),
            path: path)
    }

    private mutating func recordGraphSlot(_ slot: Int, of producer: ObjectIdentifier) {
        graphSlots[producer] = slot
        recordings += 1
        if openRegions > 0 { graphLog.append(producer) }
    }

    /// Ends a region after its `leaveScope`. The `.graph` objects made inside it, but for the
    /// scope's own, are not there when it is skipped: nothing after it may read them.
    private mutating func closeRegion(_ index: Int) {
        regions[index].end = code.count
        openRegions -= 1
        let opening = regionOpenings[index]
        for producer in graphLog[opening.graphLogStart...] where producer != opening.producer {
            graphSlots[producer] = nil
            madeInRegion[producer] = regions[index].becomesConstant
            if !regions[index].becomesConstant { madeInLastingRegion = true }
        }
    }

    /// Before a region publishes its object (in `slot`): the hooks of what it made run now, once
    /// that is complete, rather than at the end of the resolve, and then the regions deferred to
    /// it publish theirs.
    ///
    /// A region that reads an object made before it (perhaps still being built, or with its hook
    /// still to run) `defers` instead, as the recursive path does: its object is staged, and it
    /// and what was deferred to it are published with the enclosing region that publishes, or
    /// after the hooks at the end of the resolve. Its hooks wait for the same moment.
    private mutating func completeBeforePublishing(_ region: Int, slot: Int) {
        let opening = regionOpenings[region]
        let staged = stagedUntilRegion[region]
        stagedUntilRegion[region] = []
        if readsObjectMadeBefore(region, slot: slot) {
            regions[region].defers = true
            if let enclosing = enclosingPublishingRegion(of: region) {
                stagedUntilRegion[enclosing] += staged + [region]
            } else {
                stagedUntilEnd += staged + [region]
            }
            return
        }
        for pending in pendingHooks[opening.hooksStart...] {
            emit(
                .init(
                    operation: .callHook, object: UInt32(pending.slot),
                    value: UInt32(pending.region.map { $0 + 1 } ?? 0), operand: Int32(pending.hook)),
                path: pending.path)
        }
        pendingHooks.removeSubrange(opening.hooksStart...)
        for inner in staged {
            emit(.publishStaged(region: inner), path: -1)
        }
    }

    /// Whether the instructions of `region` so far store or pass an object from a slot made before
    /// the region's own, `slot` (slots are numbered in the order they are made).
    private func readsObjectMadeBefore(_ region: Int, slot: Int) -> Bool {
        for pc in regions[region].start..<code.count {
            let instruction = code[pc]
            switch instruction.operation {
            case .storeAtOffset, .storeThroughKeyPath:
                if !instruction.valueIsConstant, Int(instruction.value) < slot { return true }
            case .callFactory:
                let site = factorySites[Int(instruction.operand)]
                for argument in arguments[site.first..<site.first + site.count]
                where Self.slot(ofArgument: argument).map({ $0 < slot }) ?? false {
                    return true
                }
            default:
                break
            }
        }
        return false
    }

    /// The innermost region still open around `region` whose scope publishes, if any: open regions
    /// nest, and one still open has no end yet.
    private func enclosingPublishingRegion(of region: Int) -> Int? {
        regions[..<region].lastIndex { $0.end == $0.start && $0.publishes }
    }

    /// Where an alias's implementation object goes instead of its conversion's box, when
    /// `destination` can take it: a property of the bound type at a learned offset, or a parameter
    /// of a call specialized in the caller's module; and only once `conversion` has succeeded.
    private func convertedDestination(_ destination: Destination, _ conversion: ImplementationConversion)
        -> Destination?
    {
        switch destination {
        case .store(let owner, let store):
            return store.converting(conversion).map { .store(owner: owner, $0) }
        case .argument(let index):
            guard conversion.isProven, case .call(let consumer, _, _, _, _) = stack[index].work,
                consumer.readsConvertedArguments
            else { return nil }
            return .convertedArgument(index, conversion)
        default:
            return nil
        }
    }

    /// Whether the value being begun is made for an `.optional` property, directly or further
    /// down: each pending object's property in progress is the one before its `next`.
    private var isBelowOptionalProperty: Bool {
        stack.contains { pending in
            guard case .fill(_, let plan, _) = pending.work, pending.next > 0 else { return false }
            return plan.steps[pending.next - 1].requirement.isOptional
        }
    }

    /// Hands a complete value to where it goes.
    private mutating func deliver(_ value: Value, to destination: Destination, path: Int32) throws(Stop) {
        switch destination {
        case .root:
            if case .slot(let slot) = value { resultSlot = slot }
        case .store(let owner, let store):
            emitStore(store, into: owner, value, path: path)
        case .argument(let index):
            switch value {
            case .slot(let slot): appendArgument(UInt32(slot), toCallAt: index)
            case .constant(let constant):
                appendArgument(UInt32(constant) | FactoryArguments.constantBit, toCallAt: index)
            }
        case .convertedArgument(let index, let conversion):
            switch value {
            case .slot(let slot):
                let constant = conversionIndex[ObjectIdentifier(conversion)] ?? Self.append(conversion, to: &constants)
                conversionIndex[ObjectIdentifier(conversion)] = constant
                guard slot < FactoryArguments.convertedFieldLimit, constant < FactoryArguments.convertedFieldLimit
                else { throw .unsupported }
                appendArgument(
                    FactoryArguments.convertedBit | UInt32(constant) << 15 | UInt32(slot), toCallAt: index)
            case .constant(let constant):
                // A constant (a created singleton) is converted once, now.
                guard let boxed = conversion.box(constants[constant]) else { throw .unsupported }
                appendArgument(
                    UInt32(Self.append(boxed, to: &constants)) | FactoryArguments.constantBit, toCallAt: index)
            }
        case .leaveScope(let region, let slot, let then):
            if regions[region].publishes { completeBeforePublishing(region, slot: slot) }
            emit(.init(operation: .leaveScope, object: UInt32(slot), operand: Int32(region)), path: path)
            closeRegion(region)
            try deliver(value, to: then, path: path)
        }
    }

    private mutating func appendArgument(_ entry: UInt32, toCallAt index: Int) {
        if case .call(let factory, let parameters, var arguments, let shared, let slot) = stack[index].work {
            arguments.append(entry)
            stack[index].work = .call(factory, parameters: parameters, arguments: arguments, shared: shared, slot: slot)
        }
    }

    /// The slot an argument table entry reads, or nil for a constant.
    private static func slot(ofArgument entry: UInt32) -> Int? {
        if entry & FactoryArguments.constantBit != 0 { return nil }
        if entry & FactoryArguments.convertedBit != 0 { return Int(entry & 0x7FFF) }
        return Int(entry)
    }

    private mutating func addPath(_ parent: Int32, _ edge: ResolveProgram.PathStep.Edge) -> Int32 {
        pathTree.append(ResolveProgram.PathStep(parent: parent, edge: edge))
        return Int32(pathTree.count - 1)
    }

    private mutating func emitStore(_ store: ProgramStore, into owner: Int, _ value: Value, path: Int32) {
        var instruction = ResolveProgram.Instruction(operation: .storeThroughKeyPath, object: UInt32(owner))
        switch value {
        case .slot(let slot): instruction.value = UInt32(slot)
        case .constant(let index):
            instruction.value = UInt32(index)
            instruction.valueIsConstant = true
        }
        if let offset = store.directOffset {
            instruction.operation = .storeAtOffset
            instruction.operand = Int32(offset)
        } else {
            let index = storeIndex[ObjectIdentifier(store)] ?? Self.append(store, to: &stores)
            storeIndex[ObjectIdentifier(store)] = index
            instruction.operand = Int32(index)
        }
        emit(instruction, path: path)
    }

    /// Marks each owned slot's last read as a move when it is a store of its value; a slot whose
    /// last read is anything else (filling or checking its object) is released at the end.
    private mutating func markLastReads(keeping resultSlot: Int) {
        var read = [Bool](repeating: false, count: slotCount)
        var moved = [Bool](repeating: false, count: slotCount)
        // Where each slot's reference moves: only needed to skip regions.
        var movedAt = [Int](repeating: 0, count: regions.isEmpty ? 0 : slotCount)
        read[resultSlot] = true
        for pc in code.indices.reversed() {
            let instruction = code[pc]
            switch instruction.operation {
            case .storeAtOffset, .storeThroughKeyPath:
                if !instruction.valueIsConstant {
                    let value = Int(instruction.value)
                    if owned[value], !read[value] {
                        code[pc].moves = true
                        moved[value] = true
                        if !regions.isEmpty { movedAt[value] = pc }
                    }
                    read[value] = true
                }
                read[Int(instruction.object)] = true
            case .leaveScope where instruction.publishesStaged:
                break
            case .checkFirstFill, .callHook, .leaveScope:
                read[Int(instruction.object)] = true
            case .callFactory:
                // A factory that consumes its arguments takes over a slot read last here; others
                // borrow, and such a slot is released at the end. Arguments are visited from the
                // last, so of two reads of one slot in a call, the later one moves.
                let site = factorySites[Int(instruction.operand)]
                let consumes = unsafe site.factory.takeUnretainedValue().consumesArguments
                for index in (0..<site.count).reversed() {
                    guard let value = Self.slot(ofArgument: arguments[site.first + index]) else { continue }
                    if consumes, owned[value], !read[value] {
                        factorySites[Int(instruction.operand)].moves |= 1 << UInt64(index)
                        moved[value] = true
                        if !regions.isEmpty { movedAt[value] = pc }
                    }
                    read[value] = true
                }
            case .create, .release, .enterScope, .requireMainActor:
                break
            }
        }
        for slot in 0..<slotCount where owned[slot] && slot != resultSlot && !moved[slot] {
            emit(.init(operation: .release, object: UInt32(slot)), path: -1)
        }
        if !regions.isEmpty { listReleasesWhenSkipped(moved: moved, at: movedAt) }
    }

    /// For each region, the slots made before it whose reference moves inside it (`moved`, at
    /// `movedAt`): a run that skips the region releases them there.
    private mutating func listReleasesWhenSkipped(moved: [Bool], at movedAt: [Int]) {
        // The instruction that fills each slot first.
        var createdAt = [Int](repeating: Int.max, count: slotCount)
        for pc in code.indices {
            switch code[pc].operation {
            case .create, .callFactory, .enterScope:
                let slot = Int(code[pc].object)
                createdAt[slot] = Swift.min(createdAt[slot], pc)
            default:
                break
            }
        }
        for index in regions.indices {
            let region = regions[index]
            regions[index].releasedWhenSkipped = (0..<slotCount).filter { slot in
                moved[slot] && createdAt[slot] < region.start && (region.start..<region.end).contains(movedAt[slot])
            }.map(UInt32.init)
        }
    }

    private mutating func newSlot(owned isOwned: Bool) -> Int {
        owned.append(isOwned)
        slotCount += 1
        return slotCount - 1
    }

    private mutating func emit(_ instruction: ResolveProgram.Instruction, path: Int32) {
        code.append(instruction)
        pathOf.append(path)
    }

    private static func append<Element>(_ element: Element, to table: inout [Element]) -> Int {
        table.append(element)
        return table.count - 1
    }
}
