// Running a program: its frame of slots, its `ScopedRun` when it needs one, and the loop.

extension ResolveProgram {
    /// Fills `object` with the published program `word` (see `runPublished`); whether it ran.
    @inline(__always)
    static func injectPublished(_ word: UInt, into object: AnyObject) throws -> Bool {
        try withPublished(word) { program in
            program.canImprove ? false : try program.run(of: nil, injecting: object) != nil
        }
    }

    /// Runs the program `word` publishes (see `run`), without a retain (see `withPublished(_:_:)`);
    /// nil when lowering it again would make it faster: the caller then takes its slow path.
    @inline(__always)
    static func runPublished(
        _ word: UInt, of root: AnyProducer, request: BorrowedValue? = nil, seed: BorrowedValue? = nil
    ) throws -> RecordedResult? {
        try withPublished(word) { program in
            program.canImprove ? nil : try program.run(of: root, request: request, seed: seed).map(RecordedResult.init)
        }
    }

    /// Runs the program of `root`, or, when an enclosing resolve builds something it may build, its
    /// variant for what is built outside; nil only when that variant could not be lowered.
    func runOrItsVariant(
        for root: AnyProducer, injecting target: AnyObject? = nil, request: BorrowedValue? = nil,
        seed: BorrowedValue? = nil
    ) throws(ResolutionError) -> ObjectWord? {
        if let made = try run(of: root, injecting: target, request: request, seed: seed) { return made }
        let registry = root.registry
        let outside = ActiveResolutions.builtOutside(by: self, key: registry.activeResolutionsKey)
        guard !outside.isEmpty,
            let variant = try registry.variant(of: self, for: root, ProgramVariant(builtOutside: outside))
        else { return nil }
        return try variant.run(of: root, injecting: target, request: request, seed: seed)
    }

    /// Runs the program of `root` (nil for an injection's). Returns the root object, owned by the
    /// caller (for an injection: the object handed in, not retained), or nil when an enclosing
    /// resolve is building something it may build (see `ActiveResolutions.enter(_:key:)`).
    @inline(__always)
    private func run(
        of root: AnyProducer?, injecting target: AnyObject? = nil, request: BorrowedValue? = nil,
        seed: BorrowedValue? = nil
    ) throws(ResolutionError) -> ObjectWord? {
        var record = ProgramRun(program: self, request: request, seed: seed)
        return try StackReference.with(&record) { run throws(ResolutionError) in
            guard let cell = ActiveResolutions.enter(run, key: activeResolutionsKey) else { return nil }
            defer { ActiveResolutions.leave(cell, restoring: run.pointee.outer) }
            // The root is handed in rather than kept by the program: a producer read from a stored
            // property is retained and released around the call (about 30 instructions a resolve).
            if callsRootClosure { return try callClosure(of: root, run) }
            return try ProgramFrame.with(slotCount: slotCount) { frame throws(ResolutionError) in
                // Set here, where a resolve's nil target folds away, not tested in the loop. Lent:
                // the caller holds it for the run; the frame does not own slot 0.
                if let target { frame.lend(target, at: 0) }
                return try execute(frame, run)
            }
        }
    }

    /// Runs the program on `frame`, whose slot 0 holds the object handed in by an injection.
    private func execute(_ frame: ProgramFrame, _ run: StackReference<ProgramRun>) throws(ResolutionError)
        -> ObjectWord
    {
        // Two copies of the loop (generic, each specialized): the one that never jumps keeps `pc`
        // in step with its instruction's address, a few instructions a step fewer.
        if runsPlainly { return try execute(frame, run, NoRegions.self) }
        return try executeWithRegionsOrJoining(frame, run)
    }

    /// Runs a program with regions or `ClosureCall`s, with its `ScopedRun` on this function's
    /// stack. Out of line, so that the plain path stays small.
    @inline(never)
    private func executeWithRegionsOrJoining(_ frame: ProgramFrame, _ run: StackReference<ProgramRun>)
        throws(ResolutionError) -> ObjectWord
    {
        guard makesClosureCalls else {
            return try withScopedRun(of: run) { scoped throws(ResolutionError) in
                do throws(ResolutionError) {
                    return try execute(frame, run, Regions.self)
                } catch {
                    discardStaged(scoped)
                    throw error
                }
            }
        }
        // The joined resolution's memory, on this frame: a run allocates nothing for it.
        return try ResolutionSpace.with { space throws(ResolutionError) in
            try withScopedRun(joinedSpace: space, of: run) { scoped throws(ResolutionError) in
                try executeJoining(frame, run, scoped)
            }
        }
    }

