#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A system mutex (pthreads), for the locks in `Internal/Locks/`: they add what a lock means to the
/// library (its error path, its cycle checks); this adds nothing but the calls.
///
/// On the heap, allocated by `init` and freed by `destroy()`: a pthread mutex must never move, and
/// a Swift stored property may. The owner calls `destroy()` once, when no thread can use it any more.
struct SystemMutex: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// A default mutex, or a recursive one, which the thread holding it may lock again.
    init(recursive: Bool = false) {
        mutex = .allocate(capacity: 1)
        if recursive {
            var attributes = pthread_mutexattr_t()
            pthread_mutexattr_init(&attributes)
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
            pthread_mutex_init(mutex, &attributes)
            pthread_mutexattr_destroy(&attributes)
        } else {
            pthread_mutex_init(mutex, nil)
        }
    }

    func destroy() {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// `pthread_mutex_lock`: 0, or the error code it returned instead of locking.
    @inline(__always)
    @discardableResult
    func lock() -> Int32 { pthread_mutex_lock(mutex) }

    @inline(__always)
    func unlock() { pthread_mutex_unlock(mutex) }

    /// Waits on `condition`, with this mutex held, until woken (spuriously, too).
    func wait(on condition: SystemCondition) { pthread_cond_wait(condition.condition, mutex) }
}

/// A system condition variable (pthreads), waited on with a `SystemMutex`. Allocated by `init`,
/// freed by `destroy()`, like the mutex.
struct SystemCondition: @unchecked Sendable {
    fileprivate let condition: UnsafeMutablePointer<pthread_cond_t>

    init() {
        condition = .allocate(capacity: 1)
        pthread_cond_init(condition, nil)
    }

    func destroy() {
        pthread_cond_destroy(condition)
        condition.deallocate()
    }

    func wakeAll() { pthread_cond_broadcast(condition) }
}

/// A system reader-writer lock (pthreads) that prefers writers, so that a writer is not starved by
/// a stream of readers. Allocated by `init`, freed by `destroy()`, like the mutex.
struct SystemReadWriteLock: @unchecked Sendable {
    private let lock: UnsafeMutablePointer<pthread_rwlock_t>

    init() {
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

    func destroy() {
        pthread_rwlock_destroy(lock)
        lock.deallocate()
    }

    /// `pthread_rwlock_rdlock`: 0, or the error code it returned instead of locking.
    @inline(__always)
    func lockForReading() -> Int32 { pthread_rwlock_rdlock(lock) }

    /// `pthread_rwlock_wrlock`: 0, or the error code it returned instead of locking.
    @inline(__always)
    func lockForWriting() -> Int32 { pthread_rwlock_wrlock(lock) }

    @inline(__always)
    func unlock() { pthread_rwlock_unlock(lock) }
}
