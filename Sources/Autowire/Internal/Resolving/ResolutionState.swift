import Synchronization

/// The state of one top-level resolve: which producers already have an instance in this object
/// graph (the `.graph` scope, cycles), which factories are under construction, and which
/// singletons it created.
///
/// It lives on the stack of the outermost `resolve`; its table is an open-addressing hash set keyed
/// by producer identity, in a fixed stack buffer when small, so a resolve allocates nothing but
/// the objects it creates.
///
/// The table is two parallel arrays: trivial slots (set up with a plain fill) and the recorded
/// instances, initialized only for slots that have one. Instances are references: class
/// instances as they are, values boxed (see `Producer.reference(for:)`), so reading one back never
/// casts. Every method that touches the table is `mutating`, so calls through
/// `Resolution.state.pointee` pass the state by address instead of copying it.
@safe struct ResolutionState {
    struct Slot {
        /// The producer's identity; `0` marks an empty slot.
        var producer: UInt
        /// `constructionMark`, stored one higher, so that an empty slot is all zero bits: the stack
        /// table, zeroed as it is made, needs no second pass (see `Resolution.run`). (32 bits,
        /// like `recordedAt`, keep a slot three words: 16 of them fit the stack table.)
        private var markPlusOne: Int32 = 0
        /// The value of `registrations` when the instance was recorded.
        var recordedAt: Int32 = 0
        /// Whether `instances` holds an initialized reference at this slot's index.
        var hasInstance = false
        /// Whether an object of the producer is between its `init()` and the end of its injection.
        var isBuilding = false

        /// The value of `registrations` when the producer started constructing, or `-1`.
        var constructionMark: Int32 {
            get { markPlusOne &- 1 }
            set { markPlusOne = newValue &+ 1 }
        }

        static var empty: Slot { Slot(producer: 0) }
    }

    enum Lookup {
        case absent
        case instance(AnyObject)
        case underConstruction(since: Int)
    }

    /// Bytes of table memory one slot needs: the slot and its instance.
    static let bytesPerSlot = MemoryLayout<Slot>.stride + MemoryLayout<AnyObject>.stride

    private var slots: UnsafeMutablePointer<Slot>
    private var instances: UnsafeMutablePointer<AnyObject>
    private var capacity: Int
    private var tableOnHeap = false
    private var count = 0
    /// How many slots hold an instance: `finish` stops once it has released them all.
    private var instanceCount = 0
    /// Grows each time an instance is recorded: lets a re-entered factory tell whether the
    /// recursion made progress (it may close) or not (it never will).
    private(set) var registrations = 0
    /// Grows each time the table is reallocated, which moves slots: a slot index is valid only
    /// while it stays the same.
    private(set) var generation = 0
    /// The number that tells this resolve from any other, given when a closure factory first
    /// receives a `Resolver` (0 until then): resolvers find their resolve by it (see `Resolver`).
    private(set) var serial: UInt = 0
    /// The runtime value an `AssistedFactory.make(_:)` call passes to what it creates.
    let seed: BorrowedValue?
    /// The request of a `RequestScope` resolve.
    let request: BorrowedValue?
    /// The resolve this one was started in on the same thread (from an `init()`, a `didSet`, a
    /// factory), if any: what it is building must not be started again here.
    var outer: ActiveResolve?
    /// The singleton creations under way in this resolve, innermost last. Here rather than in
    /// `pendingWork`: every instance read checks it, and each access to a class's property is
    /// checked for exclusivity at run time (about 90 instructions).
    var creationFrames: [CreationFrame] = []
    /// How many objects the container keeps (singletons, custom-scope, resettable and `.weak`
    /// instances) this resolve is making, one inside another: handles and resolvers made while
    /// it is not zero hold their container weakly (see `RegistryReference`).
    var keptCreations = 0
    /// Work deferred to the end and fills waiting for a factory: made the first time one is
    /// needed. Most resolves need none, and then start and end without those arrays to set up and
    /// release.
    private var pendingWork: PendingWork?
    /// The part of this thread's stack the resolve may use, read once when it starts.
    let stack: StackBounds

