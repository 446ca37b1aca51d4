#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value behind a reader-writer lock: any number of readers at once, one writer alone.
///
/// Holds the registry's table of roots, which every top-level resolve reads and only a first use
/// writes, and the tables only compilation touches. Writers are preferred so that a first use is
/// not starved by a stream of readers; neither side may take the lock again while holding it.
/// Built on pthreads, which ThreadSanitizer understands (it cannot see `Synchronization.Mutex`'s
/// futex on Linux).
final class ReadWriteLocked<Value>: @unchecked Sendable {
    /// On the heap, allocated once and freed in `deinit`: a pthread lock must never move.
    private let lock: UnsafeMutablePointer<pthread_rwlock_t>
    /// Guarded by `lock`.
    private var value: Value

    init(_ value: Value) {
        self.value = value
        lock = .allocate(capacity: 1)
        #if canImport(Glibc)
            var attributes = pthread_rwlockattr_t()
            pthread_rwlockattr_init(&attributes)
            pthread_rwlockattr_setkind_np(&attributes, Int32(PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP))
            pthread_rwlock_init(lock, &attributes)
            pthread_rwlockattr_destroy(&attributes)
        #else
            // Darwin's rwlocks already prefer writers.
            pthread_rwlock_init(lock, nil)
        #endif
    }

    deinit {
        pthread_rwlock_destroy(lock)
        lock.deallocate()
    }

    /// Reads under the shared lock; `body` must not take this lock again.
    ///
    /// - Throws: ``LockFailure`` when the lock reports an error (such as `EDEADLK`, a thread taking
    ///   it again) instead of locking; `body` does not run then.
    func read<R>(_ body: (Value) -> R) throws(LockFailure) -> R {
        let status = pthread_rwlock_rdlock(lock)
        guard status == 0 else { throw LockFailure(call: "pthread_rwlock_rdlock", status: status) }
        // Unlocking a lock this thread holds cannot fail.
        defer { pthread_rwlock_unlock(lock) }
        return body(value)
    }

    /// Reads and writes under the exclusive lock; `body` must not take this lock again.
    ///
    /// - Throws: ``LockFailure`` when the lock reports an error instead of locking; `body` does not
    ///   run then.
    func write<R>(_ body: (inout Value) -> R) throws(LockFailure) -> R {
        let status = pthread_rwlock_wrlock(lock)
        guard status == 0 else { throw LockFailure(call: "pthread_rwlock_wrlock", status: status) }
        defer { pthread_rwlock_unlock(lock) }
        return body(&value)
    }
}

/// A lock call that returned an error code instead of locking.
struct LockFailure: Error {
    let call: String
    let status: Int32
}
