#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The factories running on the current thread, across nested top-level resolves.
///
/// A factory that calls `Provider.get()` (or a container it captured) starts a fresh resolve,
/// which cannot see the outer resolve's state. If that fresh resolve needs the same factory again,
/// the factory runs again, starts another fresh resolve, and so on until the stack overflows. Each
/// running factory therefore pushes a frame (on the stack, linked through a thread-specific
/// pointer) so that a nested resolve can tell. Only factory calls pay for it.
enum FactoryFrames {
    private struct Frame {
        let producer: ObjectIdentifier
        let state: UnsafeMutablePointer<ResolutionState>
        let outer: UnsafeMutableRawPointer?
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Whether `producer` is running in a resolve on this thread other than `state`.
    static func isRunning(_ producer: AnyProducer, outside state: UnsafeMutablePointer<ResolutionState>) -> Bool {
        // A resolve program pushes no frames: its run, always the outermost, tells which factory
        // it is calling.
        if state.pointee.outer != nil, ActiveResolutions.isBuilding(producer, outside: state) { return true }
        let target = ObjectIdentifier(producer)
        var next = pthread_getspecific(key)
        while let raw = next {
            let frame = raw.assumingMemoryBound(to: Frame.self).pointee
            if frame.producer == target, frame.state != state { return true }
            next = frame.outer
        }
        return false
    }

    /// Runs `make` with a frame for `producer` pushed on this thread.
    static func running<T>(
        _ producer: AnyProducer, in state: UnsafeMutablePointer<ResolutionState>, _ make: () throws -> T
    ) throws -> T {
        let outer = pthread_getspecific(key)
        var frame = Frame(producer: ObjectIdentifier(producer), state: state, outer: outer)
        return try withUnsafeMutablePointer(to: &frame) { pointer in
            pthread_setspecific(key, UnsafeMutableRawPointer(pointer))
            defer { pthread_setspecific(key, outer) }
            return try make()
        }
    }
}
