/// A ``CustomScope``, or `.singleton` in a container whose singletons were made resettable: one
/// instance per generation of its `ScopeStorage`, which a reset ends.
///
/// Creation follows `SingletonProducer` (the same creation lock, shared with the singletons of its
/// cycle, the same publication rules), but the instance is kept in the storage, and read from it
/// under the storage's lock rather than with one atomic load: a reset may drop it at any time.
/// Within one resolve the instance is also recorded in the resolution, so every use in that graph
/// sees the same one even when a reset comes in between.
///
/// Never a constant of a resolve program, which would keep returning the instance after a reset
/// dropped it: a program asks the storage on each run, and makes the instance in a region
/// it skips while the storage keeps one (see `ResettableRegion`).
///
/// Sendable: `pending` and `isUnderConstruction` are read and written only under `creationLock`,
/// which is replaced only while compiling, before the producer is published; instances live in
/// `storage`, under its lock; `recipe` and `storage` are `let`; the rest is `AnyProducer`'s.
final class ResettableProducer<T>: Producer<T>, @unchecked Sendable, PendingPublication {
    let recipe: Recipe<T>
    /// Unretained: the storage keeps this producer (so that its identifier is never reused while
    /// it keeps an instance of it), and a retain back would form a cycle no release of the
    /// container breaks. Safe: the registry's `scopes` own the storage for the registry's whole
    /// life, and this producer is used only while its registry lives, as `AnyProducer.registry` is.
    private let storageReference: Unowned<ScopeStorage>
    var storage: ScopeStorage { storageReference.object }
    /// Its own lock, or the one it shares with the singletons of its cycle.
    var creationLock: CreationLock
    /// Guarded by the creation lock: made by a resolve that has not finished yet, for a generation.
    private var pending: (value: T, generation: Int)?
    private var isUnderConstruction = false

    init(key: BindingKey, scope: Scope, origin: Origin, registry: Registry, recipe: Recipe<T>, storage: ScopeStorage) {
        self.recipe = recipe
        self.storageReference = Unowned(storage)
        self.creationLock = CreationLock(subject: key)
        super.init(
            key: key, scope: scope, origin: origin, registry: registry, registersEarly: recipe.registersEarly,
            isFactory: recipe.isFactory)
    }

    override func lowering() -> Lowering {
        var made = recipe.lowering(holdsReferences: holdsReferences, shared: true)
        if case .unsupported = made {
            guard recipe.isClosure else { return .unsupported }
            // A closure: called in the region's creation frame (see `makeRecorded`).
            made = keptClosure(recipe)
        }
        return .scoped(ResettableRegion(self), made)
    }

    /// A program's creation of the instance for `generation` (see `ProgramScope.enter`): the
    /// instance kept or made by a deferred creation on this thread, else nil with the creation
    /// lock held and the producer marked under construction.
    fileprivate func enterCreation(generation: Int) throws(ResolutionError) -> AnyObject? {
        if let kept = storage.instance(of: self, in: generation) { return kept }
        let lock = creationLock
        try lock.lock()
        if let kept = storage.instance(of: self, in: generation) {
            lock.unlock()
            return kept
        }
        if let pending = pending, pending.generation == generation {
            lock.unlock()
            return reference(for: pending.value)
        }
        guard !isUnderConstruction else {
            lock.unlock()
            throw ResolutionError(.factoryReentered(key, location: origin.location))
        }
        isUnderConstruction = true
        return nil
    }

    /// Holds the instance a program made, complete, for `generation`, until it is kept or
    /// discarded; the creation lock stays held.
    fileprivate func stageCreation(_ made: AnyObject, generation: Int) {
        isUnderConstruction = false
        pending = (recordedValue(made), generation)
    }

    /// Ends a program's creation that failed.
    fileprivate func abandonCreation() {
        isUnderConstruction = false
        creationLock.unlock()
    }

    func publish() {
        guard let pending = pending else { return }
        self.pending = nil
        storage.keep(reference(for: pending.value), of: self, in: pending.generation)
    }

    func discard() { pending = nil }
}

extension ResettableProducer: SingletonCreation {}

/// A custom scope's (or resettable singleton's) instance as a resolve program makes it: in a
/// region that runs under its creation lock only while the storage keeps none for the run's
/// generation, and keeps it once complete.
private final class ResettableRegion<T>: ProgramScope {
    private let producer: ResettableProducer<T>

    init(_ producer: ResettableProducer<T>) { self.producer = producer }

    override func enter(generation: Int) throws(ResolutionError) -> AnyObject? {
        try producer.enterCreation(generation: generation)
    }
    override func stage(_ object: AnyObject, generation: Int) {
        producer.stageCreation(object, generation: generation)
    }
    override func publish() { producer.publishStaged() }
    override func discard() { producer.discardStaged() }
    override func abandon() { producer.abandonCreation() }
    override var publishes: Bool { true }
    override var storage: ScopeStorage? { producer.storage }
}
