/// A singleton creation, or an object with a hook, under way in a resolve.
struct CreationFrame {
    /// `registrations` when it started: instances recorded before lie outside it.
    let start: Int
    /// The earliest record it read: below `start`, it read something outside that may be unfinished.
    var earliestRead: Int
    /// The staged objects of regions nested in it that read into it, published with it (their scopes'
    /// `publish` and `discard` release the creation locks).
    var deferred: [ProgramScope] = []
    /// Hooks of objects made in it, run when it completes.
    var hooks: [PendingHook] = []

    init(start: Int) {
        self.start = start
        self.earliestRead = start
    }
}
