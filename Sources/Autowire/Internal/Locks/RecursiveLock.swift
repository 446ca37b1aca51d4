/// A recursive mutex whose critical sections may return non-`Sendable` values and throw.
///
/// `Synchronization.Mutex` is not recursive, and its `sending` result rules out returning values
/// that stay stored behind the lock, which is exactly what lazy and singleton storage do.
final class RecursiveLock: Sendable {
    /// Freed in `deinit`.
    private let mutex = SystemMutex(recursive: true)

    init() {}

    deinit { mutex.destroy() }

    /// Runs `body` under the lock.
    ///
    /// - Throws: ``LockFailure`` when the lock reports an error (`EAGAIN`: taken recursively too many
    ///   times) instead of locking, or what `body` throws.
    func withLock<R>(_ body: () throws -> R) throws -> R {
        let status = mutex.lock()
        guard status == 0 else { throw LockFailure(call: "pthread_mutex_lock", status: status) }
        // Unlocking a mutex this thread holds cannot fail.
        defer { mutex.unlock() }
        return try body()
    }
}
