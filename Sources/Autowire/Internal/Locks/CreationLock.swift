/// The lock under which one thing is created exactly once: a singleton (or a group of singletons
/// that need each other), a `.weak` instance, a `Lazy`'s value.
///
/// As narrow as what it creates, so a creation never waits for an unrelated one. A strongly connected
/// group of singletons shares a lock (`PlanCompiler.groupCreationLocks`), and static dependencies lead
/// only to groups below, so those locks are taken in one order. Dynamic requests (a resolver,
/// `Provider`/`Lazy` in a creation) may take them in any order: `lock()` throws rather than wait when
/// the chain of waiting threads leads back to the caller. Recursive, for nested creations of one group.
///
/// Sendable: `owner` and `depth` are guarded by `coordinator`'s mutex; `subject` is `let`.
final class CreationLock: @unchecked Sendable {
    /// What the lock creates, for messages.
    let subject: BindingKey
    private var owner: ThreadID?
    /// How many times `owner` holds the lock.
    private var depth = 0

    init(subject: BindingKey) {
        self.subject = subject
    }

    /// Takes the lock, waiting while another thread holds it.
    /// - Throws: `unclosable-cycle` if the holder waits, even indirectly, for a lock this thread holds.
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

    /// One mutex and condition behind every creation lock, and which thread waits for which: creation
    /// is the cold path, and one mutex keeps the wait-for chain consistent.
    private static let coordinator = Coordinator()

    /// Sendable: `waiting`, like every lock's `owner` and `depth`, is guarded by `mutex`; `mutex` and
    /// `condition` are `let`, never destroyed.
    private final class Coordinator: @unchecked Sendable {
        private let mutex = SystemMutex()
        private let condition = SystemCondition()
        /// The lock each blocked thread waits for.
        var waiting: [ThreadID: CreationLock] = [:]

        func withLock<R>(_ body: () throws(ResolutionError) -> R) throws(ResolutionError) -> R {
            let status = mutex.lock()
            guard status == 0 else { throw ResolutionError(.lockFailed("pthread_mutex_lock", status: status)) }
            defer { mutex.unlock() }
            return try body()
        }

        /// For releasing, which cannot report an error: `pthread_mutex_lock` fails only for an
        /// uninitialized, over-recursed or (error-checking) relocked mutex, none of which applies.
        func withLockHeld(_ body: () -> Void) {
            mutex.lock()
            defer { mutex.unlock() }
            body()
        }

        /// Spurious wake-ups (or a failure, impossible here) only make the caller check again.
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
