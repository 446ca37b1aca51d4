import Synchronization

/// The state of one top-level resolve: which producers already have an instance in this object graph
/// (the `.graph` scope, cycles), which factories are under construction, which singletons it created.
/// It lives on the stack of the run that owns it, with its first table (see `ResolutionSpace`), so a
/// resolve allocates nothing but its objects until the table grows. Methods that touch the table are
/// `mutating`: calls through `Resolution.pointee` then pass the state by address.
struct ResolutionState {
    enum Lookup {
        case absent
        case instance(AnyObject)
        case underConstruction(since: Int)
    }

    /// The instances recorded and the construction marks, keyed by producer.
    private var table: GraphTable
    /// Grows each time an instance is recorded: lets a re-entered factory tell whether the
    /// recursion made progress (it may close) or not (it never will).
    var registrations: Int { table.registrations }
    /// Grows each time the table reallocates, moving slots: a slot index holds only while it stays.
    var generation: Int { table.generation }
    /// The number that tells this resolve from any other, given when a closure factory first
    /// receives a `Resolver` (0 until then): resolvers find their resolve by it (see `Resolver`).
    private(set) var serial: UInt = 0
    let seed: BorrowedValue?
    let request: BorrowedValue?
    /// For a run started inside another resolve on this thread, the run around it: what that one is
    /// building must not be started again here.
    var outer: StackReference<ProgramRun>?
    /// The innermost nested program run in this resolution (see `ResolveProgram.runNested(in:)`),
    /// linked to the ones around it: what they are building is this resolve's.
    var innermostNestedRun: StackReference<ProgramRun>?
    /// The singleton creations under way, innermost last: here, not in `pendingWork`, since every
    /// instance read checks it and each access to a class's property costs an exclusivity check.
    var creationFrames: [CreationFrame] = []
    /// How many kept objects (singletons, custom-scope, resettable, `.weak` instances) this resolve is
    /// making, nested: meanwhile handles and resolvers hold their container weakly (`RegistryReference`).
    var keptCreations = 0
    /// Work deferred to the end and waiting fills, made when first needed: most resolves need none.
    var pendingWork: PendingWork?
    /// The part of this thread's stack the resolve may use, read once when it starts.
    let stack: StackBounds

    /// Inlined: called out of line, it would return the state by a copy.
    @inline(__always)
    init(memory: GraphTableMemory, seed: BorrowedValue? = nil, request: BorrowedValue? = nil) {
        table = GraphTable(in: memory)
        self.seed = seed
        self.request = request
        self.stack = .current
    }

    @inline(__always)
    private static func identity(_ producer: AnyProducer) -> UInt {
        UInt(bitPattern: ObjectIdentifier(producer))
    }

    mutating func lookup(_ producer: AnyProducer) -> Lookup {
        let (index, found) = table.index(for: Self.identity(producer))
        guard found else { return .absent }
        if let (instance, recordedAt) = table.instance(at: index) {
            noteRead(recordedAt: recordedAt)
            return .instance(instance)
        }
        let mark = table.constructionMark(at: index)
        return mark >= 0 ? .underConstruction(since: mark) : .absent
    }

    mutating func record(_ producer: AnyProducer, instance: AnyObject) {
        table.record(instance, at: table.claim(Self.identity(producer)))
    }

    /// Marks a producer as under construction; returns the previous mark to restore afterwards.
    mutating func beginConstruction(_ producer: AnyProducer) -> Int {
        beginConstruction(producer, since: registrations)
    }

    mutating func beginConstruction(_ producer: AnyProducer, since: Int) -> Int {
        let index = slot(claiming: producer)
        let previous = table.constructionMark(at: index)
        table.setConstructionMark(since, at: index)
        return previous
    }

    mutating func endConstruction(_ producer: AnyProducer, restoring mark: Int) {
        let (index, found) = table.index(for: Self.identity(producer))
        if found { table.setConstructionMark(mark, at: index) }
    }

    /// The slot of `producer`, claimed if it had none (then empty: no instance, no mark).
    @inline(__always)
    mutating func slot(claiming producer: AnyProducer) -> Int { table.claim(Self.identity(producer)) }

    @inline(__always)
    mutating func instance(at index: Int) -> AnyObject? {
        guard let (instance, recordedAt) = table.instance(at: index) else { return nil }
        noteRead(recordedAt: recordedAt)
        return instance
    }

    @inline(__always)
    func constructionMark(at index: Int) -> Int { table.constructionMark(at: index) }

    @inline(__always)
    mutating func setConstructionMark(_ mark: Int, at index: Int) { table.setConstructionMark(mark, at: index) }

    /// Notes, for the innermost singleton creation, a read of an instance recorded at `recordedAt`: one
    /// recorded before the creation began may be unfinished, so the singleton is then published only
    /// with the creation that recorded it.
    @inline(__always)
    private mutating func noteRead(recordedAt: Int32) {
        guard !creationFrames.isEmpty else { return }
        let innermost = creationFrames.count - 1
        let recorded = Int(recordedAt)
        if recorded < creationFrames[innermost].earliestRead { creationFrames[innermost].earliestRead = recorded }
    }

    mutating func pending() -> PendingWork {
        if let pendingWork { return pendingWork }
        let made = PendingWork()
        pendingWork = made
        return made
    }

    @inline(__always)
    mutating func hasWaitingFills() -> Bool { pendingWork.map { !$0.waitingFills.isEmpty } ?? false }

    mutating func addWaitingFill(_ fill: WaitingFill) { pending().waitingFills.append(fill) }

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

    /// Records `instance` in slot `index` (valid for the current `generation`).
    @inline(__always)
    mutating func record(_ instance: consuming AnyObject, at index: Int) { table.record(instance, at: index) }

    /// The instance slot `index` holds: read right after `record` filled that slot.
    func recorded(at index: Int) -> AnyObject? { table.instance(at: index)?.object }

    /// Whether `producer`'s factory is running in this resolve: marked, and nothing recorded yet.
    mutating func isConstructing(_ producer: AnyProducer) -> Bool { isConstructing(ObjectIdentifier(producer)) }

    mutating func isConstructing(_ producer: ObjectIdentifier) -> Bool {
        let (index, found) = table.index(for: UInt(bitPattern: producer))
        return found && !table.hasInstance(at: index) && table.constructionMark(at: index) >= 0
    }

    /// Calls `body` with each recorded instance and its producer's identity bits (for validation).
    mutating func forEachInstance(_ body: (UInt, AnyObject) -> Void) { table.forEachInstance(body) }

    @inline(never)
    mutating func numberForResolvers() {
        serial = Self.lastSerial.add(1, ordering: .relaxed).newValue
    }

    private static let lastSerial = Atomic<UInt>(0)

    /// Ends the resolve: the recorded instances are released.
    mutating func finish() { table.finish() }
}
