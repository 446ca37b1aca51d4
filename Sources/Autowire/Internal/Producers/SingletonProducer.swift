import Synchronization

/// `.singleton`: one value per container, created exactly once.
///
/// After creation a read is one atomic load. Creation runs under the container's creation lock,
/// which the creating resolve keeps until it ends; what it created is published only if the whole
/// resolve succeeds, so a failure anywhere never leaves a half-built singleton behind.
final class SingletonProducer<T>: Producer<T>, @unchecked Sendable, PendingPublication {
    let recipe: Recipe<T>
    private let isCreated = Atomic<Bool>(false)
    /// Initialized once, before `isCreated` is set with release ordering. Raw storage rather than
    /// `T?`: reading an optional of a generic type costs a metadata lookup on every resolve.
    private let instance = UnsafeMutablePointer<T>.allocate(capacity: 1)
    /// Guarded by the creation lock: made by a resolve that has not finished yet.
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
        case .instance(let existing): return try value(from: existing)
        case .underConstruction: throw ResolutionError(.factoryReentered(key, location: origin.location))
        case .absent: break
        }
        resolution.joinCreation(of: registry)
        if isCreated.load(ordering: .acquiring) { return instance.pointee }
        // Made by an enclosing resolve on this thread that has not finished yet.
        if let pendingInstance { return pendingInstance }
        guard !isUnderConstruction else {
            // Reached again from a nested top-level resolve on this thread, before it exists.
            throw ResolutionError(.factoryReentered(key, location: origin.location))
        }
        isUnderConstruction = true
        defer { isUnderConstruction = false }
        let value = try makeRecorded(with: recipe, in: resolution)
        pendingInstance = value
        resolution.publishOnSuccess(self)
        return value
    }

    func publish() {
        guard let pendingInstance else { return }
        instance.initialize(to: pendingInstance)
        self.pendingInstance = nil
        isCreated.store(true, ordering: .releasing)
    }

    func discard() { pendingInstance = nil }
}
