import Synchronization

// Instructions the loop performs out of line, so that it keeps its registers, and its failure path.

extension ResolveProgram {
    /// Performs `enterScope` or `leaveScope`; returns where to resume past a skipped region, else nil.
    @inline(never)
    func scopeStep(at pc: Int, _ frame: ProgramFrame, _ run: StackReference<ProgramRun>) throws(ResolutionError)
        -> Int?
    {
        // Read again here rather than passed: the loop then keeps fewer values alive across it.
        let instruction = code[pc]
        let region = regions[Int(instruction.operand)]
        let slot = Int(instruction.object)
        // Set for every program with regions (see `executeWithRegionsOrJoining`).
        guard let scoped = run.pointee.scoped else {
            throw failure(ResolutionError(.internalInconsistency("a region ran without its state")), at: pc, frame)
        }
        guard let scope = region.scope else { return try sharedObjectStep(at: pc, region, frame, scoped) }
        let pinned =
            region.storage.map { storage in storage.withObject { scoped.pointee.pinnedGeneration(in: $0) } } ?? 0
        let index = Int(instruction.operand)
        switch instruction.operation {
        case .leaveScope where instruction.publishesStaged:
            // Nothing staged when the region was skipped.
            guard scoped.pointee.staged.contains(index) else { return nil }
            scoped.pointee.staged.remove(index)
            scope.withObject { $0.publish() }
            if region.becomesConstant, generation < 3 { improvable.store(true, ordering: .relaxed) }
            return nil
        case .leaveScope:
            // The slot holds the object the region just made (a skipped region jumps past this).
            if region.publishes { scoped.pointee.publishingRegions -= 1 }
            if region.framed {
                try endFrame(of: region, scope, at: pc, frame, scoped, generation: pinned)
                return nil
            }
            if region.keptInJoined { scoped.pointee.joined?.pointee.keptCreations -= 1 }
            if region.defers {
                scope.withObject { scope in frame.withObject(at: slot) { scope.stage($0, generation: pinned) } }
                scoped.pointee.staged.insert(index)
                return nil
            }
            scope.withObject { scope in frame.withObject(at: slot) { scope.keep($0, generation: pinned) } }
            if region.becomesConstant, generation < 3 { improvable.store(true, ordering: .relaxed) }
            return nil
        default:
            break
        }
        run.pointee.pc = pc
        let kept: AnyObject?
        do {
            kept = try scope.withObject { try $0.enter(generation: pinned) }
        } catch {
            throw failure(error, at: pc, frame)
        }
        guard let kept else {
            if region.publishes { scoped.pointee.publishingRegions += 1 }
            if region.framed, let joined = scoped.pointee.joined {
                // What is made inside is made for an object the container keeps, closures' too.
                joined.pointee.beginCreation()
                joined.pointee.keptCreations += 1
            } else if region.keptInJoined {
                scoped.pointee.joined?.pointee.keptCreations += 1
            }
            return nil
        }
        frame.own(kept, at: slot)
        if let producer = region.joined, let joined = scoped.pointee.joined {
            producer.withObject { joined.pointee.record($0, instance: kept) }
        }
        return skip(region, at: Int(instruction.operand), frame, scoped)
    }

    /// Performs a framed region's `leaveScope`: stages the object, ends its frame (`ScopeRegion.framed`).
    private func endFrame(
        of region: ScopeRegion, _ scope: Unowned<ProgramScope>, at pc: Int, _ frame: ProgramFrame,
        _ scoped: StackReference<ScopedRun>, generation pinned: Int
    ) throws(ResolutionError) {
        let slot = Int(code[pc].object)
        guard let joined = scoped.pointee.joined else {
            throw failure(
                ResolutionError(.internalInconsistency("a framed region ended outside a joined resolution")),
                at: pc, frame)
        }
        joined.pointee.keptCreations -= 1
        scope.withObject { scope in frame.withObject(at: slot) { scope.stage($0, generation: pinned) } }
        if region.readsOutside { joined.pointee.noteReadOutside() }
        do {
            try joined.pointee.endCreation(scope.object)
        } catch {
            // The frame discarded the object (which released the scope's lock).
            throw failure(error, at: pc, frame)
        }
        if region.becomesConstant, generation < 3 { improvable.store(true, ordering: .relaxed) }
    }

