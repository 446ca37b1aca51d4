// Properties that wait for a running factory's product, and the factories a `ClosureCall` marks
// as waiting for their arguments.

extension ProgramLowering {
    /// The factories waiting for their arguments around a `ClosureCall` begun now: the shared
    /// ones, and the transient ones with their progress and slot. One slot per waiting factory,
    /// whichever call it waits across: the first call sets its mark, later ones keep it (what
    /// closures recorded in between is progress).
    mutating func factoriesWaitingAroundACall() -> (shared: [AnyProducer], transient: [ClosureCall.WaitingFactory]) {
        var shared: [AnyProducer] = []
        var transient: [ClosureCall.WaitingFactory] = []
        for index in stack.indices {
            guard let isShared = stack[index].sharesUnfinishedFactory else { continue }
            let factory = Self.producer(UInt(bitPattern: stack[index].producer))
            if isShared {
                shared.append(factory)
                continue
            }
            let slot = stack[index].waitSlot ?? waitSlots
            if stack[index].waitSlot == nil {
                stack[index].waitSlot = slot
                waitSlots += 1
            }
            let progress = recordings - (onPath[stack[index].producer] ?? recordings)
            transient.append(ClosureCall.WaitingFactory(producer: factory, progress: progress, slot: slot))
        }
        return (shared, transient)
    }

    /// Whether the property `store` of the object in slot `owner`, which asks for `requested`, an
    /// alias of a shared factory still waiting for its arguments, waits for the factory's product:
    /// written, converted by the aliases, once the factory returns (see `WaitedStore`), as a fill
    /// in a resolution waits through aliases (`Resolution.wait(for:toFill:with:)`).
    mutating func waitsThroughAliases(
        for requested: AnyProducer, toFill owner: Int, with store: ProgramStore, path: Int32
    ) -> Bool {
        let maker = requested.valueMaker
        guard maker !== requested, onPath[ObjectIdentifier(maker)] != nil,
            Self.closesCycleWhenItReturns(maker.lowering(insideKeptObject: isInsideKeptObject))
        else { return false }
        var waiting = WaitingStore(owner: owner, store: store, path: path, region: enclosingRegions.last)
        waiting.throughAliases = requested
        waitingStores[ObjectIdentifier(maker)] = (waitingStores[ObjectIdentifier(maker)] ?? []) + [waiting]
        return true
    }

    /// In a waiting variant, whether the property `store` of the object in slot `owner`, which asks
    /// for `target`, waits for a factory running in the resolution (`target`, or what its aliases
    /// hand on): the program then registers the wait there (see `WaitForRunningFactory`) and makes
    /// nothing of the factory's, which calling again would re-enter.
    mutating func waitsForRunningFactory(
        _ target: AnyProducer, toFill owner: Int, with store: ProgramStore, path: Int32
    )
        -> Bool
    {
        let maker = target.valueMaker
        guard variant.waitsFor.contains(ObjectIdentifier(maker)), maker.isFactory, maker.scope != .transient,
            maker.scope != .weak
        else { return false }
        emitCall(
            WaitForRunningFactory(target, store: store), arguments: [UInt32(owner)], into: newSlot(owned: true),
            path: path)
        return true
    }

    /// Whether a property that meets `lowering`'s factory while it waits for its arguments closes
    /// the cycle by being written once the factory returns (it has no product before): for a
    /// shared product (one per resolve, a singleton, a custom scope's); not a transient one's, nor
    /// a `.weak` one's, which nothing holds while it is made.
    static func closesCycleWhenItReturns(_ lowering: Lowering) -> Bool {
        switch lowering {
        case .factory(_, _, let shared): shared
        case .scoped(let scope, .factory): scope.publishes
        default: false
        }
    }
}
