/// A resolution in progress, the one closures are called in: its state, reached where it lies on
/// the stack of the run that owns it (see `ResolutionSpace`), passed down through every producer
/// and step. Its `address` is what a `Resolver` keeps (see `Resolver.state`).
typealias Resolution = StackReference<ResolutionState>

extension Resolution {
    /// The number that tells this resolve from a later one at the same address.
    var serial: UInt { pointee.serial }

    func lookup(_ producer: AnyProducer) -> ResolutionState.Lookup { pointee.lookup(producer) }

    /// Throws `resolution-too-deep` when the caller runs in the reserve at the bottom of the thread's
    /// stack: checked once per object, before user code, so that a too-deep resolve fails, not overflows.
    @inline(__always)
    func checkDepth() throws {
        if pointee.stack.isExhausted() { throw tooDeep() }
    }

    @inline(never)
    func tooDeep() -> ResolutionError {
        ResolutionError(.resolutionTooDeep(stackSize: pointee.stack.size, path: []))
    }

    func record(_ producer: AnyProducer, instance: AnyObject) {
        pointee.record(producer, instance: instance)
    }

    /// The resolver for an object the container keeps (`isMakingKeptObject`): holds the container weakly.
    @inline(never)
    func keptObjectResolver(for registry: Registry) -> Resolver {
        if pointee.serial == 0 { pointee.numberForResolvers() }
        return Resolver(weaklyOn: registry, resolution: self)
    }

    @inline(__always)
    func resolver(for registry: Registry) -> Resolver {
        if pointee.serial == 0 { pointee.numberForResolvers() }
        return Resolver(registry: registry, resolution: self)
    }

    /// Makes `store` fill `object` with `requested`'s value once its factory (or the aliased one) returns.
    func wait(for requested: AnyProducer, toFill object: AnyObject, with store: ProgramStore) {
        let producer = requested.valueMaker
        pointee.addWaitingFill(
            WaitingFill(
                factory: UInt(bitPattern: ObjectIdentifier(producer)), object: object, store: store,
                throughAliases: producer === requested ? nil : requested))
        pointee.noteWaitingFill()
    }

    /// Writes the fills waiting for `producer`'s value, now `instance` (an alias's conversion may throw).
    @inline(__always)
    func fillWaiting(for producer: AnyProducer, with instance: AnyObject) throws {
        guard pointee.hasWaitingFills() else { return }
        try fillWaitingSlowly(for: producer, with: instance)
    }

    @inline(never)
    func fillWaitingSlowly(for producer: AnyProducer, with instance: AnyObject) throws {
        // Taken out first: the setters are user code, which may resolve again.
        for fill in pointee.takeWaitingFills(for: producer) {
            let value = try fill.throughAliases?.recorded(fromMakerValue: instance) ?? instance
            // Lent: the waiting fill holds the object, the caller the instance, this frame the value.
            withExtendedLifetime((fill, value)) { fill.store.assign(fill.object, value) }
        }
    }

    /// Runs a factory under the re-entry guard: met again before it returned, it is a cycle, unless
    /// the recursion recorded new instances since (a `.graph` object further on closes it).
    func constructing<T>(_ producer: AnyProducer, allowsProgress: Bool, _ make: () throws -> T) throws -> T {
        if case .underConstruction(let since) = lookup(producer),
            !allowsProgress || since == pointee.registrations
        {
            throw ResolutionError(.factoryReentered(producer.key, location: producer.origin.location))
        }
        // Met again from a resolve the factory started: see `ActiveResolutions.isConstructing`.
        if isConstructingOutside(producer), !producer.key.isAssistedTarget {
            throw ResolutionError(.factoryReentered(producer.key, location: producer.origin.location))
        }
        let mark = pointee.beginConstruction(producer)
        defer { pointee.endConstruction(producer, restoring: mark) }
        return try make()
    }

    @inline(__always)
    func isConstructingOutside(_ producer: AnyProducer) -> Bool {
        pointee.outer != nil && ActiveResolutions.isConstructing(producer, outside: self)
    }
}
