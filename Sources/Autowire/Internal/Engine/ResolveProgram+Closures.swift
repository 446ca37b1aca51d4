// How runs call closures, and how a closure's `Resolver` runs nested programs (`produceNested`): see
// "Closure factories" and "Nested runs" on `ResolveProgram`.

extension ResolveProgram {
    /// Runs a closure root's program: calls `root`'s closure in a resolution the run starts at once.
    /// For a kept object (`ProgramKind.rootForKeptObject`), all it makes holds the container weakly.
    @inline(never)
    func callClosure(of root: AnyProducer?, _ run: StackReference<ProgramRun>)
        throws(ResolutionError) -> ObjectWord
    {
        guard let root else {
            throw ResolutionError(.internalInconsistency("a closure root's program ran without its root"))
        }
        return try inOwnResolution(of: run) { resolution throws(ResolutionError) in
            // The word takes over the reference as the call hands it back: made after the resolve
            // ends, it would cost a retain and a release.
            try ResolutionError.catching { ObjectWord(owning: try root.produceRecorded(resolution)) }
        } discarding: { made in
            made.release()
        }
    }

    /// Runs `body` in a resolution of its own, as a closure root's call runs: validation probes in
    /// one, whose objects `body` reads before the resolution ends.
    static func inResolution<Result>(_ body: (Resolution) throws(ResolutionError) -> Result)
        throws(ResolutionError) -> Result
    {
        let program = rootClosureCall
        var record = ProgramRun(program: program, request: nil)
        return try StackReference.with(&record) { run throws(ResolutionError) in
            // The program builds nothing itself, so the run links inside any resolve around it.
            let cell = ActiveResolutions.enter(run, key: program.activeResolutionsKey) ?? nil
            defer { ActiveResolutions.leave(cell, restoring: run.pointee.outer) }
            return try program.inOwnResolution(of: run, body)
        }
    }

    /// Runs `body` in a resolution that is `run`'s `calledResolution` throughout: completed when `body`
    /// returns (`discard` drops the result if that fails), abandoned when it throws.
    @inline(__always)
    private func inOwnResolution<Result>(
        of run: StackReference<ProgramRun>, _ body: (Resolution) throws(ResolutionError) -> Result,
        discarding discard: (Result) -> Void = { _ in }
    ) throws(ResolutionError) -> Result {
        try ResolutionSpace.with { space throws(ResolutionError) in
            let resolution = try space.start(for: run)
            run.pointee.calledResolution = resolution
            defer { run.pointee.calledResolution = nil }
            let result: Result
            do throws(ResolutionError) {
                result = try body(resolution)
            } catch {
                resolution.abandon()
                throw error
            }
            do throws(ResolutionError) {
                try resolution.complete()
            } catch {
                discard(result)
                throw error
            }
            return result
        }
    }
}

extension Resolution {
    /// A `.graph` closure factory's value for this resolve: the recorded instance, or the closure's value,
    /// recorded. One table probe (two if the call grew it) does what `lookup`, `constructing` and `record`
    /// would; inlined into the `.graph` producers: a generic call and a value copy fewer per object.
    @inline(__always)
    func graphValue<Factory: ClosureFactorySite>(_ producer: Producer<Factory.Made>, made factory: Factory) throws
        -> Factory.Made
    {
        try graphValue(of: producer, recordedAs: producer, made: factory)
    }

    /// `graphValue` for class references recorded as they are (`ObjectClosureProducer`): no value witnesses.
    @inline(__always)
    func graphObject(_ producer: AnyProducer, made factory: ObjectClosureFactory) throws -> AnyObject {
        try graphValue(of: producer, recordedAs: RecordedObjects(), made: factory)
    }

