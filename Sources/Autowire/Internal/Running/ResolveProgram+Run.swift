// Running a program: its frame of slots (on the stack when small), the regions' and joined
// resolution's state when it has them, and the one loop that performs the instructions.

extension ResolveProgram {
    /// The program a producer's `programWord` publishes. The registry keeps every program it
    /// published alive for its own life, and the producer belongs to that registry.
    @inline(__always)
    static func published(_ word: UInt) -> ResolveProgram {
        unsafe unretainedPublished(word).takeUnretainedValue()
    }

    @inline(__always)
    private static func unretainedPublished(_ word: UInt) -> Unmanaged<ResolveProgram> {
        unsafe Unmanaged<ResolveProgram>.fromOpaque(UnsafeRawPointer(bitPattern: word).unsafelyUnwrapped)
    }

    /// Fills `object` with the published program `word` (see `runPublished`); whether it ran.
    @inline(__always)
    static func injectPublished(_ word: UInt, into object: AnyObject) throws -> Bool {
        unsafe try runPublished(word, injecting: object) != nil
    }

    /// Runs the program `word` publishes (see `run`), unless lowering it again would make it
    /// faster: nil then too, and the caller takes its slow path. What a top-level resolve or
    /// injection does first. The program is used without a retain: see `published(_:)`.
    @inline(__always)
    static func runPublished(_ word: UInt, injecting target: AnyObject? = nil, request: BorrowedValue? = nil) throws
        -> UnsafeMutableRawPointer?
    {
        unsafe try unretainedPublished(word)._withUnsafeGuaranteedRef { program in
            unsafe program.canImprove ? nil : try program.run(injecting: target, request: request)
        }
    }

