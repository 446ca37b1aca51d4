/// A recursive mutex whose critical sections may return non-`Sendable` values and throw:
/// `Synchronization.Mutex` is not recursive, and its `sending` result rules out returning values that
/// stay stored behind the lock, as lazy and singleton storage do.
final class RecursiveLock: Sendable {
    private let mutex = SystemMutex(recursive: true)

    deinit { mutex.destroy() }

    /// Runs `body` under the lock.
    /// - Throws: ``LockFailure`` on a lock error (`EAGAIN`: recursed too deeply), or `body`'s error.
    func withLock<R>(_ body: () throws -> R) throws -> R {
        let status = mutex.lock()
        guard status == 0 else { throw LockFailure(call: "pthread_mutex_lock", status: status) }
        // Unlocking a mutex this thread holds cannot fail.
        defer { mutex.unlock() }
        return try body()
    }
}
