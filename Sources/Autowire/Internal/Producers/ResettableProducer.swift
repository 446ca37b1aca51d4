/// A ``CustomScope``, or `.singleton` made resettable: one instance per generation of its
/// `ScopeStorage`.
///
/// Created as a `SingletonProducer` is, but kept in the storage and read under its lock, since a reset
/// may drop it at any time; never a program constant, which would outlive a reset (see
/// `ResettableRegion`). The resolution also records it, so one graph sees one instance across a reset.
///
/// Sendable: `pending` and `isUnderConstruction` are guarded by `creationLock` (replaced only while
/// compiling); instances, by `storage`'s lock; the rest is `let`.
final class ResettableProducer<T>: Producer<T>, @unchecked Sendable {
    let recipe: Recipe<T>
    /// Unretained: the storage keeps this producer (so its identifier is not reused while it holds an
    /// instance), and a retain back would be a cycle no release of the container breaks.
    /// Safe: the registry's `scopes` own the storage for as long as this producer is used.
    private let storageReference: Unowned<ScopeStorage>
    var storage: ScopeStorage { storageReference.object }
    var creationLock: CreationLock
    /// Guarded by the creation lock: made by an unfinished resolve, for a generation.
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
            made = keptClosure(recipe)
        }
        return .scoped(ResettableRegion(self), made)
    }

    /// As `SingletonProducer.enterCreation()`, for the instance of `generation`.
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

    fileprivate func stageCreation(_ made: AnyObject, generation: Int) {
        isUnderConstruction = false
        pending = (recordedValue(made), generation)
    }

    fileprivate func abandonCreation() {
        isUnderConstruction = false
        creationLock.unlock()
    }

    fileprivate func publish() {
        guard let pending = pending else { return }
        self.pending = nil
        storage.keep(reference(for: pending.value), of: self, in: pending.generation)
    }

    fileprivate func discard() { pending = nil }
}

extension ResettableProducer: SingletonCreation {}

/// A custom scope's (or resettable singleton's) creation in a program: a region run under its creation
/// lock only while the storage keeps no instance for the run's generation.
private final class ResettableRegion<T>: ProgramScope {
    private let producer: ResettableProducer<T>

    init(_ producer: ResettableProducer<T>) { self.producer = producer }

    override func enter(generation: Int) throws(ResolutionError) -> AnyObject? {
        try producer.enterCreation(generation: generation)
    }
    override func stage(_ object: AnyObject, generation: Int) {
        producer.stageCreation(object, generation: generation)
    }
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
    override var storage: ScopeStorage? { producer.storage }
}
