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
///
/// A resolve that creates a singleton keeps the lock until it ends (see
/// `Resolution.joinCreation(of:)`), and publishes what it created only if it succeeds.
final class CreationLock: @unchecked Sendable {
    private let mutex = RecursiveLock()

    func lock() { mutex.lock() }

    func unlock() { mutex.unlock() }

    func withLock<R>(_ body: () throws -> R) rethrows -> R {
        try mutex.withLock(body)
    }
}
