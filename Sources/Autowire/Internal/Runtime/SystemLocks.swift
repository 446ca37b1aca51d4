#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A system mutex (pthreads) for the locks in `Internal/Locks/`, which add what a lock means to the library
/// (error path, cycle checks); this adds only the calls. On the heap, allocated by `init`, freed by
/// `destroy()`: a pthread mutex must never move, and a Swift stored property may.
///
/// Sendable: `mutex` is `let`; the pthread mutex is made for use from any thread, and its owner destroys it
/// once, when no thread can use it any more.
@safe struct SystemMutex: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// A default mutex, or a recursive one, which the thread holding it may lock again.
    init(recursive: Bool = false) {
        unsafe mutex = .allocate(capacity: 1)
        if recursive {
            var attributes = pthread_mutexattr_t()
            unsafe pthread_mutexattr_init(&attributes)
            unsafe pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
            unsafe pthread_mutex_init(mutex, &attributes)
            unsafe pthread_mutexattr_destroy(&attributes)
        } else {
            unsafe pthread_mutex_init(mutex, nil)
        }
    }

    func destroy() {
        unsafe pthread_mutex_destroy(mutex)
        unsafe mutex.deallocate()
    }

    /// `pthread_mutex_lock`: 0, or the error code it returned instead of locking.
    @inline(__always)
    @discardableResult
    func lock() -> Int32 { unsafe pthread_mutex_lock(mutex) }

    @inline(__always)
    func unlock() { unsafe pthread_mutex_unlock(mutex) }

    /// Waits on `condition`, with this mutex held, until woken (spuriously, too).
    func wait(on condition: SystemCondition) { unsafe pthread_cond_wait(condition.condition, mutex) }
}

/// A system condition variable (pthreads), waited on with a `SystemMutex`; on the heap like it.
///
/// Sendable: `condition` is `let`; a pthread condition is thread-safe (mutex held); destroyed once unused.
@safe struct SystemCondition: @unchecked Sendable {
    fileprivate let condition: UnsafeMutablePointer<pthread_cond_t>

    init() {
        unsafe condition = .allocate(capacity: 1)
        unsafe pthread_cond_init(condition, nil)
    }

    func destroy() {
        unsafe pthread_cond_destroy(condition)
        unsafe condition.deallocate()
    }

    func wakeAll() { unsafe pthread_cond_broadcast(condition) }
}

/// A system reader-writer lock (pthreads) preferring writers, so readers cannot starve them; on the heap.
///
/// Sendable: `lock` is `let`; a pthread rwlock is thread-safe; its owner destroys it once unused.
@safe struct SystemReadWriteLock: @unchecked Sendable {
    private let lock: UnsafeMutablePointer<pthread_rwlock_t>

    init() {
        unsafe lock = .allocate(capacity: 1)
        #if canImport(Glibc)
            var attributes = pthread_rwlockattr_t()
            unsafe pthread_rwlockattr_init(&attributes)
            unsafe pthread_rwlockattr_setkind_np(&attributes, Int32(PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP))
            unsafe pthread_rwlock_init(lock, &attributes)
            unsafe pthread_rwlockattr_destroy(&attributes)
        #else
            // Darwin's rwlocks already prefer writers.
            pthread_rwlock_init(lock, nil)
        #endif
    }

    func destroy() {
        unsafe pthread_rwlock_destroy(lock)
        unsafe lock.deallocate()
    }

    /// `pthread_rwlock_rdlock`: 0, or the error code it returned instead of locking.
    @inline(__always)
    func lockForReading() -> Int32 { unsafe pthread_rwlock_rdlock(lock) }

    /// `pthread_rwlock_wrlock`: 0, or the error code it returned instead of locking.
    @inline(__always)
    func lockForWriting() -> Int32 { unsafe pthread_rwlock_wrlock(lock) }

    @inline(__always)
    func unlock() { unsafe pthread_rwlock_unlock(lock) }
}