    /// Sets up an empty table of `capacity` slots (a power of two) in `memory`, which must hold
    /// `capacity * bytesPerSlot` bytes aligned for a word; `isZeroed` when those bytes are all
    /// zero already, which is an empty table.
    init(
        memory: UnsafeMutableRawPointer, capacity: Int, isZeroed: Bool = false, seed: BorrowedValue? = nil,
        request: BorrowedValue? = nil
    ) {
        unsafe (slots, instances) = unsafe Self.carve(memory, capacity: capacity, isZeroed: isZeroed)
        self.capacity = capacity
        self.seed = seed
        self.request = request
        self.stack = .current
    }

    private static func carve(_ memory: UnsafeMutableRawPointer, capacity: Int, isZeroed: Bool = false)
        -> (UnsafeMutablePointer<Slot>, UnsafeMutablePointer<AnyObject>)
    {
        let instances = unsafe memory.bindMemory(to: AnyObject.self, capacity: capacity)
        let slots = unsafe (memory + capacity * MemoryLayout<AnyObject>.stride).bindMemory(
            to: Slot.self, capacity: capacity)
        // Zeroed memory is empty slots already (see `Slot.markPlusOne`): a slot has no references,
        // so zero bits are a valid, initialized `Slot`.
        if !isZeroed { unsafe slots.initialize(repeating: .empty, count: capacity) }
        return unsafe (slots, instances)
    }

    /// The slot where probing for `producer` starts, in a table of `mask + 1` slots.
    ///
    /// Objects are 16-byte aligned, so the address's low bits are always zero; a Fibonacci hash
    /// takes high bits of the product instead. (`>>` binds tighter than `&*`, hence the parentheses:
    /// without them every producer started at slot 0 and each lookup probed linearly.)
    @inline(__always)
    static func home(of producer: ObjectIdentifier, mask: Int) -> Int {
        home(of: UInt(bitPattern: producer), mask: mask)
    }

    @inline(__always)
    private static func home(of producer: UInt, mask: Int) -> Int {
        Int(truncatingIfNeeded: AddressHash.upperBits(producer)) & mask
    }

    @inline(__always)
    private mutating func index(for producer: UInt) -> (index: Int, found: Bool) {
        let mask = capacity - 1
        var index = Self.home(of: producer, mask: mask)
        while true {
            let occupant = unsafe slots[index].producer
            if occupant == producer { return (index, true) }
            if occupant == 0 { return (index, false) }
            index = (index + 1) & mask
        }
    }

    @inline(__always)
    private static func identity(_ producer: AnyProducer) -> UInt {
        UInt(bitPattern: ObjectIdentifier(producer))
    }

    mutating func lookup(_ producer: AnyProducer) -> Lookup {
        let (index, found) = index(for: Self.identity(producer))
        guard found else { return .absent }
        if unsafe slots[index].hasInstance {
            unsafe noteRead(recordedAt: slots[index].recordedAt)
            return unsafe .instance(instances[index])
        }
        let mark = unsafe Int(slots[index].constructionMark)
        return mark >= 0 ? .underConstruction(since: mark) : .absent
    }

    /// Records the instance a producer made for this object graph.
    mutating func record(_ producer: AnyProducer, instance: AnyObject) {
        record(instance, at: claim(Self.identity(producer)))
    }

    /// Marks a producer as under construction; returns the previous mark to restore afterwards.
    mutating func beginConstruction(_ producer: AnyProducer) -> Int {
        let index = claim(Self.identity(producer))
        let previous = unsafe Int(slots[index].constructionMark)
        unsafe slots[index].constructionMark = Int32(truncatingIfNeeded: registrations)
        return previous
    }

    mutating func endConstruction(_ producer: AnyProducer, restoring mark: Int) {
        let (index, found) = index(for: Self.identity(producer))
        if found { unsafe slots[index].constructionMark = Int32(truncatingIfNeeded: mark) }
    }

