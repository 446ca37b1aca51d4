/// A ``CustomScope``, or `.singleton` in a container whose singletons were made resettable: one
/// instance per generation of its `ScopeStorage`, which a reset ends.
///
/// Creation follows `SingletonProducer` (the same creation lock, shared with the singletons of its
/// cycle, the same publication rules), but the instance is kept in the storage, and read from it
/// under the storage's lock rather than with one atomic load: a reset may drop it at any time.
/// Within one resolve the instance is also recorded in the resolution, so every use in that graph
/// sees the same one even when a reset comes in between.
///
/// Never a constant of a resolve program (lowering is `.unsupported`): a program would keep
/// returning the instance after a reset dropped it.
final class ResettableProducer<T>: Producer<T>, @unchecked Sendable, PendingPublication {
    let recipe: Recipe<T>
    let storage: ScopeStorage
    /// Its own lock, or the one it shares with the singletons of its cycle; replaced only while
    /// compiling, before the producer is published.
    var creationLock: CreationLock
    /// Guarded by the creation lock: made by a resolve that has not finished yet, for a generation.
    private nonisolated(unsafe) var pending: (value: T, generation: Int)?
    private nonisolated(unsafe) var isUnderConstruction = false

    init(key: BindingKey, scope: Scope, origin: Origin, registry: Registry, recipe: Recipe<T>, storage: ScopeStorage) {
        self.recipe = recipe
        self.storage = storage
        self.creationLock = CreationLock(subject: key)
        super.init(
            key: key, scope: scope, origin: origin, registry: registry, registersEarly: recipe.registersEarly,
            isFactory: recipe.isFactory)
    }

    override func produce(_ resolution: Resolution) throws -> T {
        switch resolution.lookup(self) {
        case .instance(let existing): return try value(from: existing)
        case .underConstruction: throw ResolutionError(.factoryReentered(key, location: origin.location))
        case .absent: break
        }
        let generation = storage.pinnedGeneration(in: resolution)
        if let kept = storage.instance(of: self, in: generation) {
            resolution.record(self, instance: kept)
            return try value(from: kept)
        }
        return try create(resolution, generation: generation)
    }

    @inline(never)
    private func create(_ resolution: Resolution, generation: Int) throws -> T {
        let lock = creationLock
        try lock.lock()
        if let kept = storage.instance(of: self, in: generation) {
            lock.unlock()
            resolution.record(self, instance: kept)
            return try value(from: kept)
        }
        // Made by a creation on this thread that is deferred until an enclosing one finishes.
        if let pending, pending.generation == generation {
            lock.unlock()
            return pending.value
        }
        guard !isUnderConstruction else {
            lock.unlock()
            throw ResolutionError(.factoryReentered(key, location: origin.location))
        }
        isUnderConstruction = true
        resolution.state.pointee.beginCreation(ofSingleton: true)
        let value: T
        do {
            value = try makeRecorded(with: recipe, in: resolution)
        } catch {
            isUnderConstruction = false
            resolution.state.pointee.abandonCreation()
            lock.unlock()
            throw error
        }
        isUnderConstruction = false
        pending = (value, generation)
        // Kept now or later (or discarded, when a hook throws); either way the lock is released.
        try resolution.state.pointee.endCreation(Creation(publication: self, lock: lock))
        return value
    }

    func publish() {
        guard let pending else { return }
        self.pending = nil
        storage.keep(reference(for: pending.value), of: self, in: pending.generation)
    }

    func discard() { pending = nil }
}

extension ResettableProducer: SingletonCreation {}
