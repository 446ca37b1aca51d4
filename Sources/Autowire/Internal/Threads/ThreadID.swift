#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The identity of a running thread, comparable across threads.
struct ThreadID: Hashable, Sendable {
    let rawValue: UInt

    /// The calling thread.
    static var current: ThreadID {
        #if canImport(Darwin)
            ThreadID(rawValue: UInt(bitPattern: pthread_self()))
        #else
            ThreadID(rawValue: UInt(pthread_self()))
        #endif
    }
}