    /// The slot of `producer`, claimed if it had none (then empty: no instance, no mark).
    @inline(__always)
    mutating func slot(claiming producer: AnyProducer) -> Int { claim(Self.identity(producer)) }

    /// The instance recorded in slot `index`, if any.
    @inline(__always)
    mutating func instance(at index: Int) -> AnyObject? {
        guard unsafe slots[index].hasInstance else { return nil }
        unsafe noteRead(recordedAt: slots[index].recordedAt)
        return unsafe instances[index]
    }

    @inline(__always)
    mutating func constructionMark(at index: Int) -> Int { unsafe Int(slots[index].constructionMark) }

    @inline(__always)
    mutating func setConstructionMark(_ mark: Int, at index: Int) {
        unsafe slots[index].constructionMark = Int32(truncatingIfNeeded: mark)
    }

    /// Notes, for the innermost singleton creation, that it read an instance recorded at
    /// `recordedAt`: one recorded before the creation started may still be under construction, so
    /// the singleton is then published only with the creation that recorded it.
    @inline(__always)
    private mutating func noteRead(recordedAt: Int32) {
        guard !creationFrames.isEmpty else { return }
        let innermost = creationFrames.count - 1
        let recorded = Int(recordedAt)
        if recorded < creationFrames[innermost].earliestRead { creationFrames[innermost].earliestRead = recorded }
    }

    /// The pending work, made if there was none.
    private mutating func pending() -> PendingWork {
        if let pendingWork { return pendingWork }
        let made = PendingWork()
        pendingWork = made
        return made
    }

    /// Whether fills wait for a running factory.
    @inline(__always)
    mutating func hasWaitingFills() -> Bool { pendingWork.map { !$0.waitingFills.isEmpty } ?? false }

    /// Makes `fill` wait for its factory.
    mutating func addWaitingFill(_ fill: WaitingFill) { pending().waitingFills.append(fill) }

    /// Takes out the fills waiting for `producer`'s value.
    mutating func takeWaitingFills(for producer: AnyProducer) -> [WaitingFill] {
        let identity = Self.identity(producer)
        var taken: [WaitingFill] = []
        pendingWork?.waitingFills.removeAll { fill in
            guard fill.factory == identity else { return false }
            taken.append(fill)
            return true
        }
        return taken
    }

    /// Records `instance` in slot `index` (valid for the current `generation`). Inlined: once per
    /// object the recursive path makes.
    @inline(__always)
    mutating func record(_ instance: consuming AnyObject, at index: Int) {
        if unsafe slots[index].hasInstance {
            unsafe instances[index] = instance
        } else {
            unsafe (instances + index).initialize(to: instance)
            unsafe slots[index].hasInstance = true
            instanceCount &+= 1
        }
        unsafe slots[index].constructionMark = -1
        unsafe slots[index].recordedAt = Int32(truncatingIfNeeded: registrations)
        registrations &+= 1
    }

    /// The instance slot `index` holds: read only right after `record` initialized that slot, in
    /// the same table generation.
    func recorded(at index: Int) -> AnyObject { unsafe instances[index] }

    // Inlined with `record`, and `grow` kept out of line: the calls cost 48 instructions of a graph
    // of six objects that closure factories make (callgrind).
    @inline(__always)
    private mutating func claim(_ producer: UInt) -> Int {
        var (index, found) = index(for: producer)
        if !found {
            // Wrapping arithmetic: counts never exceed the capacity, an allocation's size.
            if (count &+ 1) &* 2 > capacity {
                grow()
                index = self.index(for: producer).index
            }
            unsafe slots[index].producer = producer
            count &+= 1
        }
        return index
    }

