#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The top-level resolves running on the current thread, innermost first: a resolve started from
/// user code (an `init()`, a `didSet`, a factory) inside another one links to it, so it can tell
/// when it is about to build again what an enclosing resolve is still building.
///
/// Each resolve's state lives on its caller's stack; the thread-specific pointer names the
/// innermost one, and each state keeps the one it was started in (`ResolutionState.outer`).
enum ActiveResolutions {
    private static let key: pthread_key_t? = {
        var key = pthread_key_t()
        return pthread_key_create(&key, nil) == 0 ? key : nil
    }()

    /// Makes `state` the innermost resolve on this thread; returns the enclosing one.
    static func enter(_ state: UnsafeMutablePointer<ResolutionState>) -> UnsafeMutablePointer<ResolutionState>? {
        guard let key else { return nil }
        let outer = pthread_getspecific(key)?.assumingMemoryBound(to: ResolutionState.self)
        // Fails only for an invalid key (checked) or when the thread's table cannot grow; the guard
        // then does not see this resolve, which is never unsafe.
        pthread_setspecific(key, UnsafeMutableRawPointer(state))
        return outer
    }

    /// Ends the innermost resolve, making `outer` the innermost again.
    static func leave(restoring outer: UnsafeMutablePointer<ResolutionState>?) {
        guard let key else { return }
        pthread_setspecific(key, outer.map(UnsafeMutableRawPointer.init))
    }

    /// Whether a resolve enclosing `state` on this thread is building an object of `producer`.
    static func isBuilding(_ producer: AnyProducer, outside state: UnsafeMutablePointer<ResolutionState>) -> Bool {
        // Every `outer` pointer names a state on this thread's stack, in a frame that encloses the
        // current one, so it is alive.
        var next = state.pointee.outer
        while let enclosing = next {
            if enclosing.pointee.isBuilding(producer) { return true }
            next = enclosing.pointee.outer
        }
        return false
    }
}
