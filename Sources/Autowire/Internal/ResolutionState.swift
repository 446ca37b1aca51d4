/// The state of one top-level resolve: which producers already have an instance in this object
/// graph (the `.graph` scope, cycles) and which factories are under construction.
///
/// It lives on the stack of the outermost `resolve`; its table is an open-addressing hash set keyed
/// by producer identity, stack-allocated when small, so a resolve allocates nothing but the
/// objects it creates.
struct ResolutionState {
    struct Slot {
        var producer: ObjectIdentifier?
        /// Class instances as they are; values boxed (see `Producer.reference(for:)`).
        var instance: AnyObject?
        /// The value of `registrations` when the producer started constructing, or `-1`.
        var constructionMark: Int

        static var empty: Slot { Slot(producer: nil, instance: nil, constructionMark: -1) }
    }

    enum Lookup {
        case absent
        case instance(AnyObject)
        case underConstruction(since: Int)
    }

    private var slots: UnsafeMutableBufferPointer<Slot>
    private var slotsOnHeap = false
    private var count = 0
    /// Grows each time an instance is recorded: lets a re-entered factory tell whether the
    /// recursion made progress (it may close) or not (it never will).
    private(set) var registrations = 0
    /// Created on the first closure factory and invalidated when the resolve ends.
    var resolvers: [Resolver] = []
    /// The runtime value an `AssistedFactory.make(_:)` call passes to what it creates.
    var seed: Any?
    /// Creation locks this resolve took to create singletons; held until it ends.
    var heldCreationLocks: [CreationLock] = []
    /// Singletons created by this resolve, published only if it succeeds.
    var pendingPublications: [any PendingPublication] = []

    init(slots: UnsafeMutableBufferPointer<Slot>) {
        self.slots = slots
    }