    @inline(never)
    private mutating func grow() {
        let (oldSlots, oldInstances, oldCapacity, oldOnHeap) = unsafe (slots, instances, capacity, tableOnHeap)
        capacity = oldCapacity * 2
        generation += 1
        let memory = UnsafeMutableRawPointer.allocate(
            byteCount: capacity * Self.bytesPerSlot, alignment: MemoryLayout<AnyObject>.alignment)
        unsafe (slots, instances) = unsafe Self.carve(memory, capacity: capacity)
        tableOnHeap = true
        for old in 0..<oldCapacity where unsafe oldSlots[old].producer != 0 {
            let index = unsafe index(for: oldSlots[old].producer).index
            unsafe slots[index] = unsafe oldSlots[old]
            if unsafe oldSlots[old].hasInstance {
                unsafe (instances + index).moveInitialize(from: oldInstances + old, count: 1)
            }
        }
        if oldOnHeap {
            unsafe UnsafeMutableRawPointer(oldInstances).deallocate()
        } else {
            // The old table belongs to the caller's stack frame, which releases it.
        }
    }

    /// Marks `producer` as building an object until `end` is called with the returned token.
    mutating func beginBuilding(_ producer: AnyProducer) -> BuildingToken {
        let index = claim(Self.identity(producer))
        let wasBuilding = unsafe slots[index].isBuilding
        unsafe slots[index].isBuilding = true
        return (index, generation, wasBuilding)
    }

    mutating func endBuilding(_ producer: AnyProducer, _ token: BuildingToken) {
        let index = token.generation == generation ? token.index : claim(Self.identity(producer))
        unsafe slots[index].isBuilding = token.wasBuilding
    }

    /// Whether `producer` is building an object in this resolve.
    mutating func isBuilding(_ producer: AnyProducer) -> Bool {
        let (index, found) = index(for: Self.identity(producer))
        return unsafe found && slots[index].isBuilding
    }

    /// Whether `producer`'s factory is running in this resolve: marked, and nothing recorded yet.
    mutating func isConstructing(_ producer: AnyProducer) -> Bool {
        let (index, found) = index(for: Self.identity(producer))
        return unsafe found && !slots[index].hasInstance && slots[index].constructionMark >= 0
    }

    /// Starts a singleton creation, or an object whose hook must wait until what it reads is
    /// complete.
    mutating func beginCreation(ofSingleton isSingleton: Bool = false) {
        creationFrames.append(CreationFrame(start: registrations, isSingleton: isSingleton))
    }

    /// Whether what is made now is an object the container keeps or made inside its creation.
    var isMakingKeptObject: Bool { keptCreations > 0 }

    /// Whether a singleton is being created in this resolve (its graph is being built).
    mutating func isCreatingSingleton() -> Bool { creationFrames.contains(where: \.isSingleton) }

    /// Ends the innermost frame, which made `creation` (a singleton) or an object with `hook`.
    /// When it read nothing still under construction outside itself, its hooks run (objects reached
    /// first, first) and then its singletons are published; else they wait for the enclosing frame,
    /// or for the end of the resolve.
    ///
    /// - Throws: the first hook's error; the frame's singletons are then discarded.
    mutating func endCreation(_ creation: Creation?, hook: PendingHook? = nil) throws(ResolutionError) {
        guard var frame = creationFrames.popLast() else {
            try hook?.run()
            creation?.publish()
            return
        }
        if let creation { frame.deferred.append(creation) }
        if let hook { frame.hooks.append(hook) }
        if frame.earliestRead >= frame.start {
            do {
                for pending in frame.hooks { try pending.run() }
            } catch {
                for deferred in frame.deferred.reversed() { deferred.discard() }
                throw error
            }
            for finished in frame.deferred { finished.publish() }
        } else if creationFrames.isEmpty {
            let pendingWork = pending()
            pendingWork.creationsDeferredToEnd += frame.deferred
            pendingWork.hooksDeferredToEnd += frame.hooks
        } else {
            let outer = creationFrames.count - 1
            creationFrames[outer].deferred += frame.deferred
            creationFrames[outer].hooks += frame.hooks
            creationFrames[outer].earliestRead = min(creationFrames[outer].earliestRead, frame.earliestRead)
        }
    }

    /// Ends the innermost frame, which failed: its singletons and what was deferred to it are
    /// discarded, its hooks never run. (Deferred creations read into it, so they cannot outlive it.)
    mutating func abandonCreation() {
        guard let frame = creationFrames.popLast() else { return }
        for deferred in frame.deferred.reversed() { deferred.discard() }
    }