    @inline(__always)
    private func graphValue<Factory: ClosureFactorySite, Recording: GraphValueRecording>(
        of producer: AnyProducer, recordedAs recording: Recording, made factory: Factory
    ) throws -> Factory.Made where Recording.Value == Factory.Made {
        let index = pointee.slot(claiming: producer)
        if let existing = pointee.instance(at: index) { return try recording.value(from: existing) }
        if pointee.constructionMark(at: index) >= 0
            || (isConstructingOutside(producer) && !producer.key.isAssistedTarget)
        {
            throw ResolutionError(.factoryReentered(producer.key, location: producer.origin.location))
        }
        let generation = pointee.generation
        pointee.setConstructionMark(pointee.registrations, at: index)
        let value: Factory.Made
        do {
            value = try callClosureFactory(factory)
        } catch {
            pointee.endConstruction(producer, restoring: -1)
            throw error
        }
        let slot = pointee.generation == generation ? index : pointee.slot(claiming: producer)
        // The table takes the reference over; the waiting fills, if any, read it from there.
        pointee.record(recording.reference(for: value), at: slot)
        if pointee.hasWaitingFills(), let recorded = pointee.recorded(at: slot) {
            try fillWaitingSlowly(for: producer, with: recorded)
        }
        return value
    }

    /// Calls `factory`'s closure with a `Resolver` of this resolution; errors name the binding. The site's
    /// fields are read where used: as arguments, all would be loaded, the registry retained, per call.
    @inline(__always)
    func callClosureFactory<Factory: ClosureFactorySite>(_ factory: Factory) throws -> Factory.Made {
        try checkDepth()
        do {
            // The resolver gets the registry lent: no retain and release per object.
            return try factory.withRegistryLent { registry in
                // Two calls rather than one resolver made either way: a resolver that may hold the
                // registry weakly is an owned value, a retain and a release per object.
                if pointee.isMakingKeptObject {
                    return try factory.call(keptObjectResolver(for: registry))
                }
                return try factory.call(resolver(for: registry))
            }
        } catch let error as ResolutionError {
            throw error.prependingPath(factory.key.description).locatingUnplaced(at: factory.location)
        } catch {
            throw ResolutionError(
                .factoryFailed(factory.key, location: factory.location, error: error), underlyingError: error)
        }
    }
}

extension AnyProducer {
    /// The value for a closure's `Resolver`, as recorded: by the nested program, else `produceRecorded`.
    @inline(__always)
    final func produceNested(_ resolution: Resolution) throws -> AnyObject {
        guard let program = try nestedProgram(in: resolution) else { return try produceRecorded(resolution) }
        return try program.runNested(in: resolution)
    }

    /// The nested program to run in `resolution`, if any (inside a kept object while it makes one).
    /// Inlined up to the test for a root with none, which every closure's resolve of a closure pays.
    @inline(__always)
    final func nestedProgram(in resolution: Resolution) throws -> ResolveProgram? {
        let kind: ProgramKind = resolution.pointee.isMakingKeptObject ? .nestedInsideKeptObject : .nested
        guard programWord(of: kind) != ProgramWord.none else { return nil }
        return try nestedProgram(of: kind, in: resolution)
    }

    /// The nested program of `kind` to run in `resolution`, if any: lowered now if it never was.
    @inline(never)
    private func nestedProgram(of kind: ProgramKind, in resolution: Resolution) throws -> ResolveProgram? {
        let word = programWord(of: kind)
        var program: ResolveProgram?
        if ProgramWord.isProgram(word), !ResolveProgram.published(word).canImprove {
            program = ResolveProgram.published(word)
        } else if word != ProgramWord.none {
            program = try registry.program(for: self, kind: kind)
        }
        guard let program else { return nil }
        if program.canRunNested(in: resolution) { return program }
        return try registry.variant(
            of: program, for: self, ProgramVariant(waitsFor: program.factoriesRunning(in: resolution)))
    }
}

extension Producer {
    /// `produceNested` for a typed value: by the nested program, else as `produce(_:)` makes it.
    @inline(__always)
    final func produceNestedValue(_ resolution: Resolution) throws -> T {
        guard let program = try nestedProgram(in: resolution) else { return try produce(resolution) }
        return recordedValue(try program.runNested(in: resolution))
    }
}

/// How a `.graph` closure's values are recorded and read back (see `Resolution.graphValue`): a protocol
/// rather than two closures, which would retain and release the producer they capture on every object.
protocol GraphValueRecording {
    associatedtype Value
    func value(from recorded: AnyObject) throws -> Value
    func reference(for value: Value) -> AnyObject
}

extension Producer: GraphValueRecording {}

/// Objects recorded as they are: what an `ObjectClosureProducer` makes.
struct RecordedObjects: GraphValueRecording {
    @inline(__always)
    func value(from recorded: AnyObject) -> AnyObject { recorded }

    @inline(__always)
    func reference(for value: AnyObject) -> AnyObject { value }
}
