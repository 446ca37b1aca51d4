import Synchronization

/// `.singleton`: one value per container, created exactly once; afterwards a read is one atomic load.
///
/// Created under its own creation lock (shared with its cycle's singletons), so it never waits for an
/// unrelated creation. Published once complete, or later if it read an object made before it (see
/// `ProgramScope.publishes`); a later failure in the resolve never discards it.
///
/// Sendable: `pendingInstance` and `isUnderConstruction` are guarded by `creationLock` (replaced only
/// while compiling); `instance` and `recordedInstance` are written once under it before `isCreated`'s
/// releasing store, and read only after an acquiring load sees true.
final class SingletonProducer<T>: Producer<T>, @unchecked Sendable {
    let recipe: Recipe<T>
    private let isCreated = Atomic<Bool>(false)
    private let instance = WriteOnceStorage<T>()
    /// `instance` as resolutions record it.
    private var recordedInstance: AnyObject?
    /// Guarded by the creation lock: made by a resolve that has not finished yet.
    private var pendingInstance: T?
    private var isUnderConstruction = false
    /// This singleton's own lock, or the one it shares with the singletons of its cycle.
    var creationLock: CreationLock

    init(key: BindingKey, origin: Origin, registry: Registry, recipe: Recipe<T>) {
        self.recipe = recipe
        self.creationLock = CreationLock(subject: key)
        super.init(
            key: key, scope: .singleton, origin: origin, registry: registry, registersEarly: recipe.registersEarly,
            isFactory: recipe.isFactory)
    }

    deinit {
        instance.free(initialized: isCreated.load(ordering: .acquiring))
    }

    override var isSingletonProducer: Bool { true }

    /// Once created, a constant; before, made in a region the program skips once it exists.
    override func lowering() -> Lowering {
        if isCreated.load(ordering: .acquiring), let recordedInstance = recordedInstance {
            return .constant(recordedInstance)
        }
        var made = recipe.lowering(holdsReferences: holdsReferences, shared: true)
        if case .unsupported = made {
            guard recipe.isClosure else { return .unsupported }
            // A closure: called in the region's creation frame (see `makeRecorded`).
            made = keptClosure(recipe)
        }
        return .scoped(SingletonRegion(self), made)
    }

    override func resolveTopLevel() throws -> T {
        if isCreated.load(ordering: .acquiring) { return instance.value }
        return try createTopLevel()
    }

    override func readyTopLevelResult() throws -> RecordedResult? {
        guard isCreated.load(ordering: .acquiring), let recordedInstance = recordedInstance else { return nil }
        return RecordedResult(retaining: recordedInstance)
    }

    @inline(never)
    private func createTopLevel() throws -> T { try super.resolveTopLevel() }

    /// A program's entry into the creation (see `ProgramScope.enter`): the instance, made or staged by
    /// this thread; else nil, with the lock held and the singleton marked under construction.
    fileprivate func enterCreation() throws(ResolutionError) -> AnyObject? {
        if isCreated.load(ordering: .acquiring) { return recordedInstance }
        let lock = creationLock
        try lock.lock()
        if isCreated.load(ordering: .acquiring) {
            lock.unlock()
            return recordedInstance
        }
        if let pendingInstance = pendingInstance {
            lock.unlock()
            return reference(for: pendingInstance)
        }
        guard !isUnderConstruction else {
            lock.unlock()
            // Reached again from a resolve started inside its own creation, before it exists.
            throw ResolutionError(.factoryReentered(key, location: origin.location))
        }
        isUnderConstruction = true
        return nil
    }

    fileprivate func stageCreation(_ made: AnyObject) {
        isUnderConstruction = false
        pendingInstance = recordedValue(made)
    }

    fileprivate func abandonCreation() {
        isUnderConstruction = false
        creationLock.unlock()
    }

    fileprivate func publish() {
        guard let pendingInstance = pendingInstance else { return }
        instance.initialize(to: pendingInstance)
        recordedInstance = reference(for: pendingInstance)
        self.pendingInstance = nil
        isCreated.store(true, ordering: .releasing)
    }

    fileprivate func discard() { pendingInstance = nil }
}

/// A singleton's first creation in a program: a region run under its creation lock only while it does
/// not exist, which publishes it once complete.
private final class SingletonRegion<T>: ProgramScope {
    private let producer: SingletonProducer<T>

    init(_ producer: SingletonProducer<T>) { self.producer = producer }

    override func enter(generation: Int) throws(ResolutionError) -> AnyObject? { try producer.enterCreation() }
    override func stage(_ object: AnyObject, generation: Int) { producer.stageCreation(object) }
    override func publish() {
        producer.publish()
        producer.creationLock.unlock()
    }
    override func discard() {
        producer.discard()
        producer.creationLock.unlock()
    }
    override func abandon() { producer.abandonCreation() }
    override var publishes: Bool { true }
    override var becomesConstant: Bool { true }
}