    /// Notes, for the innermost frame, that an object it made still waits for a running factory:
    /// its hooks and singletons wait until the end of the resolve.
    mutating func noteWaitingFill() {
        guard !creationFrames.isEmpty else { return }
        creationFrames[creationFrames.count - 1].earliestRead = -1
    }

    /// Whether hooks or publications wait for the end of the resolve.
    /// Mutating, as every member read through `Resolution.state.pointee`: a getter would copy the
    /// whole state (a retain of each of its references) to read two counts.
    mutating func hasWorkDeferredToEnd() -> Bool {
        guard let pendingWork else { return false }
        return !pendingWork.creationsDeferredToEnd.isEmpty || !pendingWork.hooksDeferredToEnd.isEmpty
    }

    /// Runs the hooks deferred to the end of this successful resolve, then publishes the
    /// singletons deferred to it, releasing the locks they kept.
    ///
    /// - Throws: the first hook's error; everything deferred is then discarded.
    mutating func completeDeferred() throws(ResolutionError) {
        guard let pendingWork else { return }
        let hooks = pendingWork.hooksDeferredToEnd
        pendingWork.hooksDeferredToEnd = []
        do {
            for pending in hooks { try pending.run() }
        } catch {
            discardDeferred()
            throw error
        }
        let finished = pendingWork.creationsDeferredToEnd
        pendingWork.creationsDeferredToEnd = []
        for creation in finished { creation.publish() }
    }

    /// Discards what a failed resolve deferred, releasing the locks it kept; runs no hook.
    mutating func discardDeferred() {
        while let frame = creationFrames.popLast() {
            for deferred in frame.deferred.reversed() { deferred.discard() }
        }
        guard let pendingWork else { return }
        pendingWork.hooksDeferredToEnd = []
        let finished = pendingWork.creationsDeferredToEnd
        pendingWork.creationsDeferredToEnd = []
        for creation in finished { creation.discard() }
    }

    /// Calls `body` with each recorded instance and the identity of its producer (the bits of its
    /// `ObjectIdentifier`), for validation, which looks at what a resolve leaves alive.
    mutating func forEachInstance(_ body: (UInt, AnyObject) -> Void) {
        for index in 0..<capacity where unsafe slots[index].hasInstance {
            unsafe body(slots[index].producer, instances[index])
        }
    }

    /// Gives the resolve its `serial`, unique in the process.
    @inline(never)
    mutating func numberForResolvers() {
        serial = Self.lastSerial.add(1, ordering: .relaxed).newValue
    }

    private static let lastSerial = Atomic<UInt>(0)

    /// Ends the resolve: the recorded instances are released.
    mutating func finish() {
        var remaining = instanceCount
        var index = 0
        while remaining > 0 {
            if unsafe slots[index].hasInstance {
                unsafe (instances + index).deinitialize(count: 1)
                remaining -= 1
            }
            index += 1
        }
        if tableOnHeap { unsafe UnsafeMutableRawPointer(instances).deallocate() }
    }
}

/// A handle on the ongoing top-level resolve, passed down through every producer and step.
@usableFromInline
@safe struct Resolution {
    let state: UnsafeMutablePointer<ResolutionState>

    /// Where the state lies, which a `Resolver` keeps as a number (see `Resolver.state`).
    var address: UInt { UInt(bitPattern: unsafe state) }
    /// The number that tells this resolve from a later one at the same address.
    var serial: UInt { unsafe state.pointee.serial }

    /// Makes what this resolve creates kept, as for an object the container keeps (see
    /// `Producer.resolveTopLevelForKeptObject()`).
    func keepsWhatItMakes() { unsafe state.pointee.keptCreations = 1 }

