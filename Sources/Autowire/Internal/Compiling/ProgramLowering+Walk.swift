extension ProgramLowering {
    /// `producer`'s value if at hand; nil when pending (an object to fill, a factory to call).
    mutating func begin(_ producer: AnyProducer, path: Int32, destination: Destination) throws(Stop) -> Value? {
        let id = ObjectIdentifier(producer)
        if let slot = graphSlots[id] { return .slot(slot) }
        if let index = constantIndex[id] { return .constant(index) }
        if let slot = madeInRegion[id] {
            return try beginShared(producer, of: id, into: slot, path: path, destination: destination)
        }
        let lowering = producer.lowering(insideKeptObject: isInsideKeptObject)
        // Only an alias's conversion hands on another's value, so only then is its maker looked up (a
        // conformance check per alias).
        if case .factory(let factory, _, _) = lowering, factory.isAliasConversion,
            case .store(let owner, let store) = destination,
            waitsThroughAliases(for: producer, toFill: owner, with: store, path: path)
        {
            return nil
        }
        if !variant.waitsFor.isEmpty, variant.waitsFor.contains(id) {
            // A factory running in the variant's resolution, met other than by a property that can wait: a
            // typed one is checked before its arguments are made (`ReentryCheck`); a closure checks itself.
            switch lowering {
            case .closureCall: break
            case .factory(let factory, _, let shared) where factory.conversion == nil:
                emitCall(
                    ReentryCheck(producer, allowsProgress: !shared), arguments: [], into: newSlot(owned: true),
                    path: path)
            case .scoped:
                emitCall(
                    ReentryCheck(producer, allowsProgress: false), arguments: [], into: newSlot(owned: true), path: path
                )
            default: throw .unsupported
            }
        }
        if let began = onPath[id] {
            if case .store(let owner, let store) = destination, Self.closesCycleWhenItReturns(lowering) {
                // Back to a shared factory still making its arguments: see `closesCycleWhenItReturns`.
                waitingStores[id] =
                    (waitingStores[id] ?? [])
                    + [WaitingStore(owner: owner, store: store, path: path, region: enclosingRegions.last)]
                return nil
            }
            // Met again while it is made: made anew if a `.graph` object was recorded since it began (the
            // next round meets that slot and closes; each needs a recording, so this ends), or if a transient
            // object (its cycle goes through a factory the build let pass only because a property on it waits
            // for a shared one). Anything else never closes: the run fails here, unless a region is skipped.
            guard lowering.isMadeAnew(recordedSince: recordings > began) else {
                let slot = newSlot(owned: true)
                emitCall(BuiltOutside(producer, isFactory: true), arguments: [], into: slot, path: path)
                return .slot(slot)
            }
        }
        if case .factory(let wrapper, let parameters, _) = lowering, !wrapper.namesPath, !wrapper.mayBeUnavailable,
            wrapper.conversion == nil, optionalPlace(of: destination) == .property,
            mayBeAbsentNamingNoStep(parameters)
        {
            // An `.optional` property's wrapper of an offered object: one nested call, absorbing its absence.
            return try beginClosureCall(
                producer, of: id, making: { try producer.produceNested($0) }, shared: false, toleratesAbsence: true,
                path: path, destination: destination)
        }
        if code.count >= Self.maximumInstructions, lowering.makesInNestedRun {
            // Past `maximumInstructions`: the rest is made by nested programs, each lowered and bounded alone.
            return try beginClosureCall(
                producer, of: id, making: { try producer.produceNested($0) }, shared: lowering.isMadeOncePerResolve,
                path: path, destination: destination)
        }
        if joinsResolution, lowering.isMadeOncePerResolve {
            return try beginShared(producer, of: id, into: nil, path: path, destination: destination)
        }
        return try begin(lowering, of: id, path: path, destination: destination, into: nil)
    }

    /// Begins making `producer`'s `.graph` object, which may be there already, in a region of its own, into
    /// `slot` (new if nil). Before the program joins a resolution: an object a closed region made, absent if
    /// the run skipped it. After: any `.graph` or kept object, which a closure may have made in the joined
    /// resolution; else it is recorded there once created, for closures called while it is filled.
    mutating func beginShared(
        _ producer: AnyProducer, of id: ObjectIdentifier, into slot: Int?, lowering given: Lowering? = nil,
        path: Int32, destination: Destination
    ) throws(Stop) -> Value? {
        let lowering = given ?? producer.lowering(insideKeptObject: isInsideKeptObject)
        let joins = joinsResolution
        var boxing: ProgramFactory?
        if joins {
            // What the joined resolution records: an object (a boxed one unboxed, as a resolution
            // does, so that a cycle back to it closes) or a product needing no conversion.
            switch lowering {
            case .autowired(_, _, let conversion, _), .scoped(_, .autowired(_, _, let conversion, _)):
                boxing = conversion
            case .factory(let factory, _, _) where factory.conversion == nil: break
            default: return try beginClosureCall(producer, of: id, shared: true, path: path, destination: destination)
            }
        }
        let slot = slot ?? newSlot(owned: true)
        madeInRegion[id] = nil
        if !joins { remade[id] = () }
        let index = regions.count
        var region = ResolveProgram.ScopeRegion(
            scope: nil, publishes: false, becomesConstant: false, storage: nil, start: code.count, end: code.count)
        if joins {
            region.joined = Unowned(producer)
            region.boxing = boxing.map(Unowned.init)
            region.admitsClosureCalls = true
        }
        regions.append(region)
        regionOpenings.append(
            RegionOpening(producer: id, graphLogStart: graphLog.count, hooksStart: pendingHooks.count))
        stagedUntilRegion.append([])
        enclosingRegions.append(index)
        emit(.init(operation: .enterScope, object: UInt32(slot), operand: Int32(index)), path: path)
        let value = try begin(
            lowering, of: id, path: path, destination: .endShared(region: index, then: destination), into: slot)
        switch lowering {
        case .autowired where joins, .scoped(_, .autowired) where joins:
            // Created by now (unless the scope kept one), and still to be filled: the object, in
            // the slot of its fill, which for a boxed one is not the region's.
            guard case .fill(_, _, _, let object) = stack.last?.work else { throw .unsupported }
            emit(.init(operation: .leaveScope, object: UInt32(object), operand: Int32(index)), path: path)
        default:
            // A factory's product is recorded once it returns (see `JoinedPublication`).
            break
        }
        return value
    }

    /// Begins a `ClosureCall` making `producer`'s value (by `make`, if given) into `slot` (new if nil); the
    /// first one hands the joined resolution the `.graph` objects made before it. `toleratesAbsence`: the value
    /// goes to an `.optional` property, whose store the run skips if the call finds an offered object gone.
    mutating func beginClosureCall(
        _ producer: AnyProducer, of id: ObjectIdentifier, making make: ((Resolution) throws -> AnyObject)? = nil,
        into slot: Int? = nil, shared: Bool, toleratesAbsence: Bool = false, path: Int32, destination: Destination
    ) throws(Stop) -> Value? {
        // The joined resolution must see everything made around the call: `.graph` objects (handed over, or
        // found recorded) and waiting factories (marked under construction); a transient object being filled
        // is the program's own. A skipped region would hide what the joined resolution made in it, unless it
        // admits closure calls. A failed call names its binding: it fails the resolve even below `.optional`.
        for region in enclosingRegions where !regions[region].admitsClosureCalls {
            throw joinsResolution ? .unsupported : .joinsFromStart
        }
        // A closed region's `.graph` object is in the frame only if the region ran: it cannot be handed over,
        // and a closure would make a second one; a region joined from the start records it. (A created
        // singleton has no region, and a program lowered again joins only if it must.)
        if !joinsResolution, madeInRegion.count > 0 { throw .joinsFromStart }
        let (waitingFactories, waitingTransientFactories) = factoriesWaitingAroundACall()
        var seeds: [AnyProducer] = []
        if !joinsResolution {
            // More than a call's arguments hand over (see `Stop.joinsFromStart`).
            guard graphSlots.count <= 64 else { throw .joinsFromStart }
            seeds = graphSlots.addresses.map(Self.producer)
            joinsResolution = true
        }
        onPath[id] = recordings
        let call = ClosureCall(
            producer, making: make, seeds: seeds, waitingFactories: waitingFactories,
            waitingTransientFactories: waitingTransientFactories)
        stack.append(
            Pending(
                producer: id, work: .call(call, parameters: seeds, arguments: [], shared: shared, slot: slot),
                path: path, range: nil, toleratesAbsence: toleratesAbsence, destination: destination))
        return nil
    }

    /// Begins what `lowering` says for `id`, into `slot` if given (a region's, just opened).
    mutating func begin(
        _ lowering: Lowering, of id: ObjectIdentifier, path: Int32, destination: Destination, into slot: Int?
    ) throws(Stop) -> Value? {
        if !variant.builtOutside.isEmpty, variant.builtOutside.contains(id) {
            return try failBuiltOutside(lowering, of: id, path: path, into: slot)
        }
        switch lowering {
        case .constant(let value) where slot == nil:
            let index = Self.append(value, to: &constants)
            constantIndex[id] = index
            return .constant(index)
        case .autowired(let type, let plan, let boxing, let shared):
            beginObject(of: type, plan, boxedBy: boxing, shared: shared, id, path: path, destination, into: slot)
            return nil
        case .factory(let factory, let parameters, let shared):
            if let conversion = factory.conversion,
                let converted = convertedDestination(destination, factory, conversion)
            {
                // An alias's conversion feeding a property or a specialized factory's parameter:
                // the implementation's object goes there, converted as it is stored or read.
                if let value = try begin(parameters[0], path: path, destination: converted) {
                    try deliver(value, to: converted, path: path)
                }
                return nil
            }
            if factory.conversion != nil, let fused = offeredReadConverted(by: factory, parameters[0], for: destination)
            {
                return try begin(
                    .factory(fused, [], shared: shared), of: id, path: path, destination: destination, into: slot)
            }
            var place = factory.mayBeUnavailable ? optionalPlace(of: destination) : .none
            if place == .beside {
                // Only where a call between names a step, so that an absence fails the resolve anyway (see
                // `OptionalPlace`); wrappers naming none get their own call (`begin(_:path:destination:)`).
                guard namesAStepBelowTheInnermostFill() else { throw .unsupported }
                place = .none
            }
            // Where the main actor runs: checked before its arguments are made.
            if let filled = factory as? FilledConstruction { requireMainActor(for: filled.plan, path: path) }
            // Its value exists only once it returns: meeting it again before then never closes.
            let enclosingEntry = onPath[id]
            onPath[id] = recordings
            // Not shared for an `.optional` property (read again wherever else it is met): its slot
            // stays empty when the value is absent.
            let optional = place == .property
            stack.append(
                Pending(
                    producer: id,
                    work: .call(
                        factory, parameters: parameters, arguments: [], shared: shared && !optional, slot: slot),
                    path: path, range: nil, enclosingEntry: enclosingEntry, toleratesAbsence: optional,
                    destination: destination))
            return nil
        case .forward(let target) where slot == nil:
            return try begin(target, path: path, destination: destination)
        case .closureCall(let producer, let shared) where slot == nil:
            return try beginClosureCall(producer, of: id, shared: shared, path: path, destination: destination)
        case .keptClosure(let producer, let make) where slot != nil:
            return try beginClosureCall(
                producer, of: id, making: make, into: slot, shared: false, path: path, destination: destination)
        case .scoped(_, .autowired) where joinsResolution && !destination.endsShared:
            // A kept object the joined resolution may be making already (a nested program or an
            // outer region records it before it is filled): looked up and recorded there.
            return try beginShared(
                Self.producer(UInt(bitPattern: id)), of: id, into: slot, lowering: lowering, path: path,
                destination: destination)
        case .scoped(let scope, let made) where !destination.leavesScope:
            let slot = slot ?? newSlot(owned: true)
            let index = regions.count
            var region = ResolveProgram.ScopeRegion(
                scope: Unowned(scope), publishes: scope.publishes, becomesConstant: scope.becomesConstant,
                storage: scope.storage.map(Unowned.init), start: code.count, end: code.count)
            region.framed = joinsResolution && scope.publishes
            if joinsResolution, scope.storage != nil {
                region.joined = Unowned(Self.producer(UInt(bitPattern: id)))
            }
            region.keptInJoined = joinsResolution && !scope.publishes
            region.admitsClosureCalls = joinsResolution
            regions.append(region)
            regionOpenings.append(
                RegionOpening(producer: id, graphLogStart: graphLog.count, hooksStart: pendingHooks.count))
            stagedUntilRegion.append([])
            openRegions += 1
            enclosingRegions.append(index)
            scopes.append(scope)
            emit(.init(operation: .enterScope, object: UInt32(slot), operand: Int32(index)), path: path)
            return try begin(
                made, of: id, path: path, destination: .leaveScope(region: index, slot: slot, then: destination),
                into: slot)
        case .constant, .forward, .scoped, .existing, .unsupported, .closureCall, .keptClosure:
            throw .unsupported
        }
    }

    /// In a variant for a resolve inside another: fails where `id`, which the outer resolve is still making,
    /// would be made (see `BuiltOutside`); nothing after runs, and a region around it is abandoned.
    mutating func failBuiltOutside(_ lowering: Lowering, of id: ObjectIdentifier, path: Int32, into slot: Int?)
        throws(Stop) -> Value?
    {
        let producer = Self.producer(UInt(bitPattern: id))
        let isFactory: Bool
        switch lowering {
        case .autowired: isFactory = false
        case .factory(let factory, _, _) where factory.conversion == nil:
            isFactory = true
        case .scoped(let scope, _) where scope.publishes:
            // A singleton or custom scope's object: fails before its region, whose creation lock
            // the resolve around it holds (entering it would meet that as a re-entry).
            isFactory = true
        case .scoped(_, .autowired):
            // A `.weak` object, recorded as it is begun, as any autowired object.
            isFactory = false
        case .scoped(_, .factory(let factory, _, _)) where factory.conversion == nil:
            // A `.weak` typed factory's product, recorded once the factory returns.
            isFactory = true
        default: throw .unsupported
        }
        let slot = slot ?? newSlot(owned: true)
        emitCall(BuiltOutside(producer, isFactory: isFactory), arguments: [], into: slot, path: path)
        return .slot(slot)
    }

    /// Creates an object of `type` for `id` and pushes its filling; delivers into `slot` if given. Recorded
    /// before it is filled, so that a property cycle back to it closes; one seen as a protocol is boxed by
    /// `boxing` at once, and the box is recorded and delivered, for such a cycle to find it too.
    mutating func beginObject(
        of type: any Injectable.Type, _ plan: InjectionPlan, boxedBy boxing: ProgramFactory?, shared: Bool,
        _ id: ObjectIdentifier, path: Int32, _ destination: Destination, into slot: Int?
    ) {
        let object = boxing == nil ? slot ?? newSlot(owned: true) : newSlot(owned: true)
        requireMainActor(for: plan, path: path)
        building.append(ResolveProgram.BuildingRange(producer: id, start: code.count, end: code.count))
        emit(
            .init(operation: .create, object: UInt32(object), operand: Int32(Self.append(type, to: &creators))),
            path: path)
        var delivered = object
        if let boxing {
            delivered = slot ?? newSlot(owned: true)
            emitCall(boxing, arguments: [UInt32(object)], into: delivered, path: path)
        }
        let enclosingEntry = shared ? nil : onPath[id]
        if shared { recordGraphSlot(delivered, of: id) } else { onPath[id] = recordings }
        stack.append(
            Pending(
                producer: id, work: .fill(type: type, plan: plan, steps: plan.steps, slot: object), path: path,
                range: building.count - 1, enclosingEntry: enclosingEntry,
                delivers: boxing == nil ? nil : delivered, destination: destination))
    }

    /// Where the main actor runs, if `plan` must: before its object is made (or, injected, filled).
    mutating func requireMainActor(for plan: InjectionPlan, path: Int32) {
        guard let (type, _) = plan.mainActor else { return }
        emit(
            .init(operation: .requireMainActor, object: 0, operand: Int32(Self.append(type, to: &mainActorTypes))),
            path: path)
    }

    mutating func recordGraphSlot(_ slot: Int, of producer: ObjectIdentifier) {
        graphSlots[producer] = slot
        recordings += 1
        if !enclosingRegions.isEmpty { graphLog.append(producer) }
    }
}
