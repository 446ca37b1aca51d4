#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A key of thread-specific storage (`pthread_key_t`): under one key, each thread has its own
/// pointer, nil until that thread sets one.
struct ThreadLocalKey: Sendable {
    private let key: pthread_key_t

    /// A new key, or nil when the system has none left. `destructor`, if any, is called at a
    /// thread's exit with the value the thread left under the key, when it is not nil.
    init?(destructor: (@convention(c) (UnsafeMutableRawPointer?) -> Void)? = nil) {
        var key = pthread_key_t()
        #if canImport(Darwin)
            // Darwin declares the destructor's parameter non-optional; it passes the same pointer,
            // and never a null one, so the two function types are one C function.
            let status = pthread_key_create(
                &key, unsafeBitCast(destructor, to: (@convention(c) (UnsafeMutableRawPointer) -> Void)?.self))
        #else
            let status = unsafe pthread_key_create(&key, destructor)
        #endif
        guard status == 0 else { return nil }
        self.key = key
    }

    @inline(__always)
    var value: UnsafeMutableRawPointer? { unsafe pthread_getspecific(key) }

    /// Sets this thread's value (`pthread_setspecific`); false when the system could not store it.
    @inline(__always)
    @discardableResult
    func set(_ value: UnsafeMutableRawPointer?) -> Bool { unsafe pthread_setspecific(key, value) == 0 }
}