    /// Runs `body` as a new top-level resolve whose table fits `capacity` recorded instances. `key`
    /// is `ActiveResolutions.key`: a caller that keeps a copy (the registry does) saves reading the
    /// lazy global.
    ///
    /// A table of up to 16 slots lives in a fixed buffer on this stack frame; larger ones take one
    /// heap allocation. (`withUnsafeTemporaryAllocation` was avoided: through an unspecialized
    /// caller it instantiates `Result` metadata on every call.)
    @inline(__always)
    static func run<R>(
        capacity: Int, seed: BorrowedValue? = nil, request: BorrowedValue? = nil,
        key: ActiveResolutions.Key? = ActiveResolutions.key, _ body: (Resolution) throws -> R
    ) throws -> R {
        var size = SmallTable.slots
        while size < capacity * 2 { size *= 2 }
        if size == SmallTable.slots, MemoryLayout<SmallTable>.size >= size * ResolutionState.bytesPerSlot {
            var table = SmallTable()
            return unsafe try withUnsafeMutablePointer(to: &table) { table in
                unsafe try run(
                    in: UnsafeMutableRawPointer(table), capacity: size, isZeroed: true, seed: seed, request: request,
                    key: key, body)
            }
        }
        let memory = UnsafeMutableRawPointer.allocate(
            byteCount: size * ResolutionState.bytesPerSlot, alignment: MemoryLayout<AnyObject>.alignment)
        defer { unsafe memory.deallocate() }
        return unsafe try run(in: memory, capacity: size, seed: seed, request: request, key: key, body)
    }

    @inline(__always)
    private static func run<R>(
        in memory: UnsafeMutableRawPointer, capacity: Int, isZeroed: Bool = false, seed: BorrowedValue?,
        request: BorrowedValue?, key: ActiveResolutions.Key?, _ body: (Resolution) throws -> R
    ) throws -> R {
        var state = unsafe ResolutionState(
            memory: memory, capacity: capacity, isZeroed: isZeroed, seed: seed, request: request)
        return unsafe try withUnsafeMutablePointer(to: &state) { state in
            defer { unsafe state.pointee.finish() }
            let cell: ActiveResolutions.Cell?
            unsafe (cell, state.pointee.outer) = unsafe ActiveResolutions.enter(state, key: key)
            defer { unsafe ActiveResolutions.leave(cell, restoring: state.pointee.outer) }
            do {
                let result = unsafe try body(Resolution(state: state))
                if unsafe state.pointee.hasWorkDeferredToEnd() { unsafe try state.pointee.completeDeferred() }
                return result
            } catch {
                unsafe state.pointee.discardDeferred()
                throw error
            }
        }
    }

    func lookup(_ producer: AnyProducer) -> ResolutionState.Lookup { unsafe state.pointee.lookup(producer) }

    /// Throws `resolution-too-deep` when the caller runs in the reserve at the bottom of the
    /// thread's stack: called once per object a producer makes, before the user's code runs, so a
    /// resolve too deep for its thread fails instead of overflowing. One comparison.
    @inline(__always)
    func checkDepth() throws {
        if unsafe state.pointee.stack.isExhausted() { throw tooDeep() }
    }

    @inline(never)
    private func tooDeep() -> ResolutionError {
        unsafe ResolutionError(.resolutionTooDeep(stackSize: state.pointee.stack.size, path: []))
    }

    func record(_ producer: AnyProducer, instance: AnyObject) {
        unsafe state.pointee.record(producer, instance: instance)
    }

    /// Marks `producer` as building an object (its `init()` and injection) until `endBuilding`,
    /// refusing to start when a resolve this one was started in is building one already: `init()`
    /// or a `didSet` resolving something that needs its own class would otherwise recurse until
    /// the stack overflows. (A pair of calls rather than a closure: one frame less per level of a
    /// deep graph.)
    @inline(__always)
    func beginBuilding(_ producer: AnyProducer) throws -> BuildingToken {
        if unsafe state.pointee.outer != nil, unsafe ActiveResolutions.isBuilding(producer, outside: state) {
            throw ResolutionError(.rebuiltWhileBuilding(producer.key))
        }
        return unsafe state.pointee.beginBuilding(producer)
    }

    @inline(__always)
    func endBuilding(_ producer: AnyProducer, _ token: BuildingToken) {
        unsafe state.pointee.endBuilding(producer, token)
    }

