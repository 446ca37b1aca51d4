/// A pthread mutex (for ThreadSanitizer, see `ReadWriteLocked`) for sections that only touch a table:
/// never held while user code runs or waits, so it needs no error path or cycle check.
final class ShortLock: Sendable {
    private let mutex = SystemMutex()

    deinit { mutex.destroy() }

    /// `pthread_mutex_lock` fails only for an uninitialized mutex or an error-checking one locked
    /// twice; this default mutex is initialized in `init` and never held across calls.
    func withLock<R>(_ body: () -> R) -> R {
        mutex.lock()
        defer { mutex.unlock() }
        return body()
    }
}
