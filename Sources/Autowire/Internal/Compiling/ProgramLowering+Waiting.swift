extension ProgramLowering {
    /// The factories waiting for their arguments around a `ClosureCall` begun now: shared ones, and transient
    /// ones with their progress and slot. One slot per factory across all calls: the first call sets its mark
    /// and later ones keep it (what closures recorded in between is progress).
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

    /// Whether the property `store` of slot `owner`, asking for `requested`, an alias of a shared factory
    /// still making its arguments, waits for the product: written, converted, once the factory returns (see
    /// `WaitedStore`), as a resolution waits through aliases (`Resolution.wait(for:toFill:with:)`).
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

    /// In a waiting variant, whether the property asking for `target` waits for a factory running in the
    /// resolution (or behind its aliases): the wait is registered there (`WaitForRunningFactory`), since
    /// calling the factory again would re-enter it.
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

    /// Whether a property meeting `lowering`'s factory while it makes its arguments is written once it returns,
    /// closing the cycle: only for a shared product; a transient or `.weak` one is held by nothing meanwhile.
    static func closesCycleWhenItReturns(_ lowering: Lowering) -> Bool {
        switch lowering {
        case .factory(_, _, let shared): shared
        case .scoped(let scope, .factory): scope.publishes
        default: false
        }
    }
}