    /// The slot where probing for `producer` starts, in a table of `mask + 1` slots.
    ///
    /// Objects are 16-byte aligned, so the address's low bits are always zero; a Fibonacci hash
    /// takes high bits of the product instead. (`>>` binds tighter than `&*`, hence the parentheses:
    /// without them every producer started at slot 0 and each lookup probed linearly.)
    static func home(of producer: ObjectIdentifier, mask: Int) -> Int {
        Int(truncatingIfNeeded: (UInt(bitPattern: producer.hashBits) &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
    }

    private func index(for producer: ObjectIdentifier) -> (index: Int, found: Bool) {
        let mask = slots.count - 1
        var index = Self.home(of: producer, mask: mask)
        while let occupant = slots[index].producer {
            if occupant == producer { return (index, true) }
            index = (index + 1) & mask
        }
        return (index, false)
    }

    // `mutating` only so that calls through `Resolution.state.pointee` work in place, not on a copy.
    mutating func lookup(_ producer: AnyProducer) -> Lookup {
        let (index, found) = index(for: ObjectIdentifier(producer))
        guard found else { return .absent }
        let slot = slots[index]
        if let instance = slot.instance { return .instance(instance) }
        return slot.constructionMark >= 0 ? .underConstruction(since: slot.constructionMark) : .absent
    }

    /// Records the instance a producer made for this object graph.
    mutating func record(_ producer: AnyProducer, instance: AnyObject) {
        let index = claim(ObjectIdentifier(producer))
        slots[index].instance = instance
        slots[index].constructionMark = -1
        registrations += 1
    }

    /// Marks a producer as under construction; returns the previous mark to restore afterwards.
    mutating func beginConstruction(_ producer: AnyProducer) -> Int {
        let index = claim(ObjectIdentifier(producer))
        let previous = slots[index].constructionMark
        slots[index].constructionMark = registrations
        return previous
    }

    mutating func endConstruction(_ producer: AnyProducer, restoring mark: Int) {
        let (index, found) = index(for: ObjectIdentifier(producer))
        if found { slots[index].constructionMark = mark }
    }

    private mutating func claim(_ producer: ObjectIdentifier) -> Int {
        var (index, found) = index(for: producer)
        if !found {
            if (count + 1) * 2 > slots.count {
                grow()
                index = self.index(for: producer).index
            }
            slots[index].producer = producer
            count += 1
        }
        return index
    }

    private mutating func grow() {
        let old = slots
        let oldOnHeap = slotsOnHeap
        slots = .allocate(capacity: old.count * 2)
        slots.initialize(repeating: .empty)
        slotsOnHeap = true
        for slot in old where slot.producer != nil {
            if let producer = slot.producer {
                slots[index(for: producer).index] = slot
            }
        }
        if oldOnHeap {
            old.deinitialize()
            old.deallocate()
        } else {
            // The old slots belong to the caller's stack allocation, which releases them.
        }
    }

    /// Publishes (on success) or discards what this resolve created, then releases its locks.
    mutating func endCreations(succeeded: Bool) {
        let finished = pendingPublications
        pendingPublications = []
        for publication in finished {
            if succeeded { publication.publish() } else { publication.discard() }
        }
        while let lock = heldCreationLocks.popLast() { lock.unlock() }
    }

    /// Ends the resolve: resolvers handed to factories stop reaching into this state.
    mutating func finish() {
        for resolver in resolvers { resolver.state = nil }
        resolvers = []
        if slotsOnHeap {
            slots.deinitialize()
            slots.deallocate()
        }
    }
}

extension ObjectIdentifier {
    fileprivate var hashBits: Int { Int(bitPattern: self) }
}

/// A handle on the ongoing top-level resolve, passed down through every producer and step.
@usableFromInline
struct Resolution {
    let state: UnsafeMutablePointer<ResolutionState>

    /// Runs `body` as a new top-level resolve whose table fits `capacity` recorded instances.
    static func run<R>(capacity: Int, seed: Any? = nil, _ body: (Resolution) throws -> R) throws -> R {
        var size = 8
        while size < capacity * 2 { size *= 2 }
        return try withUnsafeTemporaryAllocation(of: ResolutionState.Slot.self, capacity: size) { slots in
            slots.initialize(repeating: .empty)
            defer { slots.deinitialize() }
            var state = ResolutionState(slots: slots)
            state.seed = seed
            defer { state.finish() }
            return try withUnsafeMutablePointer(to: &state) { state in
                do {
                    let result = try body(Resolution(state: state))
                    if !state.pointee.heldCreationLocks.isEmpty { state.pointee.endCreations(succeeded: true) }
                    return result
                } catch {
                    state.pointee.endCreations(succeeded: false)
                    throw error
                }
            }
        }
    }

    func lookup(_ producer: AnyProducer) -> ResolutionState.Lookup { state.pointee.lookup(producer) }

    func record(_ producer: AnyProducer, instance: AnyObject) { state.pointee.record(producer, instance: instance) }

    /// Takes `registry`'s creation lock for the rest of this resolve (once): singletons it creates
    /// stay unpublished until the whole resolve succeeds, and no other thread creates them meanwhile.
    func joinCreation(of registry: Registry) {
        let lock = registry.creationLock
        guard !state.pointee.heldCreationLocks.contains(where: { $0 === lock }) else { return }
        lock.lock()
        state.pointee.heldCreationLocks.append(lock)
    }

    /// Publishes `publication` when this resolve succeeds; discards it when it fails.
    func publishOnSuccess(_ publication: any PendingPublication) {
        state.pointee.pendingPublications.append(publication)
    }

    /// The resolver a closure factory of `registry` receives during this resolve.
    func resolver(for registry: Registry) -> Resolver {
        if let existing = state.pointee.resolvers.first(where: { $0.registry === registry }) { return existing }
        let resolver = Resolver(registry: registry, state: state)
        state.pointee.resolvers.append(resolver)
        return resolver
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
        if FactoryFrames.isRunning(producer, outside: state) {
            throw ResolutionError(.factoryReentered(producer.key, location: producer.origin.location))
        }
        let mark = state.pointee.beginConstruction(producer)
        defer { state.pointee.endConstruction(producer, restoring: mark) }
        return try FactoryFrames.running(producer, in: state, make)
    }
}
