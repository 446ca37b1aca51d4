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
/// Each resolve's record lives on its caller's stack; the thread-specific pointer names the
/// innermost one, and each recursive resolve's state keeps the one it was started in
/// (`ResolutionState.outer`). A program run is only ever the outermost: a resolve started inside
/// any other takes the recursive path, which performs the checks.
enum ActiveResolutions {
    private static let key: pthread_key_t? = {
        var key = pthread_key_t()
        return pthread_key_create(&key, nil) == 0 ? key : nil
    }()

    /// Makes `state` the innermost resolve on this thread; returns the enclosing one.
    static func enter(_ state: UnsafeMutablePointer<ResolutionState>) -> ActiveResolve? {
        guard let key else { return nil }
        let outer = pthread_getspecific(key).map(ActiveResolve.init(tagged:))
        // Fails only for an invalid key (checked) or when the thread's table cannot grow; the guard
        // then does not see this resolve, which is never unsafe.
        pthread_setspecific(key, ActiveResolve.state(state).tagged)
        return outer
    }

    /// Makes `run` the resolve of this thread, unless one is running already: then returns false,
    /// and the caller resolves recursively instead.
    @inline(__always)
    static func enterOutermost(_ run: UnsafeMutablePointer<ProgramRun>) -> Bool {
        guard let key, pthread_getspecific(key) == nil else { return false }
        // On failure (see `enter`), a resolve nested in this run does not see it: as today when
        // the key cannot be created, the nested resolve then skips its re-entry checks.
        pthread_setspecific(key, ActiveResolve.program(run).tagged)
        return true
    }

    /// Ends the innermost resolve, making `outer` the innermost again.
    static func leave(restoring outer: ActiveResolve?) {
        guard let key else { return }
        pthread_setspecific(key, outer?.tagged)
    }

    /// Whether a resolve enclosing `state` on this thread is building an object of `producer`.
    static func isBuilding(_ producer: AnyProducer, outside state: UnsafeMutablePointer<ResolutionState>) -> Bool {
        // Every `outer` record is on this thread's stack, in a frame that encloses the current
        // one, so it is alive.
        var next = state.pointee.outer
        while let enclosing = next {
            switch enclosing {
            case .state(let outer):
                if outer.pointee.isBuilding(producer) { return true }
                next = outer.pointee.outer
            case .program(let run):
                return run.pointee.isBuilding(producer)
            }
        }
        return false
    }
}

/// A resolve running on this thread: a recursive resolve's state, or a resolve program's run.
enum ActiveResolve {
    case state(UnsafeMutablePointer<ResolutionState>)
    case program(UnsafeMutablePointer<ProgramRun>)

    /// Both records are word-aligned, so the lowest bit of their address is free to tell them apart.
    init(tagged pointer: UnsafeMutableRawPointer) {
        let bits = UInt(bitPattern: pointer)
        if bits & 1 == 0 {
            self = .state(pointer.assumingMemoryBound(to: ResolutionState.self))
        } else {
            // The bit was set by `tagged` on a `ProgramRun` address, never on anything else.
            self = .program(
                UnsafeMutableRawPointer(bitPattern: bits & ~1).unsafelyUnwrapped.assumingMemoryBound(
                    to: ProgramRun.self))
        }
    }

    var tagged: UnsafeMutableRawPointer {
        switch self {
        case .state(let state): UnsafeMutableRawPointer(state)
        case .program(let run): UnsafeMutableRawPointer(bitPattern: UInt(bitPattern: run) | 1).unsafelyUnwrapped
        }
    }
}
