/// The lock under which one thing is created exactly once: a singleton (or a group of singletons
/// that need each other), a `.weak` instance, a `Lazy`'s value.
///
/// Locks are as narrow as what they create, so a thread creating one singleton never waits for a
/// thread creating an unrelated one. Singletons in one strongly connected group of static
/// dependencies share a lock (see `PlanCompiler.groupCreationLocks`), so a cycle among them is
/// built by one thread; static dependencies between groups only lead to groups below, so threads
/// take those locks in one order. Dynamic requests (a factory's resolver, `Provider`/`Lazy` calls
/// inside a creation) can take them in any order: before waiting, `lock()` follows the chain of
/// threads each waiting for a lock the next one holds, and throws instead of waiting when that
/// chain comes back to the calling thread, which would wait forever.
///
/// Recursive: a thread that holds the lock takes it again at once (nested creations of one group).
///
/// Sendable: `owner` and `depth` are read and written only under `coordinator`'s mutex (its
/// `withLock` and `withLockHeld`); `subject` is `let`.
final class CreationLock: @unchecked Sendable {
    /// What the lock creates, for messages.
    let subject: BindingKey
    /// Guarded by `CreationLock.coordinator`.
    private var owner: ThreadID?
    /// How many times `owner` holds the lock. Guarded by `CreationLock.coordinator`.
    private var depth = 0

    init(subject: BindingKey) {
        self.subject = subject
    }

    /// Takes the lock, waiting while another thread holds it.
    ///
    /// - Throws: `unclosable-cycle` when waiting would never end: the holder waits, directly or
    ///   through other threads, for a lock the calling thread holds.
    func lock() throws(ResolutionError) {
        let me = ThreadID.current
        try Self.coordinator.withLock { () throws(ResolutionError) in
            if owner == me {
                depth += 1
                return
            }
            if owner != nil {
                if let held = Self.coordinator.lockHeld(by: me, closingChainFrom: self) {
                    throw ResolutionError(.creationCycleAcrossThreads(waitingFor: subject, holding: held.subject))
                }
                Self.coordinator.waiting[me] = self
                while owner != nil { Self.coordinator.wait() }
                Self.coordinator.waiting[me] = nil
            }
            owner = me
            depth = 1
        }
    }

    /// Releases one hold of the lock; the calling thread must hold it.
    func unlock() {
        Self.coordinator.withLockHeld {
            depth -= 1
            if depth == 0 {
                owner = nil
                Self.coordinator.wakeWaiters()
            }
        }
    }

    func withLock<R>(_ body: () throws -> R) throws -> R {
        try lock()
        defer { unlock() }
        return try body()
    }

    /// The one mutex and condition behind every creation lock, and which thread waits for which
    /// lock. Creation is the cold path: one mutex for all keeps the wait-for chain consistent.
    private static let coordinator = Coordinator()

    /// Sendable: `waiting` is read and written only under `mutex`, as every creation lock's `owner`
    /// and `depth` are; `mutex` and `condition` are `let`, made in `init` and never destroyed.
    private final class Coordinator: @unchecked Sendable {
        private let mutex = SystemMutex()
        private let condition = SystemCondition()
        /// The lock each blocked thread waits for. Guarded by `mutex`.
        var waiting: [ThreadID: CreationLock] = [:]

        init() {}

        func withLock<R>(_ body: () throws(ResolutionError) -> R) throws(ResolutionError) -> R {
            let status = mutex.lock()
            guard status == 0 else { throw ResolutionError(.lockFailed("pthread_mutex_lock", status: status)) }
            defer { mutex.unlock() }
            return try body()
        }

        /// For releasing, which cannot report an error. `pthread_mutex_lock` fails only for a mutex
        /// not initialized (this one is, in `init`), a recursive one past its count, or an
        /// error-checking one locked twice (this is a default mutex, never held across calls).
        func withLockHeld(_ body: () -> Void) {
            mutex.lock()
            defer { mutex.unlock() }
            body()
        }

        /// Waits for a wake-up; spurious ones are fine, callers check again. (It fails only for an
        /// invalid condition or a mutex not held, neither possible here; a failure would make the
        /// caller's loop check again, never hang.)
        func wait() { mutex.wait(on: condition) }

        func wakeWaiters() { condition.wakeAll() }

        /// Follows owners from `lock`: each owner either runs, or waits for another lock. Returns
        /// the lock held by `me` that closes the chain, if it comes back to `me`.
        func lockHeld(by me: ThreadID, closingChainFrom lock: CreationLock) -> CreationLock? {
            var current = lock
            // Each thread waits for one lock at most, so a chain is at most that long.
            for _ in 0...waiting.count {
                guard let owner = current.owner else { return nil }
                guard let next = waiting[owner] else { return nil }
                if next.owner == me { return next }
                current = next
            }
            return nil
        }
    }
}