    /// Runs `body` with a `ScopedRun` on this function's stack as `run`'s, unset when it returns.
    @inline(__always)
    private func withScopedRun(
        joinedSpace: ResolutionSpace = .none, of run: StackReference<ProgramRun>,
        _ body: (StackReference<ScopedRun>) throws(ResolutionError) -> ObjectWord
    ) throws(ResolutionError) -> ObjectWord {
        var scopedRun = ScopedRun(joinedSpace: joinedSpace)
        return try StackReference.with(&scopedRun) { scoped throws(ResolutionError) in
            run.pointee.scoped = scoped
            defer { run.pointee.scoped = nil }
            return try body(scoped)
        }
    }

    /// Runs a program whose `ClosureCall`s join a resolution: completed, or abandoned on failure.
    private func executeJoining(
        _ frame: ProgramFrame, _ run: StackReference<ProgramRun>, _ scoped: StackReference<ScopedRun>
    ) throws(ResolutionError) -> ObjectWord {
        if joinsAtStart {
            let joined = try scoped.pointee.startJoinedResolution(for: run)
            for producer in injectedObjectProducers {
                frame.withObject(at: 0) { joined.pointee.record(producer, instance: $0) }
            }
        }
        let made: ObjectWord
        do throws(ResolutionError) {
            made = try hasRegions ? execute(frame, run, Regions.self) : execute(frame, run, NoRegions.self)
        } catch {
            discardStaged(scoped)
            scoped.pointee.ownJoined?.abandon()
            throw error
        }
        do throws(ResolutionError) {
            try scoped.pointee.ownJoined?.complete()
        } catch {
            // The run's own work is done: the frame holds only the result, whose reference the
            // run owns (it would have gone to the caller), released once here.
            made.release()
            throw error
        }
        return made
    }

    /// Whether this nested program can run in `resolution`: none of the factories it calls is
    /// under construction there. Else its variant that waits for them may (see `ProgramVariant`).
    func canRunNested(in resolution: Resolution) -> Bool {
        !constructs.contains { resolution.pointee.isConstructing($0) }
    }

    /// The factories this nested program calls that are under construction in `resolution`.
    func factoriesRunning(in resolution: Resolution) -> [ObjectIdentifier] {
        constructs.filter { resolution.pointee.isConstructing($0) }
    }

    /// Runs this program, lowered for nested runs (see `ResolveProgram`), in `resolution`, whose
    /// closure's `Resolver` asked for the root: as a creation frame there, as a closure's call is.
    /// Returns the root's value as recorded, owned.
    func runNested(in resolution: Resolution) throws(ResolutionError) -> AnyObject {
        // Closures resolving one another nest a run per level: the stack is checked here, as a
        // closure's call checks it (`Resolution.checkDepth()`).
        if resolution.pointee.stack.isExhausted() { throw resolution.tooDeep() }
        var record = ProgramRun(program: self, request: resolution.pointee.request, seed: resolution.pointee.seed)
        return try StackReference.with(&record) { run throws(ResolutionError) in
            // A resolve started from the user's code inside the run sees what it is building.
            run.pointee.enclosingNestedRun = resolution.pointee.innermostNestedRun
            resolution.pointee.innermostNestedRun = run
            defer { resolution.pointee.innermostNestedRun = run.pointee.enclosingNestedRun }
            var scopedRun = ScopedRun(nestedIn: resolution)
            return try StackReference.with(&scopedRun) { scoped throws(ResolutionError) in
                run.pointee.scoped = scoped
                // A failure leaves the frames of the framed regions it was in open, above this one.
                let frames = resolution.pointee.creationFrames.count
                let keptCreations = resolution.pointee.keptCreations
                resolution.pointee.beginCreation()
                let made: ObjectWord
                do throws(ResolutionError) {
                    made = try ProgramFrame.with(slotCount: slotCount) { frame throws(ResolutionError) in
                        try execute(frame, run, Regions.self)
                    }
                } catch {
                    discardStaged(scoped)
                    resolution.pointee.abandonCreations(downTo: frames)
                    resolution.pointee.keptCreations = keptCreations
                    throw error
                }
                do throws(ResolutionError) {
                    try resolution.pointee.endCreation(nil)
                } catch {
                    made.release()
                    throw error
                }
                return made.takeObject()
            }
        }
    }

    /// Whether `error`, thrown by the call `instruction` of an `.optional` property's value, is
    /// that value's absence, whose store at `next` the run then skips.
    @inline(never)
    private func isAbsence(_ error: any Error, skipping next: Int, of instruction: Instruction) -> Bool {
        guard (error as? ResolutionError)?.isUnavailableInstance == true else { return false }
        #if DEBUG
            // The lowering emits the property's store right after the call; a program that did
            // not would skip something else, so in tests it fails the resolve instead.
            let store = code[next]
            guard store.operation == .storeAtOffset || store.operation == .storeThroughKeyPath,
                !store.valueIsConstant, store.value == instruction.object
            else { return false }
        #endif
        return true
    }

