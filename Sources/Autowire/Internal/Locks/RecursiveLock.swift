#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A recursive mutex whose critical sections may return non-`Sendable` values and throw.
///
/// `Synchronization.Mutex` is not recursive, and its `sending` result rules out returning values
/// that stay stored behind the lock, which is exactly what lazy and singleton storage do.
final class RecursiveLock: @unchecked Sendable {
    /// On the heap, allocated once and freed in `deinit`: a pthread mutex must never move, and a
    /// Swift stored property may.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` under the lock.
    ///
    /// - Throws: ``LockFailure`` when the lock reports an error (`EAGAIN`: taken recursively too many
    ///   times) instead of locking, or what `body` throws.
    func withLock<R>(_ body: () throws -> R) throws -> R {
        let status = pthread_mutex_lock(mutex)
        guard status == 0 else { throw LockFailure(call: "pthread_mutex_lock", status: status) }
        // Unlocking a mutex this thread holds cannot fail.
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
