import Synchronization

// The instructions the loop performs out of line, so that it keeps its registers (scopes, key-path
// stores, the main actor), and the failure path, which renders an error's resolution path.

extension ResolveProgram {
    /// Performs `enterScope` or `leaveScope`. For `enterScope`, asks the region's scope for the
    /// object it keeps: when it keeps one, the object goes in the instruction's slot, what the
    /// region would have moved is released, and the run goes on past the region (the pc
    /// returned). Otherwise (nil) the region runs, and its `leaveScope` has the scope keep the
    /// object made, or stage it until a `leaveScope` that publishes it.
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
        // The generation this run works in, for a scope that has generations.
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
            // The slot holds the object the region just made (it ran: a skipped region jumps past
            // its `leaveScope`).
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
        // The kept object takes the place of the one the region would make.
        frame.own(kept, at: slot)
        if let producer = region.joined, let joined = scoped.pointee.joined {
            producer.withObject { joined.pointee.record($0, instance: kept) }
        }
        return skip(region, at: Int(instruction.operand), frame, scoped)
    }

    /// Performs the `leaveScope` of a framed region (see `ScopeRegion.framed`): stages the object
    /// in its scope and ends the region's creation frame in the joined resolution, which runs the
    /// hooks handed to it and publishes the object, or defers both.
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
            try joined.pointee.endCreation(Creation(publication: ScopePublication(scope.object), lock: nil))
        } catch {
            // The frame discarded the object (which released the scope's lock).
            throw failure(error, at: pc, frame)
        }
        if region.becomesConstant, generation < 3 { improvable.store(true, ordering: .relaxed) }
    }

    /// Performs `enterScope` or `leaveScope` of a region with no scope, which makes a `.graph`
    /// object (see `ScopeRegion`). `enterScope` skips it when the object is there already: in its
    /// slot, or in the joined resolution. `leaveScope` records the object just created there.
    private func sharedObjectStep(
        at pc: Int, _ region: ScopeRegion, _ frame: ProgramFrame, _ scoped: StackReference<ScopedRun>
    ) throws(ResolutionError) -> Int? {
        let instruction = code[pc]
        let slot = Int(instruction.object)
        guard let producer = region.joined else {
            // Made again only when no region made it.
            return frame.isEmpty(slot) ? nil : skip(region, at: Int(instruction.operand), frame, scoped)
        }
        // Set by the program's first `ClosureCall`, which comes before any such region, or from the
        // start of a nested run.
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
            // A closure's resolve made it: the program uses that one.
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
            // Only a `.graph` factory the program calls is marked, and the program meets one
            // again only once it returned: a lowering mistake if ever.
            throw failure(
                ResolutionError(.internalInconsistency("a shared object's region met it under construction")),
                at: pc, frame)
        }
    }

    /// Skips `region`: releases what it would have moved, notes it and the regions inside it as
    /// skipped, and returns where the run goes on.
    private func skip(
        _ region: ScopeRegion, at index: Int, _ frame: ProgramFrame, _ scoped: StackReference<ScopedRun>
    ) -> Int {
        // By index: a slice of the table would retain it (an empty one's retain takes the runtime's
        // slow path).
        for entry in region.releasedWhenSkipped {
            let moved = regionReleases[entry]
            // Filled before the region (lowering checked), and read last inside it.
            frame.release(Int(moved))
        }
        scoped.pointee.skippedRegions.insert(from: index, through: region.lastInside)
        return region.end
    }

    /// Performs the `callHook` of a nested run or a framed region: the hook waits for the creation
    /// frame the run (or region) is in the resolution it joined, the innermost there by then.
    @inline(never)
    func deferHook(at pc: Int, _ frame: ProgramFrame, _ run: StackReference<ProgramRun>) {
        let instruction = code[pc]
        let hook = hooks[Int(instruction.operand)].object
        guard let resolution = run.pointee.joined else { return }
        frame.withObject(at: Int(instruction.object)) { object in
            resolution.pointee.deferHook(PendingHook(object: object, hook: hook))
        }
    }

    /// Performs `requireMainActor`: asks the system where the run is, every time (a program may be
    /// lowered on one thread and run on any other).
    @inline(never)
    func requireMainActor(at pc: Int, _ frame: ProgramFrame) throws(ResolutionError) {
        guard !MainActorThread().isCurrent else { return }
        throw failure(ResolutionError(.mainActorRequired(mainActorTypes[Int(code[pc].operand)])), at: pc, frame)
    }

    /// Performs `storeThroughKeyPath`. The owner and the value are lent to the store, not
    /// retained: the frame (or the constants) hold both until it returns. Out of line, like
    /// `scopeStep`: inlined, it changed how the loop keeps its registers, which cost every object
    /// a few instructions (callgrind).
    @inline(never)
    func storeThroughKeyPath(at pc: Int, _ frame: ProgramFrame) {
        let instruction = code[pc]
        let value = read(instruction, frame)
        // The frame holds both objects for the call, so neither is retained.
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

    /// Releases what the frame still owns and adds the path of the failing instruction: each
    /// property and named factory parameter on the way to it, innermost first, as if the error
    /// passed through each.
    @inline(never)
    func failure(_ error: any Error, at pc: Int, _ frame: ProgramFrame) -> ResolutionError {
        for slot in (injects ? 1 : 0)..<slotCount { frame.release(slot) }
        // The regions the failing instruction is inside were entered and not left: their scopes'
        // creation locks are still held. Innermost first. (A region's last instruction, its
        // `leaveScope`, never fails.)
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
