// Regions: code making a kept object, which a run skips when its scope has one, and what makes that safe.

extension ProgramLowering {
    /// Ends a region after its `leaveScope`. A skipped region holds none of the `.graph` objects
    /// made inside it but the scope's own: one met later is made again (see `beginShared`).
    mutating func closeRegion(_ index: Int) {
        regions[index].end = code.count
        openRegions -= 1
        enclosingRegions.removeLast()
        let opening = regionOpenings[index]
        for producer in graphLog[opening.graphLogStart...] where producer != opening.producer {
            setAside(producer)
        }
    }

    /// Ends a region of a `.graph` object that may have been there already: the object, and each one made
    /// again inside, is in its slot after it, whichever ran. If the object came from the joined resolution,
    /// the program made nothing inside, and other `.graph` objects made there are set aside.
    mutating func closeShared(_ index: Int) {
        regions[index].end = code.count
        enclosingRegions.removeLast()
        let opening = regionOpenings[index]
        let joins = regions[index].joined != nil
        var logsItsOwn = false
        for producer in graphLog[opening.graphLogStart...] {
            guard producer != opening.producer else {
                logsItsOwn = true
                continue
            }
            guard joins || remade[producer] == nil else { continue }
            setAside(producer)
        }
        if joins, graphLog.count > opening.graphLogStart {
            // Set aside now, so that an enclosing region reads only its own object again: else a chain of such
            // regions (a nested program of a chain has one per object) lowers in quadratic time.
            graphLog.removeSubrange(opening.graphLogStart...)
            if logsItsOwn { graphLog.append(opening.producer) }
        }
    }

    /// Moves `producer`'s slot from `graphSlots` to `madeInRegion` (once: one made again is logged twice).
    private mutating func setAside(_ producer: ObjectIdentifier) {
        guard let slot = graphSlots[producer] else { return }
        graphSlots[producer] = nil
        madeInRegion[producer] = slot
    }

    /// Before a region publishes its object (in `slot`): runs the hooks of what it made, then publishes the
    /// regions deferred to it. A region that reads an object made before it (maybe unfinished) `defers`
    /// instead, staged with those until the enclosing publishing region or the end, its hooks waiting too. A
    /// framed region (`ScopeRegion.framed`) hands its hooks to its creation frame, which runs or defers them.
    mutating func completeBeforePublishing(_ region: Int, slot: Int) {
        let opening = regionOpenings[region]
        if regions[region].framed {
            regions[region].readsOutside = readsObjectMadeBefore(region, slot: slot)
            emitHooks(from: opening.hooksStart, toCreationFrame: true)
            return
        }
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
        emitHooks(from: opening.hooksStart, toCreationFrame: nested)
        for inner in staged {
            emit(.publishStaged(region: inner), path: -1)
        }
    }

    /// Emits the `callHook`s of `pendingHooks` from `start` on, and takes them out; `toCreationFrame` hands
    /// each to the run's creation frame (a nested run's, a framed region's) rather than calling it.
    mutating func emitHooks(from start: Int, toCreationFrame: Bool) {
        for pending in pendingHooks[start...] {
            emit(
                .init(
                    operation: .callHook, moves: toCreationFrame, object: UInt32(pending.slot),
                    value: UInt32(pending.region.map { $0 + 1 } ?? 0), operand: Int32(pending.hook)),
                path: pending.path)
        }
        pendingHooks.removeSubrange(start...)
    }

    /// Whether `region`'s code so far stores or passes a slot made before `slot` (slots are numbered as made).
    func readsObjectMadeBefore(_ region: Int, slot: Int) -> Bool {
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

    /// The innermost open region around `region` whose scope publishes: open regions nest, with no end yet.
    func enclosingPublishingRegion(of region: Int) -> Int? {
        regions[..<region].lastIndex { $0.end == $0.start && $0.publishes }
    }

    /// For each region, the slots made before it whose reference moves inside it, which a skipping run
    /// releases; and the last region inside it. One pass with a stack of open regions (they nest, opening in
    /// index order): comparing regions with slots would be quadratic (a deep chain has a region per object).
    mutating func listReleasesWhenSkipped() {
        // First, the instruction that fills each slot first (tables keep their capacity: `SpareLowering`).
        Self.empty(&createdAt)
        createdAt.append(contentsOf: repeatElement(Int.max, count: slotCount))
        for pc in code.indices {
            switch code[pc].operation {
            case .create, .callFactory, .enterScope:
                let slot = Int(code[pc].object)
                createdAt[slot] = Swift.min(createdAt[slot], pc)
            default:
                break
            }
        }
        Self.empty(&regionParents)
        regionParents.append(contentsOf: repeatElement(-1, count: regions.count))
        Self.empty(&innermostRegionAt)
        innermostRegionAt.append(contentsOf: repeatElement(-1, count: code.count))
        Self.empty(&openRegionStack)
        var next = 0
        for pc in code.indices {
            while let last = openRegionStack.last, regions[last].end <= pc { openRegionStack.removeLast() }
            while next < regions.count, regions[next].start == pc {
                regionParents[next] = openRegionStack.last ?? -1
                openRegionStack.append(next)
                next += 1
            }
            innermostRegionAt[pc] = openRegionStack.last ?? -1
        }
        for index in regions.indices {
            regions[index].lastInside = index
        }
        for index in regions.indices.reversed() where regionParents[index] >= 0 {
            let parent = regionParents[index]
            regions[parent].lastInside = Swift.max(regions[parent].lastInside, regions[index].lastInside)
        }
        // Each region's slots, grouped by region in slot order: counted, then placed.
        Self.empty(&releaseCounts)
        releaseCounts.append(contentsOf: repeatElement(0, count: regions.count + 1))
        forEachReleaseWhenSkipped { region, _ in releaseCounts[region + 1] += 1 }
        for index in regions.indices {
            releaseCounts[index + 1] += releaseCounts[index]
            regions[index].releasedWhenSkipped = releaseCounts[index]..<releaseCounts[index + 1]
        }
        Self.empty(&regionReleases)
        regionReleases.append(contentsOf: repeatElement(0, count: releaseCounts[regions.count]))
        forEachReleaseWhenSkipped { region, slot in
            regionReleases[releaseCounts[region]] = UInt32(slot)
            releaseCounts[region] += 1
        }
    }

    /// Calls `body` in slot order with each region and slot it releases when skipped (moved in, made before).
    private func forEachReleaseWhenSkipped(_ body: (Int, Int) -> Void) {
        for slot in 0..<slotCount where lastReads[slot].moved {
            var region = innermostRegionAt[lastReads[slot].movedAt]
            while region >= 0, createdAt[slot] < regions[region].start {
                body(region, slot)
                region = regionParents[region]
            }
        }
    }

}