    /// A region with no scope: skipped if the object is in its slot or recorded, else recorded once made.
    private func sharedObjectStep(
        at pc: Int, _ region: ScopeRegion, _ frame: ProgramFrame, _ scoped: StackReference<ScopedRun>
    ) throws(ResolutionError) -> Int? {
        let instruction = code[pc]
        let slot = Int(instruction.object)
        guard let producer = region.joined else {
            // Made again only when no region made it.
            return frame.isEmpty(slot) ? nil : skip(region, at: Int(instruction.operand), frame, scoped)
        }
        // Set by the first `ClosureCall`, which comes before any such region, or by a nested run.
        guard let joined = scoped.pointee.joined else {
            throw failure(
                ResolutionError(.internalInconsistency("a shared object's region ran before its joined resolution")),
                at: pc, frame)
        }
        if instruction.operation == .leaveScope {
            producer.withObject { producer in
                frame.withObject(at: slot) { joined.pointee.record(producer, instance: $0) }
            }
            return nil
        }
        if !frame.isEmpty(slot) { return skip(region, at: Int(instruction.operand), frame, scoped) }
        switch producer.withObject({ joined.pointee.lookup($0) }) {
        case .absent:
            return nil
        case .instance(let made):
            guard let boxing = region.boxing else {
                frame.own(made, at: slot)
                return skip(region, at: Int(instruction.operand), frame, scoped)
            }
            do {
                frame.own(try boxing.withObject { try $0.boxingRecorded(made) }, at: slot)
            } catch {
                throw failure(error, at: pc, frame)
            }
            return skip(region, at: Int(instruction.operand), frame, scoped)
        case .underConstruction:
            // Only a `.graph` factory the program calls is marked, and met again only once it returned.
            throw failure(
                ResolutionError(.internalInconsistency("a shared object's region met it under construction")),
                at: pc, frame)
        }
    }

    /// Releases what `region` would have moved, marks it and those inside it skipped; returns its end.
    private func skip(
        _ region: ScopeRegion, at index: Int, _ frame: ProgramFrame, _ scoped: StackReference<ScopedRun>
    ) -> Int {
        // By index: a slice would retain the table (an empty one's retain takes the runtime's slow path).
        for entry in region.releasedWhenSkipped {
            let moved = regionReleases[entry]
            // Filled before the region (lowering checked), and read last inside it.
            frame.release(Int(moved))
        }
        scoped.pointee.skippedRegions.insert(from: index, through: region.lastInside)
        return region.end
    }

    /// Performs `callHook` with `moves`: the hook waits in the joined resolution's innermost frame.
    @inline(never)
    func deferHook(at pc: Int, _ frame: ProgramFrame, _ run: StackReference<ProgramRun>) {
        let instruction = code[pc]
        let hook = hooks[Int(instruction.operand)].object
        guard let resolution = run.pointee.joined else { return }
        frame.withObject(at: Int(instruction.object)) { object in
            resolution.pointee.deferHook(PendingHook(object: object, hook: hook))
        }
    }

    /// Performs `requireMainActor`, every time: a program lowered on one thread may run on another.
    @inline(never)
    func requireMainActor(at pc: Int, _ frame: ProgramFrame) throws(ResolutionError) {
        guard !MainActorThread().isCurrent else { return }
        throw failure(ResolutionError(.mainActorRequired(mainActorTypes[Int(code[pc].operand)])), at: pc, frame)
    }

    /// Out of line like `scopeStep`. Owner and value are lent: the frame or the constants hold both.
    @inline(never)
    func storeThroughKeyPath(at pc: Int, _ frame: ProgramFrame) {
        let instruction = code[pc]
        let value = read(instruction, frame)
        stores[Int(instruction.operand)].withObject { store in
            frame.withObject(at: Int(instruction.object)) { owner in value.withObject { store.assign(owner, $0) } }
        }
        if instruction.moves { frame.release(Int(instruction.value)) }
    }

    /// The value an instruction stores, unretained.
    @inline(__always)
    func read(_ instruction: Instruction, _ frame: ProgramFrame) -> ObjectWord {
        instruction.valueIsConstant ? constants[Int(instruction.value)] : frame.word(at: Int(instruction.value))
    }

    /// Releases what the frame owns and adds the failing instruction's path (properties, named parameters).
    @inline(never)
    func failure(_ error: any Error, at pc: Int, _ frame: ProgramFrame) -> ResolutionError {
        for slot in (injects ? 1 : 0)..<slotCount { frame.release(slot) }
        // The regions the failing instruction is inside still hold their scopes' creation locks:
        // innermost first (a region's last instruction, its `leaveScope`, never fails).
        for region in regions.reversed() where region.start < pc && pc < region.end - 1 {
            region.scope?.withObject { $0.abandon() }
        }
        var passed: any Error = error
        var step = pathOf[pc]
        while step >= 0 {
            let node = pathTree[Int(step)]
            switch node.edge {
            case .property(let ownerType, let requirement):
                passed = ResolutionError.passing(throughOwner: ownerType, requirement: requirement, passed)
            case .parameter(let key):
                passed = (passed as? ResolutionError)?.prependingPath(key.description) ?? passed
            }
            step = node.parent
        }
        return passed as? ResolutionError ?? ResolutionError(.internalInconsistency("unexpected error \(passed)"))
    }
}
