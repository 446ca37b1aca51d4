#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The thread the main actor ran on when a plan with main-actor dependencies was compiled.
///
/// Such plans can only be compiled on the main actor (their `dependencies` are main-actor
/// isolated, reached through an isolated conformance), and the main actor stays on one thread. A
/// later fill from any other thread is refused with an error instead of racing, or trapping in
/// `MainActor.assumeIsolated`.
struct MainActorThread: @unchecked Sendable {
    private let thread: pthread_t

    /// The calling thread; call while compiling on the main actor.
    init() { thread = pthread_self() }

    var isCurrent: Bool { pthread_equal(pthread_self(), thread) != 0 }
}
