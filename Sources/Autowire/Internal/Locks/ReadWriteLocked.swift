/// A value behind a reader-writer lock: any number of readers at once, one writer alone.
///
/// Writers are preferred so that a first use (a compilation) is not starved by a stream of
/// readers; neither side may take the lock again while holding it. Built on pthreads, which ThreadSanitizer understands
/// (it cannot see `Synchronization.Mutex`'s futex on Linux).
///
/// Sendable: `value` is read only under `lock` held shared (`read`) and written only under it held
/// exclusively (`write`); `lock` is `let`. What `read` hands out is shared as it is: the registry's
/// producers, a printed key path, both `Sendable`.
final class ReadWriteLocked<Value>: @unchecked Sendable {
    /// Freed in `deinit`.
    private let lock = SystemReadWriteLock()
    /// Guarded by `lock`.
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    deinit { lock.destroy() }

    /// Reads under the shared lock; `body` must not take this lock again.
    ///
    /// - Throws: ``LockFailure`` when the lock reports an error (such as `EDEADLK`, a thread taking
    ///   it again) instead of locking; `body` does not run then.
    func read<R>(_ body: (Value) -> R) throws(LockFailure) -> R {
        let status = lock.lockForReading()
        guard status == 0 else { throw LockFailure(call: "pthread_rwlock_rdlock", status: status) }
        // Unlocking a lock this thread holds cannot fail.
        defer { lock.unlock() }
        return body(value)
    }

    /// Reads and writes under the exclusive lock; `body` must not take this lock again.
    ///
    /// - Throws: ``LockFailure`` when the lock reports an error instead of locking; `body` does not
    ///   run then.
    func write<R>(_ body: (inout Value) -> R) throws(LockFailure) -> R {
        let status = lock.lockForWriting()
        guard status == 0 else { throw LockFailure(call: "pthread_rwlock_wrlock", status: status) }
        defer { lock.unlock() }
        return body(&value)
    }
}

/// A lock call that returned an error code instead of locking.
struct LockFailure: Error {
    let call: String
    let status: Int32
}
