/// A plain mutex for critical sections that only read or write a table: never held while user code
/// runs or while waiting for anything else, so it needs no error path and no cycle check.
///
/// A pthread mutex, for ThreadSanitizer (see `ReadWriteLocked`).
final class ShortLock: Sendable {
    // Freed in `deinit`.
    private let mutex = SystemMutex()

    init() {}

    deinit { mutex.destroy() }

    /// `pthread_mutex_lock` fails only for a mutex that is not initialized (this one is, in
    /// `init`), or for an error-checking one locked twice (this is a default mutex, never held
    /// across calls).
    func withLock<R>(_ body: () -> R) -> R {
        mutex.lock()
        defer { mutex.unlock() }
        return body()
    }
}
