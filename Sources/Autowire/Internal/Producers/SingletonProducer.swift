import Synchronization

/// `.singleton`: one value per container, created exactly once.
///
/// After creation a read is one atomic load. Creation runs under the container's creation lock;
/// singletons created together (one needing another, or a cycle) are published together when the
/// outermost creation succeeds, so a failure never leaves a half-built singleton behind.
final class SingletonProducer<T>: Producer<T>, @unchecked Sendable, PendingPublication {
    let recipe: Recipe<T>
    private let isCreated = Atomic<Bool>(false)
    /// Initialized once, before `isCreated` is set with release ordering. A pointer rather than a
    /// `T?` so that the read path has no `Optional<T>` temporary (whose metadata an unspecialized
    /// generic function looks up on every call).
    private let instance = UnsafeMutablePointer<T>.allocate(capacity: 1)
    /// Guarded by the creation lock: made in the current transaction, not yet published.
    private nonisolated(unsafe) var pendingInstance: T?
    private nonisolated(unsafe) var isUnderConstruction = false

    init(key: BindingKey, origin: Origin, registry: Registry, recipe: Recipe<T>) {
        self.recipe = recipe
        super.init(
            key: key, scope: .singleton, origin: origin, registry: registry, registersEarly: recipe.registersEarly,
            isFactory: recipe.isFactory)
    }

    deinit {
        if isCreated.load(ordering: .acquiring) { instance.deinitialize(count: 1) }
        instance.deallocate()
    }

    override func produce(_ resolution: Resolution) throws -> T {
        if isCreated.load(ordering: .acquiring) { return instance.pointee }
        return try create(resolution)
    }

    override func resolveTopLevel() throws -> T {
        if isCreated.load(ordering: .acquiring) { return instance.pointee }
        return try createTopLevel()
    }

    @inline(never)
    private func createTopLevel() throws -> T { try super.resolveTopLevel() }

    @inline(never)
    private func create(_ resolution: Resolution) throws -> T {
        switch resolution.lookup(self) {
        case .instance(let existing): return try cast(existing, to: T.self, for: key)
        case .underConstruction: throw ResolutionError(.factoryReentered(key, location: origin.location))
        case .absent: break
        }
        return try registry.creationLock.withLock {
            if isCreated.load(ordering: .acquiring) { return instance.pointee }
            if let pendingInstance { return pendingInstance }
            guard !isUnderConstruction else {
                // Reached again from a nested top-level resolve on this thread, before it exists.
                throw ResolutionError(.factoryReentered(key, location: origin.location))
            }
            isUnderConstruction = true
            defer { isUnderConstruction = false }
            let value: T
            if recipe.registersEarly {
                value = try recipe.make(resolution, self)
            } else {
                value = try resolution.constructing(self, allowsProgress: false) { try recipe.make(resolution, nil) }
                resolution.record(self, instance: value)
            }
            pendingInstance = value
            registry.creationLock.enqueue(self)
            return value
        }
    }

    func publish() {
        guard let value = pendingInstance else { return }
        instance.initialize(to: value)
        pendingInstance = nil
        isCreated.store(true, ordering: .releasing)
    }

    func discard() { pendingInstance = nil }
}
