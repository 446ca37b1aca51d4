#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the system says about the calling thread.
enum CurrentThread {
    /// The thread's identity (`pthread_self()`), unique among running threads.
    @inline(__always)
    static var id: UInt {
        #if canImport(Darwin)
            UInt(bitPattern: pthread_self())
        #else
            UInt(pthread_self())
        #endif
    }

    static var isMain: Bool {
        #if canImport(Darwin)
            return pthread_main_np() != 0
        #else
            // On Linux the main thread's id is the process id.
            return linuxThreadID?() == getpid()
        #endif
    }

    /// The thread's stack: lowest address (stacks grow down) and size in bytes; nil if the system can't say.
    static var stack: (low: UInt, size: Int)? {
        #if canImport(Darwin)
            let thread = pthread_self()
            let high = UInt(bitPattern: pthread_get_stackaddr_np(thread))
            let size = pthread_get_stacksize_np(thread)
            guard size > 0, high > UInt(size) else { return nil }
            return (high - UInt(size), size)
        #elseif canImport(Glibc) || canImport(Musl)
            var attributes = pthread_attr_t()
            guard let getAttributes = unsafe getThreadAttributes, unsafe getAttributes(pthread_self(), &attributes) == 0
            else {
                return nil
            }
            defer { unsafe pthread_attr_destroy(&attributes) }
            var address: UnsafeMutableRawPointer?
            var size = 0
            guard unsafe pthread_attr_getstack(&attributes, &address, &size) == 0, let address = unsafe address,
                size > 0
            else {
                return nil
            }
            return (UInt(bitPattern: address), size)
        #else
            return nil
        #endif
    }

    #if canImport(Glibc) || canImport(Musl)
        /// `pthread_getattr_np`, which the C library has but its Swift module does not show (it is
        /// declared only for `_GNU_SOURCE`); looked up once by name.
        private static let getThreadAttributes:
            (@convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32)? = {
                guard let symbol = unsafe LoadedSymbol.address(named: "pthread_getattr_np") else { return nil }
                // Safe: glibc and musl's `int pthread_getattr_np(pthread_t, pthread_attr_t *)`, this C type.
                return unsafe unsafeBitCast(
                    symbol, to: (@convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32).self)
            }()
    #endif

    #if !canImport(Darwin)
        /// `gettid()`, looked up at run time: the Glibc module does not export it.
        private static let linuxThreadID: (@convention(c) () -> pid_t)? = {
            guard let symbol = unsafe LoadedSymbol.address(named: "gettid") else { return nil }
            // Safe: glibc and musl declare `pid_t gettid(void)`, exactly this C function type.
            return unsafe unsafeBitCast(symbol, to: (@convention(c) () -> pid_t).self)
        }()
    #endif
}
