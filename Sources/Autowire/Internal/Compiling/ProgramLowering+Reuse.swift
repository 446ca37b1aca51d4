extension ProgramLowering {
    /// Room for a graph of a few objects in the tables every program fills: one allocation each, rather than
    /// about 35 reallocations for six objects.
    static func withRoomForASmallGraph() -> ProgramLowering {
        var lowering = ProgramLowering()
        lowering.code.reserveCapacity(32)
        lowering.pathOf.reserveCapacity(32)
        lowering.pathTree.reserveCapacity(16)
        lowering.creators.reserveCapacity(8)
        lowering.stores.reserveCapacity(16)
        lowering.firstFills.reserveCapacity(8)
        lowering.hooks.reserveCapacity(8)
        lowering.pendingHooks.reserveCapacity(8)
        lowering.building.reserveCapacity(8)
        lowering.owned.reserveCapacity(16)
        lowering.stack.reserveCapacity(8)
        return lowering
    }

    /// Makes this lowering what a new one is, keeping its tables' storage: every property below,
    /// as `ProgramLowering()` sets it (a test compares the two).
    mutating func startAnew() {
        Self.empty(&code)
        Self.empty(&pathOf)
        Self.empty(&pathTree)
        Self.empty(&creators)
        Self.empty(&stores)
        storeIndex.removeAll()
        Self.empty(&firstFills)
        firstFillIndex.removeAll()
        Self.empty(&constants)
        Self.empty(&hooks)
        Self.empty(&pendingHooks)
        hookIndex.removeAll()
        constantIndex.removeAll()
        conversionIndex.removeAll()
        Self.empty(&building)
        slotCount = 0
        Self.empty(&owned)
        graphSlots.removeAll()
        Self.empty(&graphLog)
        openRegions = 0
        Self.empty(&enclosingRegions)
        Self.empty(&stagedUntilRegion)
        Self.empty(&stagedUntilEnd)
        madeInRegion.removeAll()
        remade.removeAll()
        Self.empty(&regions)
        Self.empty(&regionReleases)
        Self.empty(&createdAt)
        Self.empty(&regionParents)
        Self.empty(&innermostRegionAt)
        Self.empty(&openRegionStack)
        Self.empty(&releaseCounts)
        Self.empty(&regionOpenings)
        Self.empty(&scopes)
        Self.empty(&mainActorTypes)
        onPath.removeAll()
        waitingStores.removeAll()
        recordings = 0
        waitSlots = 0
        Self.empty(&stack)
        Self.empty(&factories)
        Self.empty(&factorySites)
        Self.empty(&arguments)
        Self.empty(&lastReads)
        resultSlot = nil
        rootKey = nil
        generation = 1
        joinsResolution = false
        kind = .root
        joinsFromStart = false
        constructs.removeAll(keepingCapacity: true)
        if !variant.isEmpty { variant = ProgramVariant() }
        Self.empty(&selfProducers)
    }

    /// Skips an empty array: the call alone costs ~100 instructions, and most small-graph tables stay empty.
    @inline(__always)
    static func empty<Element>(_ array: inout [Element]) {
        if !array.isEmpty { array.removeAll(keepingCapacity: true) }
    }
}
