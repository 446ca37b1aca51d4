#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Finds a function or variable by name in everything the process loaded (`dlsym` with `RTLD_DEFAULT`), for
/// entry points used when present: runtime functions newer than the oldest supported runtime, C functions
/// the Swift module does not show, the sanitizers' interfaces. The one place spelling `RTLD_DEFAULT`:
/// Darwin's module cannot import it (a C macro casting `-2` to a pointer); Linux's shows a null handle.
enum LoadedSymbol {
    static func address(named name: String) -> UnsafeMutableRawPointer? {
        unsafe dlsym(everywhere, name)
    }

    /// `RTLD_DEFAULT`: search every image loaded into the process, in load order.
    private static var everywhere: UnsafeMutableRawPointer? {
        #if canImport(Darwin)
            // <dlfcn.h>: `#define RTLD_DEFAULT ((void *) -2)`.
            UnsafeMutableRawPointer(bitPattern: -2)
        #else
            // glibc and musl: `#define RTLD_DEFAULT ((void *) 0)`.
            nil
        #endif
    }
}
