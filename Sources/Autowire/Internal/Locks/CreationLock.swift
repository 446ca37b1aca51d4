/// Something created inside a creation transaction, made visible only when it commits.
protocol PendingPublication: AnyObject {
    func publish()
    func discard()
}

/// The lock under which a container creates its singletons and weak instances.
///
/// One lock per container, recursive, so that singletons which need each other (even in a cycle)
/// are created by one thread while others wait: no lock-order deadlock is possible. A child's lock
/// is taken before its parent's, never the reverse, because parents never reach into children.
final class CreationLock: @unchecked Sendable {
    private let lock = RecursiveLock()
    /// Guarded by `lock`.
    private var depth = 0
    private var pending: [any PendingPublication] = []

    /// Runs `body` holding the lock. When the outermost call returns, everything enqueued is
    /// published; when it throws, everything enqueued is discarded.
    func withLock<R>(_ body: () throws -> R) throws -> R {
        try lock.withLock {
            depth += 1
            defer { depth -= 1 }
            do {
                let result = try body()
                if depth == 1 { finishTransaction(committing: true) }
                return result
            } catch {
                if depth == 1 { finishTransaction(committing: false) }
                throw error
            }
        }
    }
    /// Defers publication to the end of the outermost `withLock`. Call only while holding the lock.
    func enqueue(_ publication: any PendingPublication) {
        pending.append(publication)
    }

    private func finishTransaction(committing: Bool) {
        let finished = pending
        pending = []
        for publication in finished {
            if committing { publication.publish() } else { publication.discard() }
        }
    }
}