    /// After a failure, which abandoned its regions: what the run staged read objects of the failed
    /// resolve, so it is discarded, innermost first.
    @inline(never)
    private func discardStaged(_ scoped: StackReference<ScopedRun>) {
        for index in regions.indices.reversed() where scoped.pointee.staged.contains(index) {
            regions[index].scope?.withObject { $0.discard() }
        }
        scoped.pointee.staged.removeAll()
    }

    private func execute<Loop: LoopKind>(_ frame: ProgramFrame, _ run: StackReference<ProgramRun>, _: Loop.Type)
        throws(ResolutionError) -> ObjectWord
    {
        // Every slot an instruction reads was filled before and, if moved, is read no more
        // (`ProgramLowering` emits in creation order and moves only at a last read; see
        // `ProgramFrame`). Checked in `DEBUG` below and by sanitizer runs.
        let code = self.code
        let end = code.count
        var pc = 0
        while pc < end {
            let instruction = code[pc]
            let object = Int(instruction.object)
            switch instruction.operation {
            case .create:
                run.pointee.pc = pc
                let type = creators[Int(instruction.operand)]
                frame.own(type.init() as AnyObject, at: object)
            case .storeAtOffset:
                let value = read(instruction, frame)
                if instruction.moves {
                    frame.take(Int(instruction.value))
                } else {
                    value.retain()
                }
                frame.store(value, intoObjectAt: object, offset: Int(instruction.operand))
            case .storeThroughKeyPath:
                run.pointee.pc = pc
                storeThroughKeyPath(at: pc, frame)
            case .callFactory:
                run.pointee.pc = pc
                let call = ProgramCallSite(in: calls, atByteOffset: Int(instruction.operand))
                do {
                    // The product goes into the object's slot, empty until then.
                    let arguments = call.arguments(in: frame)
                    if instruction.value != 0 {
                        try call.withSpecializedFactory {
                            try $0.writeProduct(arguments, into: frame.destination(object))
                        }
                    } else {
                        try call.withFactory { try $0.call(arguments, storingInto: frame.destination(object), in: run) }
                    }
                } catch {
                    // An `.optional` property's absent value: the store after the call is skipped
                    // (see `ProgramLowering.OptionalPlace`). Out of line, and falling through
                    // rather than `continue`, so that the loop keeps its shape.
                    guard instruction.moves, isAbsence(error, skipping: pc + 1, of: instruction) else {
                        throw failure(call.withFactory { $0.failure(error) }, at: pc, frame)
                    }
                    pc &+= 1
                }
            case .checkFirstFill:
                run.pointee.pc = pc
                do {
                    try firstFills[Int(instruction.operand)].withObject { check in
                        try frame.withObject(at: object) { try check.check($0) }
                    }
                } catch {
                    throw failure(error, at: pc, frame)
                }
            case .callHook:
                // Not for an object a skipped region would have made, nor for the object a scope
                // kept, whose hook ran when it was made.
                guard !frame.isEmpty(object),
                    instruction.value == 0 || !run.pointee.skipped(region: Int(instruction.value - 1))
                else { break }
                if instruction.moves {
                    // The creation frame it is in runs it (see `runNested`, `ScopeRegion.framed`).
                    deferHook(at: pc, frame, run)
                    break
                }
                run.pointee.pc = pc
                do {
                    try hooks[Int(instruction.operand)].withObject { hook in
                        try frame.withObject(at: object) { try hook.run(on: $0) }
                    }
                } catch {
                    throw failure(error, at: pc, frame)
                }
            case .release:
                // The slot's own reference, after its last read; none if a skipped region made it.
                frame.release(object)
            case .enterScope, .leaveScope:
                // Only in a program with regions. Out of line, so that the loop stays small.
                if Loop.skipsRegions, let resume = try scopeStep(at: pc, frame, run) {
                    pc = resume
                    continue
                }
            case .requireMainActor:
                try requireMainActor(at: pc, frame)
            }
            pc &+= 1
        }
        #if DEBUG
            // Everything staged was published: a region still staged is a lowering mistake, which
            // would keep its creation lock held.
            if let scoped = run.pointee.scoped, !scoped.pointee.staged.isEmpty {
                throw failure(
                    ResolutionError(.internalInconsistency("a resolve program left a staged object unpublished")),
                    at: end - 1, frame)
            }
            // Every reference the frame took was moved into a property or released: a slot still
            // holding one is a lowering mistake, which would leak the object.
            for slot in (injects ? 1 : 0)..<slotCount where slot != resultSlot && !frame.isEmpty(slot) {
                throw failure(
                    ResolutionError(.internalInconsistency("a resolve program left slot \(slot) holding an object")),
                    at: end - 1, frame)
            }
        #endif
        return frame.word(at: resultSlot)
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
