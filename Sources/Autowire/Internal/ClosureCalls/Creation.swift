/// A singleton made in a resolve, not yet published, and the lock (held) under which it was made;
/// nil when the publication releases its lock itself (a program's region, see `ScopePublication`).
struct Creation {
    let publication: any PendingPublication
    let lock: CreationLock?

    /// Makes the singleton visible to every thread, then lets waiting threads in.
    func publish() {
        publication.publish()
        lock?.unlock()
    }

    func discard() {
        publication.discard()
        lock?.unlock()
    }
}

/// A singleton creation, or an object with a hook, under way in a resolve.
struct CreationFrame {
    /// `registrations` when it started: instances recorded before lie outside it.
    let start: Int
    /// The earliest record it read: below `start`, it read something outside that may be unfinished.
    var earliestRead: Int
    /// Creations nested in it that read into it, published with it.
    var deferred: [Creation] = []
    /// Hooks of objects made in it, run when it completes.
    var hooks: [PendingHook] = []

    init(start: Int) {
        self.start = start
        self.earliestRead = start
    }
}
