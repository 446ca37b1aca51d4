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
    func scopeStep(
        at pc: Int, _ frame: UnsafeMutablePointer<UnsafeMutableRawPointer?>, _ run: UnsafeMutablePointer<ProgramRun>
    ) throws(ResolutionError) -> Int? {
        // Read again here rather than passed: the loop then keeps fewer values alive across it.
        let instruction = code[pc]
        let region = regions[Int(instruction.operand)]
        let slot = Int(instruction.object)
        // Set for every program with regions (see `executeWithRegionsOrJoining`).
        let scoped = unsafe run.pointee.scoped.unsafelyUnwrapped
        // The generation this run works in, for a scope that has generations.
        let pinned =
            unsafe region.storage.map { unsafe scoped.pointee.pinnedGeneration(in: $0.takeUnretainedValue()) } ?? 0
        let bit: UInt64 = 1 << UInt64(instruction.operand)
        switch instruction.operation {
        case .leaveScope where instruction.publishesStaged:
            // Nothing staged when the region was skipped.
            guard unsafe scoped.pointee.staged & bit != 0 else { return nil }
            unsafe scoped.pointee.staged &= ~bit
            unsafe region.scope._withUnsafeGuaranteedRef { $0.publish() }
            if region.becomesConstant, generation < 3 { improvable.store(true, ordering: .relaxed) }
            return nil
        case .leaveScope:
            // The slot holds the object the region just made (it ran: a skipped region jumps past
            // its `leaveScope`).
            let made = unsafe Unmanaged<AnyObject>.fromOpaque(frame[slot].unsafelyUnwrapped).takeUnretainedValue()
            if region.publishes { unsafe scoped.pointee.publishingRegions -= 1 }
            if region.defers {
                unsafe region.scope._withUnsafeGuaranteedRef { $0.stage(made, generation: pinned) }
                unsafe scoped.pointee.staged |= bit
                return nil
            }
            unsafe region.scope._withUnsafeGuaranteedRef { $0.keep(made, generation: pinned) }
            if region.becomesConstant, generation < 3 { improvable.store(true, ordering: .relaxed) }
            return nil
        default:
            break
        }
        unsafe run.pointee.pc = pc
        let kept: AnyObject?
        do {
            kept = unsafe try region.scope._withUnsafeGuaranteedRef { try $0.enter(generation: pinned) }
        } catch {
            throw unsafe failure(error, at: pc, frame)
        }
        guard let kept else {
            if region.publishes { unsafe scoped.pointee.publishingRegions += 1 }
            return nil
        }
        // The kept object takes the place of the one the region would make.
        unsafe frame[slot] = unsafe Unmanaged.passRetained(kept).toOpaque()
        for moved in region.releasedWhenSkipped {
            // Filled before the region (lowering checked), and read last inside it.
            unsafe Unmanaged<AnyObject>.fromOpaque(frame[Int(moved)].unsafelyUnwrapped).release()
            unsafe frame[Int(moved)] = nil
        }
        unsafe scoped.pointee.skippedRegions |= bit
        return region.end
    }

    /// Performs `requireMainActor`: asks the system where the run is, every time (a program may be
    /// lowered on one thread and run on any other).
    @inline(never)
    func requireMainActor(at pc: Int, _ frame: UnsafeMutablePointer<UnsafeMutableRawPointer?>)
        throws(ResolutionError)
    {
        guard !MainActorThread().isCurrent else { return }
        throw unsafe failure(
            ResolutionError(.mainActorRequired(mainActorTypes[Int(code[pc].operand)])), at: pc, frame)
    }

    /// Performs `storeThroughKeyPath`. The owner and the value are lent to the store, not
    /// retained: the frame (or the constants) hold both until it returns. Out of line, like
    /// `scopeStep`: inlined, it changed how the loop keeps its registers, which cost every object
    /// a few instructions (callgrind).
    @inline(never)
    func storeThroughKeyPath(at pc: Int, _ frame: UnsafeMutablePointer<UnsafeMutableRawPointer?>) {
        let instruction = code[pc]
        let value = unsafe read(instruction, frame)
        // The frame holds both objects for the call, so neither is retained.
        unsafe stores[Int(instruction.operand)]._withUnsafeGuaranteedRef { store in
            unsafe Unmanaged<AnyObject>.fromOpaque(frame[Int(instruction.object)].unsafelyUnwrapped)
                ._withUnsafeGuaranteedRef { owner in
                    unsafe Unmanaged<AnyObject>.fromOpaque(value)._withUnsafeGuaranteedRef { store.assign(owner, $0) }
                }
        }
        if instruction.moves {
            unsafe Unmanaged<AnyObject>.fromOpaque(value).release()
            unsafe frame[Int(instruction.value)] = nil
        }
    }

    /// The value an instruction stores, unretained.
    @inline(__always)
    func read(_ instruction: Instruction, _ frame: UnsafeMutablePointer<UnsafeMutableRawPointer?>)
        -> UnsafeMutableRawPointer
    {
        unsafe instruction.valueIsConstant
            ? constants[Int(instruction.value)] : frame[Int(instruction.value)].unsafelyUnwrapped
    }

    /// Releases what the frame still owns and adds the path of the failing instruction, the way
    /// each property on the way adds itself in the recursive path.
    @inline(never)
    func failure(_ error: any Error, at pc: Int, _ frame: UnsafeMutablePointer<UnsafeMutableRawPointer?>)
        -> ResolutionError
    {
        for slot in (injects ? 1 : 0)..<slotCount {
            if let owned = unsafe frame[slot] { unsafe Unmanaged<AnyObject>.fromOpaque(owned).release() }
        }
        // The regions the failing instruction is inside were entered and not left: their scopes'
        // creation locks are still held. Innermost first. (A region's last instruction, its
        // `leaveScope`, never fails.)
        for region in regions.reversed() where region.start < pc && pc < region.end - 1 {
            unsafe region.scope._withUnsafeGuaranteedRef { $0.abandon() }
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