    /// The resolver a closure factory of `registry` receives during this resolve, for an object
    /// the container keeps (see `isMakingKeptObject`): it holds the container weakly.
    @inline(never)
    func keptObjectResolver(for registry: Registry) -> Resolver {
        if unsafe state.pointee.serial == 0 { unsafe state.pointee.numberForResolvers() }
        return Resolver(weaklyOn: registry, resolution: self)
    }

    /// The resolver a closure factory of `registry` receives during this resolve, for an object
    /// the container does not keep.
    @inline(__always)
    func resolver(for registry: Registry) -> Resolver {
        if unsafe state.pointee.serial == 0 { unsafe state.pointee.numberForResolvers() }
        return Resolver(registry: registry, resolution: self)
    }

    /// Whether a property fill that met `producer` and got `error` can wait for its value: the
    /// producer is a shared factory still running in this resolve (the cycle check accepted the
    /// cycle for the same reason, see `Edge.waitsForRunningFactory`).
    func canWait(for requested: AnyProducer, after error: ResolutionError) -> Bool {
        // Through aliases, the fill waits for the factory they hand on.
        let producer = error.code == .unclosableCycle ? requested.valueMaker : requested
        guard error.code == .unclosableCycle, producer.isFactory, producer.scope != .transient,
            producer.scope != .weak,
            case .underConstruction = lookup(producer)
        else { return false }
        return true
    }

    /// Makes `store` fill `object` with `requested`'s value once the factory that makes it (itself,
    /// or the one its aliases hand on) returns.
    func wait(for requested: AnyProducer, toFill object: AnyObject, with store: ProgramStore) {
        let producer = requested.valueMaker
        unsafe state.pointee.addWaitingFill(
            WaitingFill(
                factory: UInt(bitPattern: ObjectIdentifier(producer)), object: object, store: store,
                throughAliases: producer === requested ? nil : requested))
        unsafe state.pointee.noteWaitingFill()
    }

    /// Writes the fills that waited for `producer`'s value, now recorded as `instance`.
    ///
    /// - Throws: what converting it for a fill that waited through an alias throws (an
    ///   implementation that does not conform to the protocol it is bound to).
    @inline(__always)
    func fillWaiting(for producer: AnyProducer, with instance: AnyObject) throws {
        guard unsafe state.pointee.hasWaitingFills() else { return }
        try fillWaitingSlowly(for: producer, with: instance)
    }

