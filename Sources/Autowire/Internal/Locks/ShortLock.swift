#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A plain mutex for critical sections that only read or write a table: never held while user code
/// runs or while waiting for anything else, so it needs no error path and no cycle check.
///
/// A pthread mutex rather than `Synchronization.Mutex`, whose futex ThreadSanitizer cannot see on
/// Linux.
final class ShortLock: @unchecked Sendable {
    // On the heap and freed in `deinit`: a pthread mutex must never move.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// `pthread_mutex_lock` fails only for a mutex that is not initialized (this one is, in `init`),
    /// or for an error-checking one locked twice (this is a default mutex, never held across calls).
    func withLock<R>(_ body: () -> R) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}
