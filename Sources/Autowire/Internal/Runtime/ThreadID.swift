/// The identity of a running thread, comparable across threads.
struct ThreadID: Hashable, Sendable {
    let rawValue: UInt

    static var current: ThreadID {
        ThreadID(rawValue: CurrentThread.id)
    }
}