    @inline(never)
    private func fillWaitingSlowly(for producer: AnyProducer, with instance: AnyObject) throws {
        // Taken out first: the setters are user code, which may resolve again.
        for fill in unsafe state.pointee.takeWaitingFills(for: producer) {
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
        let index = unsafe state.pointee.slot(claiming: producer)
        if let existing = unsafe state.pointee.instance(at: index) { return try recording.value(from: existing) }
        if unsafe state.pointee.constructionMark(at: index) >= 0
            || (isConstructingOutside(producer) && !producer.key.isAssistedTarget)
        {
            throw ResolutionError(.factoryReentered(producer.key, location: producer.origin.location))
        }
        let generation = unsafe state.pointee.generation
        unsafe state.pointee.setConstructionMark(state.pointee.registrations, at: index)
        let value: Maker.Value
        do {
            value = try maker.make(in: self)
        } catch {
            unsafe state.pointee.endConstruction(producer, restoring: -1)
            throw error
        }
        let slot = unsafe state.pointee.generation == generation ? index : state.pointee.slot(claiming: producer)
        // The table takes the reference over; the waiting fills, if any, read it from there.
        unsafe state.pointee.record(recording.reference(for: value), at: slot)
        if unsafe state.pointee.hasWaitingFills() {
            unsafe try fillWaitingSlowly(for: producer, with: state.pointee.recorded(at: slot))
        }
        return value
    }

    /// Runs a factory under the re-entry guard: a factory met again before it returned is a cycle,
    /// unless the recursion recorded new instances since (then a `.graph` object further on closes
    /// it).
    func constructing<T>(_ producer: AnyProducer, allowsProgress: Bool, _ make: () throws -> T) throws -> T {
        if case .underConstruction(let since) = lookup(producer),
            unsafe !allowsProgress || since == state.pointee.registrations
        {
            throw ResolutionError(.factoryReentered(producer.key, location: producer.origin.location))
        }
        // Met again from a fresh resolve the factory itself started (e.g. `Provider.get()`): that
        // resolve sees none of this one's instances, so it would start the factory forever.
        if isConstructingOutside(producer), !producer.key.isAssistedTarget {
            throw ResolutionError(.factoryReentered(producer.key, location: producer.origin.location))
        }
        let mark = unsafe state.pointee.beginConstruction(producer)
        defer { unsafe state.pointee.endConstruction(producer, restoring: mark) }
        return try make()
    }

    /// Whether a resolve enclosing this one on this thread runs `producer`'s factory.
    @inline(__always)
    private func isConstructingOutside(_ producer: AnyProducer) -> Bool {
        unsafe state.pointee.outer != nil && ActiveResolutions.isConstructing(producer, outside: state)
    }
}

/// A property fill waiting for a running factory's value.
struct WaitingFill {
    /// The identity of the factory's producer.
    let factory: UInt
    let object: AnyObject
    let store: ProgramStore
    /// The alias the property asked, when it met the factory through aliases: the factory's
    /// product is converted as they convert it.
    let throughAliases: AnyProducer?
}

/// What a resolve keeps only while work waits for its end, or fills wait for a running factory.
/// Owned by one resolve's state, on one thread.
final class PendingWork {
    /// Singletons that read what this resolve was still building outside any creation: published
    /// (and their locks released) only when the whole resolve succeeds.
    var creationsDeferredToEnd: [Creation] = []
    /// Hooks of objects that read what this resolve was still building outside any frame: run
    /// once the whole resolve is built.
    var hooksDeferredToEnd: [PendingHook] = []
    /// Property fills waiting for a factory still running in this resolve, written when it
    /// returns: a cycle through a constructor that closes through a property.
    var waitingFills: [WaitingFill] = []
}

/// Where a producer's building mark is, and what it was before: valid while `generation` holds.
typealias BuildingToken = (index: Int, generation: Int, wasBuilding: Bool)

/// A singleton made in a resolve, not yet published, and the lock (held) under which it was made.
struct Creation {
    let publication: any PendingPublication
    let lock: CreationLock

    /// Makes the singleton visible to every thread, then lets waiting threads in.
    func publish() {
        publication.publish()
        lock.unlock()
    }

    func discard() {
        publication.discard()
        lock.unlock()
    }
}

/// A singleton creation, or an object with a hook, under way in a resolve.
struct CreationFrame {
    /// `registrations` when it started: instances recorded before lie outside it.
    let start: Int
    /// The earliest record it read: below `start`, it read something outside itself that may
    /// still be under construction.
    var earliestRead: Int
    /// Creations nested in it that read into it, published with it.
    var deferred: [Creation] = []
    /// Hooks of objects made in it, run when it completes.
    var hooks: [PendingHook] = []
    /// Whether it creates a singleton, rather than waiting to call a hook.
    let isSingleton: Bool

    init(start: Int, isSingleton: Bool) {
        self.start = start
        self.earliestRead = start
        self.isSingleton = isSingleton
    }
}

/// Stack memory for a 16-slot resolution table: 16 × (24-byte slot + 8-byte reference) = 64
/// words, with room to spare. `Resolution.run` checks the size before using it. Made zeroed,
/// which is a table of empty slots (see `ResolutionState.Slot`).
private struct SmallTable {
    typealias Words8 = (UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt)
    typealias Words16 = (Words8, Words8)
    typealias Words32 = (Words16, Words16)
    typealias Words64 = (Words32, Words32)

    static let slots = 16

    var words: Words64 = (((w, w), (w, w)), ((w, w), (w, w)))

    private static let w: Words8 = (0, 0, 0, 0, 0, 0, 0, 0)
}
