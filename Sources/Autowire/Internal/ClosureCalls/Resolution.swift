/// A handle on the ongoing top-level resolve, passed down through every producer and step.
@usableFromInline
struct Resolution {
    let state: StackReference<ResolutionState>

    /// Where the state lies, which a `Resolver` keeps as a number (see `Resolver.state`).
    var address: UInt { state.address }
    /// The number that tells this resolve from a later one at the same address.
    var serial: UInt { state.pointee.serial }

    func lookup(_ producer: AnyProducer) -> ResolutionState.Lookup { state.pointee.lookup(producer) }

    /// Throws `resolution-too-deep` when the caller runs in the reserve at the bottom of the
    /// thread's stack: called once per object a producer makes, before the user's code runs, so a
    /// resolve too deep for its thread fails instead of overflowing. One comparison.
    @inline(__always)
    func checkDepth() throws {
        if state.pointee.stack.isExhausted() { throw tooDeep() }
    }

    @inline(never)
    func tooDeep() -> ResolutionError {
        ResolutionError(.resolutionTooDeep(stackSize: state.pointee.stack.size, path: []))
    }

    func record(_ producer: AnyProducer, instance: AnyObject) {
        state.pointee.record(producer, instance: instance)
    }

    /// The resolver a closure factory of `registry` receives during this resolve, for an object
    /// the container keeps (see `isMakingKeptObject`): it holds the container weakly.
    @inline(never)
    func keptObjectResolver(for registry: Registry) -> Resolver {
        if state.pointee.serial == 0 { state.pointee.numberForResolvers() }
        return Resolver(weaklyOn: registry, resolution: self)
    }

    /// The resolver a closure factory of `registry` receives during this resolve, for an object
    /// the container does not keep.
    @inline(__always)
    func resolver(for registry: Registry) -> Resolver {
        if state.pointee.serial == 0 { state.pointee.numberForResolvers() }
        return Resolver(registry: registry, resolution: self)
    }

    /// Makes `store` fill `object` with `requested`'s value once the factory that makes it (itself,
    /// or the one its aliases hand on) returns.
    func wait(for requested: AnyProducer, toFill object: AnyObject, with store: ProgramStore) {
        let producer = requested.valueMaker
        state.pointee.addWaitingFill(
            WaitingFill(
                factory: UInt(bitPattern: ObjectIdentifier(producer)), object: object, store: store,
                throughAliases: producer === requested ? nil : requested))
        state.pointee.noteWaitingFill()
    }

    /// Writes the fills that waited for `producer`'s value, now recorded as `instance`.
    ///
    /// - Throws: what converting it for a fill that waited through an alias throws (an
    ///   implementation that does not conform to the protocol it is bound to).
    @inline(__always)
    func fillWaiting(for producer: AnyProducer, with instance: AnyObject) throws {
        guard state.pointee.hasWaitingFills() else { return }
        try fillWaitingSlowly(for: producer, with: instance)
    }

    @inline(never)
    private func fillWaitingSlowly(for producer: AnyProducer, with instance: AnyObject) throws {
        // Taken out first: the setters are user code, which may resolve again.
        for fill in state.pointee.takeWaitingFills(for: producer) {
            let value = try fill.throughAliases?.recorded(fromMakerValue: instance) ?? instance
            // Lent: the waiting fill holds the object, the caller the instance, this frame the value.
            withExtendedLifetime((fill, value)) { fill.store.assign(fill.object, value) }
        }
    }

    /// A `.graph` factory's value for this resolve: the recorded instance, or what `maker` makes,
    /// recorded. Does what `lookup`, `constructing` and `record` do together with one table probe
    /// (two if `maker` grew the table), rather than five. Inlined into its callers, the `.graph`
    /// producers, with the maker's call: one generic call, and one copy of the value through `T`'s
    /// witnesses, fewer per object. (A closure in place of the maker stayed a call of its own.)
    @inline(__always)
    func graphValue<Maker: GraphValueMaker>(_ producer: Producer<Maker.Value>, made maker: Maker) throws -> Maker.Value
    {
        try graphValue(of: producer, recordedAs: producer, made: maker)
    }

    /// `graphValue` for a maker that makes class references as they are recorded (see
    /// `ObjectClosureProducer`): nothing passes through a generic value's witnesses.
    @inline(__always)
    func graphObject<Maker: GraphValueMaker>(_ producer: AnyProducer, made maker: Maker) throws -> AnyObject
    where Maker.Value == AnyObject {
        try graphValue(of: producer, recordedAs: RecordedObjects(), made: maker)
    }

    /// What `graphValue` and `graphObject` do; `recording` says how values are recorded.
    @inline(__always)
    private func graphValue<Maker: GraphValueMaker, Recording: GraphValueRecording>(
        of producer: AnyProducer, recordedAs recording: Recording, made maker: Maker
    ) throws -> Maker.Value where Recording.Value == Maker.Value {
        let index = state.pointee.slot(claiming: producer)
        if let existing = state.pointee.instance(at: index) { return try recording.value(from: existing) }
        if state.pointee.constructionMark(at: index) >= 0
            || (isConstructingOutside(producer) && !producer.key.isAssistedTarget)
        {
            throw ResolutionError(.factoryReentered(producer.key, location: producer.origin.location))
        }
        let generation = state.pointee.generation
        state.pointee.setConstructionMark(state.pointee.registrations, at: index)
        let value: Maker.Value
        do {
            value = try maker.make(in: self)
        } catch {
            state.pointee.endConstruction(producer, restoring: -1)
            throw error
        }
        let slot = state.pointee.generation == generation ? index : state.pointee.slot(claiming: producer)
        // The table takes the reference over; the waiting fills, if any, read it from there.
        state.pointee.record(recording.reference(for: value), at: slot)
        if state.pointee.hasWaitingFills(), let recorded = state.pointee.recorded(at: slot) {
            try fillWaitingSlowly(for: producer, with: recorded)
        }
        return value
    }

    /// Runs a factory under the re-entry guard: a factory met again before it returned is a cycle,
    /// unless the recursion recorded new instances since (then a `.graph` object further on closes
    /// it).
    func constructing<T>(_ producer: AnyProducer, allowsProgress: Bool, _ make: () throws -> T) throws -> T {
        if case .underConstruction(let since) = lookup(producer),
            !allowsProgress || since == state.pointee.registrations
        {
            throw ResolutionError(.factoryReentered(producer.key, location: producer.origin.location))
        }
        // Met again from a fresh resolve the factory itself started (e.g. `Provider.get()`): that
        // resolve sees none of this one's instances, so it would start the factory forever.
        if isConstructingOutside(producer), !producer.key.isAssistedTarget {
            throw ResolutionError(.factoryReentered(producer.key, location: producer.origin.location))
        }
        let mark = state.pointee.beginConstruction(producer)
        defer { state.pointee.endConstruction(producer, restoring: mark) }
        return try make()
    }

    /// Whether a resolve enclosing this one on this thread runs `producer`'s factory.
    @inline(__always)
    private func isConstructingOutside(_ producer: AnyProducer) -> Bool {
        state.pointee.outer != nil && ActiveResolutions.isConstructing(producer, outside: state)
    }
}
