#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Finds a function or variable by name in everything the process has loaded (`dlsym` with
/// `RTLD_DEFAULT`), for the entry points the library uses when present and does without otherwise:
/// runtime functions newer than the oldest supported runtime, C library functions the Swift module
/// does not show, and the sanitizers' interfaces.
///
/// The one place that spells `RTLD_DEFAULT`: the C library's Swift module on Linux shows it as a
/// null handle, and Darwin's cannot show it at all (it is a C macro casting `-2` to a pointer, which
/// Swift does not import), so Darwin's value is written out here.
enum LoadedSymbol {
    /// The address of the symbol `name`, or nil when nothing the process loaded exports it.
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
