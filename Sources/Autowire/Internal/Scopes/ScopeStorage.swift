/// The instances one container keeps for one resettable lifetime (a ``CustomScope``, or resettable
/// singletons) and their generation, which a reset ends.
///
/// Each top-level resolve pins the generation when it first needs the scope (`pinnedGeneration(in:)`),
/// so its graph never mixes both sides of a reset: what it makes for a reset generation is handed to
/// it, not kept. The lock is never held while user code runs: dropped instances are released after
/// unlocking, as their `deinit` may call in.
///
/// Sendable: `generation` and `instances` are guarded by `lock`; `pin` is `let`.
final class ScopeStorage: @unchecked Sendable {
    private struct Entry {
        /// Kept alive so that its identifier is not reused while its entry exists.
        let producer: AnyObject
        let instance: AnyObject
    }

    /// What a resolution records, under this storage's own key, as the generation it pinned.
    let pin: AnyProducer
    private let lock = ShortLock()
    /// Within `Int32`, where the resolution stores it; numbers 2^31 resets apart are never both in use.
    private var generation = 0
    /// The current generation's instances, by producer.
    private var instances: [ObjectIdentifier: Entry] = [:]

    init(registry: Registry) {
        pin = ScopePin(key: BindingKey(type: ScopePin.self, tag: nil), registry: registry)
    }

    /// The generation `resolution` works in: the one current when it first asked.
    func pinnedGeneration(in resolution: Resolution) -> Int {
        let index = resolution.pointee.slot(claiming: pin)
        let pinned = resolution.pointee.constructionMark(at: index)
        if pinned >= 0 { return pinned }
        let current = lock.withLock { generation }
        resolution.pointee.setConstructionMark(current, at: index)
        return current
    }

    /// Pins `generation` (none pinned yet): a program's run hands its pin to its closures' resolution.
    func pin(_ generation: Int, in resolution: Resolution) {
        let index = resolution.pointee.slot(claiming: pin)
        resolution.pointee.setConstructionMark(generation, at: index)
    }

    /// The generation current now: what a resolve program pins when it first needs the scope.
    var currentGeneration: Int { lock.withLock { generation } }

    /// The instance `producer` keeps in `generation`, if that is still the current one.
    func instance(of producer: AnyProducer, in generation: Int) -> AnyObject? {
        lock.withLock { self.generation == generation ? instances[ObjectIdentifier(producer)]?.instance : nil }
    }

    /// Keeps `instance` as `producer`'s in `generation`, unless that generation was reset meanwhile.
    func keep(_ instance: AnyObject, of producer: AnyProducer, in generation: Int) {
        lock.withLock {
            if self.generation == generation {
                instances[ObjectIdentifier(producer)] = Entry(producer: producer, instance: instance)
            }
        }
    }

    /// Starts a new generation; the old instances are released once the lock is.
    func reset() {
        let dropped = lock.withLock { () -> [ObjectIdentifier: Entry] in
            generation = generation == Int(Int32.max) ? 0 : generation + 1
            defer { instances = [:] }
            return instances
        }
        withExtendedLifetime(dropped) {}
    }
}

/// The key under which a resolution records the generation it pinned; never produces anything.
///
/// Sendable: no state of its own, and never compiled.
private final class ScopePin: AnyProducer, @unchecked Sendable {}
