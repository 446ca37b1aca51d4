// Running a program: its frame of slots, its `ScopedRun` when it needs one, and the loop.

extension ResolveProgram {
    /// Fills `object` with the published program `word` (see `runPublished`); whether it ran.
    @inline(__always)
    static func injectPublished(_ word: UInt, into object: AnyObject) throws -> Bool {
        try withPublished(word) { program in
            program.canImprove ? false : try program.run(of: nil, injecting: object) != nil
        }
    }

    /// Runs the program `word` publishes, unretained; nil when lowering again would be faster (slow path).
    @inline(__always)
    static func runPublished(
        _ word: UInt, of root: AnyProducer, request: BorrowedValue? = nil, seed: BorrowedValue? = nil
    ) throws -> RecordedResult? {
        try withPublished(word) { program in
            program.canImprove ? nil : try program.run(of: root, request: request, seed: seed).map(RecordedResult.init)
        }
    }

    /// Runs `root`'s program, else its variant for what an enclosing resolve builds (nil if not lowered).
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

    /// Runs the program of `root` (nil for an injection's). Returns the root object, owned by the caller
    /// (an injection's: the object handed in, unretained), or nil when an enclosing resolve builds
    /// something it may build (see `ActiveResolutions.enter(_:key:)`).
    @inline(__always)
    private func run(
        of root: AnyProducer?, injecting target: AnyObject? = nil, request: BorrowedValue? = nil,
        seed: BorrowedValue? = nil
    ) throws(ResolutionError) -> ObjectWord? {
        var record = ProgramRun(program: self, request: request, seed: seed)
        return try StackReference.with(&record) { run throws(ResolutionError) in
            guard let cell = ActiveResolutions.enter(run, key: activeResolutionsKey) else { return nil }
            defer { ActiveResolutions.leave(cell, restoring: run.pointee.outer) }
            // Handed in, not kept by the program: read from a stored property, the root would be
            // retained and released around the call (about 30 instructions a resolve).
            if callsRootClosure { return try callClosure(of: root, run) }
            return try ProgramFrame.with(slotCount: slotCount) { frame throws(ResolutionError) in
                // Set here, where a resolve's nil target folds away, not in the loop; lent for the run.
                if let target { frame.lend(target, at: 0) }
                return try execute(frame, run)
            }
        }
    }

    private func execute(_ frame: ProgramFrame, _ run: StackReference<ProgramRun>) throws(ResolutionError)
        -> ObjectWord
    {
        // Two copies of the loop (generic, each specialized): the one that never jumps keeps `pc`
        // in step with its instruction's address, a few instructions a step fewer.
        if runsPlainly { return try execute(frame, run, NoRegions.self) }
        return try executeWithRegionsOrJoining(frame, run)
    }

    /// Out of line, so that the plain path stays small; the `ScopedRun` lives on this function's stack.
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
            // The frame holds only the result, the run's to release (it would have gone to the caller).
            made.release()
            throw error
        }
        return made
    }

    /// Whether no factory this program calls is under construction in `resolution` (see `ProgramVariant`).
    func canRunNested(in resolution: Resolution) -> Bool {
        !constructs.contains { resolution.pointee.isConstructing($0) }
    }

    func factoriesRunning(in resolution: Resolution) -> [ObjectIdentifier] {
        constructs.filter { resolution.pointee.isConstructing($0) }
    }

    /// Runs this nested program in `resolution`, whose closure's `Resolver` asked for the root, as a
    /// creation frame there (as a closure's call is); returns the root's value as recorded, owned.
    func runNested(in resolution: Resolution) throws(ResolutionError) -> AnyObject {
        // Closures resolving one another nest a run per level, so the stack is checked here too.
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

    /// Whether `error` is the absence of the `.optional` value the call `instruction` makes.
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

    /// After a failure, discards (innermost first) what the run staged: it read the failed resolve's objects.
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
                    // An absent `.optional` value skips the next store (`ProgramLowering.OptionalPlace`).
                    // Out of line, falling through rather than `continue`, so the loop keeps its shape.
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
            // A region still staged is a lowering mistake, which would keep its creation lock held.
            if let scoped = run.pointee.scoped, !scoped.pointee.staged.isEmpty {
                throw failure(
                    ResolutionError(.internalInconsistency("a resolve program left a staged object unpublished")),
                    at: end - 1, frame)
            }
            // A slot still holding a reference is a lowering mistake, which would leak the object.
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