    /// Runs the program. Returns the root object, whose reference now belongs to the caller (for an
    /// injection: the object handed in, not retained), or nil when another resolve is running on
    /// this thread: the caller then resolves recursively, which sees what that resolve is building.
    @inline(__always)
    func run(injecting target: AnyObject? = nil, request: BorrowedValue? = nil) throws(ResolutionError)
        -> UnsafeMutableRawPointer?
    {
        var run = ProgramRun(program: self, request: request)
        // Without the stack protector's canary (about five instructions per run, callgrind): the
        // run is read and written only as a `ProgramRun`, and the frame only at slots below
        // `slotCount`, which the lowering numbers; the suite's ASan run checks both accesses.
        return unsafe try _withUnprotectedUnsafeMutablePointer(to: &run) { run throws(ResolutionError) in
            guard let cell = unsafe ActiveResolutions.enterOutermost(run, key: activeResolutionsKey) else { return nil }
            defer { unsafe ActiveResolutions.leave(cell, restoring: nil) }
            // On the stack when small, in the smallest frame that holds it: setting a frame's
            // slots to nil costs an instruction for each two.
            if slotCount <= EightSlots.count {
                var slots = EightSlots()
                return unsafe try execute(on: &slots, run, injecting: target)
            }
            if slotCount <= SixteenSlots.count {
                var slots = SixteenSlots()
                return unsafe try execute(on: &slots, run, injecting: target)
            }
            let frame = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: slotCount)
            unsafe frame.initialize(repeating: nil, count: slotCount)
            defer { unsafe frame.deallocate() }
            return unsafe try execute(frame, run, injecting: target)
        }
    }

    @inline(__always)
    private func execute<Slots: StackFrameSlots>(
        on slots: inout Slots, _ run: UnsafeMutablePointer<ProgramRun>, injecting target: AnyObject?
    ) throws(ResolutionError) -> UnsafeMutableRawPointer {
        unsafe try _withUnprotectedUnsafeMutablePointer(to: &slots) { slots throws(ResolutionError) in
            // Safe: a tuple of optional pointers, all nil, is laid out as that many contiguous
            // words, as an array of them would be.
            let frame = unsafe UnsafeMutableRawPointer(slots).assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
            return unsafe try execute(frame, run, injecting: target)
        }
    }

    /// Hands an injection's object to slot 0, then runs. Inlined into `run`, where a resolve's nil
    /// target folds away, rather than tested in the loop's function on every run. Unretained: the
    /// caller holds the object for the run, and the frame does not own slot 0 (`injects`).
    @inline(__always)
    private func execute(
        _ frame: UnsafeMutablePointer<UnsafeMutableRawPointer?>, _ run: UnsafeMutablePointer<ProgramRun>,
        injecting target: AnyObject?
    ) throws(ResolutionError) -> UnsafeMutableRawPointer {
        if let target { unsafe frame[0] = unsafe Unmanaged.passUnretained(target).toOpaque() }
        return unsafe try execute(frame, run)
    }

    /// Runs the program on `frame`, whose slot 0 holds the object handed in by an injection.
    private func execute(
        _ frame: UnsafeMutablePointer<UnsafeMutableRawPointer?>, _ run: UnsafeMutablePointer<ProgramRun>
    ) throws(ResolutionError) -> UnsafeMutableRawPointer {
        // Two copies of the loop: one that never jumps keeps `pc` in step with its instruction's
        // address, which costs a few instructions per step in the copy that skips regions.
        // (Generic, so that each copy is specialized with its answer fixed.)
        if runsPlainly { return unsafe try execute(frame, run, NoRegions.self) }
        return unsafe try executeWithRegionsOrJoining(frame, run)
    }

    /// Runs a program with regions (which a failure may leave staged), or whose `RecursiveCall`s
    /// join a resolution it ends, with its `ScopedRun` on this function's stack. Out of line: the
    /// plain path stays as small as it was.
    @inline(never)
    private func executeWithRegionsOrJoining(
        _ frame: UnsafeMutablePointer<UnsafeMutableRawPointer?>, _ run: UnsafeMutablePointer<ProgramRun>
    ) throws(ResolutionError) -> UnsafeMutableRawPointer {
        var scopedRun = ScopedRun()
        return unsafe try _withUnprotectedUnsafeMutablePointer(to: &scopedRun) { scoped throws(ResolutionError) in
            // The run reads it only while this call runs the program: unset before it returns.
            unsafe run.pointee.scoped = unsafe scoped
            defer { unsafe run.pointee.scoped = nil }
            guard makesRecursiveCalls else {
                do throws(ResolutionError) {
                    return unsafe try execute(frame, run, Regions.self)
                } catch {
                    unsafe discardStaged(scoped)
                    throw error
                }
            }
            // The joined resolution's memory, on this frame: a run allocates nothing for it.
            return unsafe try withUnsafeTemporaryAllocation(
                byteCount: JoinedResolution.byteCount, alignment: JoinedResolution.alignment
            ) { memory throws(ResolutionError) in
                unsafe scoped.pointee.joinedMemory = memory.baseAddress
                let made: UnsafeMutableRawPointer
                do throws(ResolutionError) {
                    unsafe made =
                        unsafe try hasRegions ? execute(frame, run, Regions.self) : execute(frame, run, NoRegions.self)
                } catch {
                    unsafe discardStaged(scoped)
                    unsafe scoped.pointee.joined?.abandon()
                    throw error
                }
                do throws(ResolutionError) {
                    unsafe try scoped.pointee.joined?.complete()
                } catch {
                    // The run's own work is done: the frame holds only the result, whose reference
                    // the run owns (it would have gone to the caller), released once here.
                    unsafe Unmanaged<AnyObject>.fromOpaque(made).release()
                    throw error
                }
                return unsafe made
            }
        }
    }

    /// After a failure (which abandoned the regions it was in): what the run staged is not
    /// published, since it read objects of this failed resolve. Innermost first.
    @inline(never)
    private func discardStaged(_ scoped: UnsafeMutablePointer<ScopedRun>) {
        for index in regions.indices.reversed() where unsafe scoped.pointee.staged & 1 << UInt64(index) != 0 {
            unsafe regions[index].scope._withUnsafeGuaranteedRef { $0.discard() }
        }
        unsafe scoped.pointee.staged = 0
    }

    private func execute<Loop: LoopKind>(
        _ frame: UnsafeMutablePointer<UnsafeMutableRawPointer?>, _ run: UnsafeMutablePointer<ProgramRun>,
        _: Loop.Type
    ) throws(ResolutionError) -> UnsafeMutableRawPointer {
        // Every slot an instruction reads was filled by an earlier one and, if moved, is read no
        // more (`ProgramLowering` emits in creation order and marks only a slot's last read as a
        // move): hence the `unsafelyUnwrapped` reads below. The `DEBUG` check at the end and the
        // sanitizer runs of the suite would catch a lowering that broke this.
        let code = unsafe self.code.address
        let end = self.code.count
        var pc = 0
        while pc < end {
            let instruction = unsafe code[pc]
            let object = Int(instruction.object)
            switch instruction.operation {
            case .create:
                unsafe run.pointee.pc = pc
                let type = creators[Int(instruction.operand)]
                // The frame owns this reference until a store moves it or `release` drops it.
                unsafe frame[object] = unsafe Unmanaged.passRetained(type.init() as AnyObject).toOpaque()
            case .storeAtOffset:
                let value = unsafe read(instruction, frame)
                if instruction.moves {
                    unsafe frame[Int(instruction.value)] = nil
                } else {
                    _ = unsafe Unmanaged<AnyObject>.fromOpaque(value).retain()
                }
                // The offset was measured on this class by `LearnedOffset` for a stored property
                // holding one class reference (`T`, `T?` or `T!`): the store takes the value's
                // reference and releases the one the property held.
                let field = unsafe frame[object].unsafelyUnwrapped + Int(instruction.operand)
                let old = unsafe field.load(as: UnsafeMutableRawPointer?.self)
                unsafe field.storeBytes(of: value, as: UnsafeMutableRawPointer?.self)
                if let old = unsafe old { unsafe Unmanaged<AnyObject>.fromOpaque(old).release() }
            case .storeThroughKeyPath:
                unsafe run.pointee.pc = pc
                unsafe storeThroughKeyPath(at: pc, frame)
            case .callFactory:
                unsafe run.pointee.pc = pc
                // Safe: the lowering gives each `callFactory` the index of its own call in this
                // table, which `init` scaled by the stride: the offset of one `ProgramCall`, which
                // (like the buffers it points into) the program owns for its whole life.
                let call = unsafe (UnsafeRawPointer(calls.address) + Int(instruction.operand))
                    .assumingMemoryBound(to: ProgramCall.self)
                do {
                    // The factory reads its arguments from the frame and the constants itself, and
                    // stores its product in the object's slot, which is empty until then.
                    let arguments = unsafe FactoryArguments(frame: frame, call: call)
                    if instruction.value != 0 {
                        // Safe: the lowering sets `value` only for this class (see `value`).
                        unsafe try call.pointee.factory._withUnsafeGuaranteedRef {
                            unsafe try unsafeDowncast($0, to: SpecializedProgramFactory.self).writeProduct(
                                arguments, into: frame + object)
                        }
                    } else {
                        unsafe try call.pointee.factory._withUnsafeGuaranteedRef {
                            unsafe try $0.call(arguments, storingInto: frame + object, in: run)
                        }
                    }
                } catch {
                    throw unsafe failure(
                        call.pointee.factory._withUnsafeGuaranteedRef { $0.failure(error) }, at: pc, unsafe frame)
                }
            case .checkFirstFill:
                unsafe run.pointee.pc = pc
                do {
                    unsafe try firstFills[Int(instruction.operand)]._withUnsafeGuaranteedRef { check in
                        unsafe try check.check(
                            Unmanaged<AnyObject>.fromOpaque(frame[object].unsafelyUnwrapped).takeUnretainedValue())
                    }
                } catch {
                    throw unsafe failure(error, at: pc, frame)
                }
            case .callHook:
                // Not for an object a skipped region would have made, nor for the object a scope
                // kept, whose hook ran when it was made.
                guard let made = unsafe frame[object],
                    unsafe instruction.value == 0 || !run.pointee.skipped(region: Int(instruction.value - 1))
                else { break }
                unsafe run.pointee.pc = pc
                do {
                    unsafe try hooks[Int(instruction.operand)]._withUnsafeGuaranteedRef { hook in
                        unsafe try hook.run(on: Unmanaged<AnyObject>.fromOpaque(made).takeUnretainedValue())
                    }
                } catch {
                    throw unsafe failure(error, at: pc, frame)
                }
            case .release:
                // The slot's own reference, after its last read; none if a skipped region made it.
                if let owned = unsafe frame[object] {
                    unsafe Unmanaged<AnyObject>.fromOpaque(owned).release()
                    unsafe frame[object] = nil
                }
            case .enterScope, .leaveScope:
                // Only in a program with regions. Out of line, so that the loop stays small.
                if Loop.skipsRegions, let resume = unsafe try scopeStep(at: pc, frame, run) {
                    pc = resume
                    continue
                }
            case .requireMainActor:
                unsafe try requireMainActor(at: pc, frame)
            }
            pc &+= 1
        }
        #if DEBUG
            // Everything staged was published: a region still staged is a lowering mistake, which
            // would keep its creation lock held.
            if let scoped = unsafe run.pointee.scoped, unsafe scoped.pointee.staged != 0 {
                throw unsafe failure(
                    ResolutionError(.internalInconsistency("a resolve program left a staged object unpublished")),
                    at: end - 1, frame)
            }
            // Every reference the frame took was moved into a property or released: a slot still
            // holding one is a lowering mistake, which would leak the object.
            for slot in (injects ? 1 : 0)..<slotCount where unsafe slot != resultSlot && frame[slot] != nil {
                throw unsafe failure(
                    ResolutionError(.internalInconsistency("a resolve program left slot \(slot) holding an object")),
                    at: end - 1, unsafe frame)
            }
        #endif
        return unsafe frame[resultSlot].unsafelyUnwrapped
    }
}

/// Which copy of the program loop runs: one that skips regions, or one for programs with none.
private protocol LoopKind {
    static var skipsRegions: Bool { get }
}

private enum Regions: LoopKind {
    static var skipsRegions: Bool { true }
}

private enum NoRegions: LoopKind {
    static var skipsRegions: Bool { false }
}

/// A frame of slots on the stack, all nil: a resolve of a small graph allocates nothing but the
/// objects it creates.
private protocol StackFrameSlots {
    static var count: Int { get }
    init()
}

private typealias FourSlots = (
    UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?
)

@safe private struct EightSlots: StackFrameSlots {
    static var count: Int { 8 }
    var slots: (FourSlots, FourSlots) = ((nil, nil, nil, nil), (nil, nil, nil, nil))
}

@safe private struct SixteenSlots: StackFrameSlots {
    static var count: Int { 16 }
    var slots: (FourSlots, FourSlots, FourSlots, FourSlots) = (
        (nil, nil, nil, nil), (nil, nil, nil, nil), (nil, nil, nil, nil), (nil, nil, nil, nil)
    )
}
