/// A value behind a reader-writer lock: any number of readers at once, one writer alone.
///
/// Writers are preferred so readers cannot starve a first use (a compilation); neither side may relock.
/// Built on pthreads, which ThreadSanitizer understands, unlike `Synchronization.Mutex`'s futex.
///
/// Sendable: `value` is read only under the shared lock and written only under the exclusive one; what
/// `read` hands out (producers, a printed key path) is `Sendable`.
final class ReadWriteLocked<Value>: @unchecked Sendable {
    private let lock = SystemReadWriteLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    deinit { lock.destroy() }

    /// Reads under the shared lock; `body` must not take this lock again.
    /// - Throws: ``LockFailure`` on a lock error (such as `EDEADLK`); `body` then does not run.
    func read<R>(_ body: (Value) -> R) throws(LockFailure) -> R {
        let status = lock.lockForReading()
        guard status == 0 else { throw LockFailure(call: "pthread_rwlock_rdlock", status: status) }
        // Unlocking a lock this thread holds cannot fail.
        defer { lock.unlock() }
        return body(value)
    }

    /// Reads and writes under the exclusive lock; `body` must not take this lock again.
    /// - Throws: ``LockFailure``, as `read` does.
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
