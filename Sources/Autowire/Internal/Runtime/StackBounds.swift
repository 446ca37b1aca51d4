/// The part of the current thread's stack a resolve may use, so that going deeper throws
/// `resolution-too-deep` rather than overflow: a resolve recurses once per object, on stacks as small as
/// 512 KiB (Darwin's secondary threads, Swift concurrency's). Counting levels cannot tell what is left
/// (frame sizes depend on build, caller and user `init()`s); a local's address against the stack's low
/// end can. The bounds cost a system call (Linux's main thread reads `/proc/self/maps`): read once a thread.
struct StackBounds {
    /// The lowest address of the stack (stacks grow down).
    let low: UInt
    /// How close to `low` a resolve may go before it stops: room left for a user's `init()`, the
    /// error path and whatever the caller does afterwards.
    let reserve: UInt
    /// The bytes above the reserve: where a resolve may run.
    let usable: UInt
    /// The stack's size in bytes, named in the error.
    let size: Int

    /// Bounds that never stop a resolve: used when the thread's stack cannot be read.
    static let unknown = StackBounds(low: 0, reserve: 0, usable: .max, size: 0)

    static let minimumReserve = 64 << 10

    private init(low: UInt, reserve: UInt, usable: UInt, size: Int) {
        self.low = low
        self.reserve = reserve
        self.usable = usable
        self.size = size
    }

    /// Bounds for a stack of `size` bytes from `low`: an eighth of it, at least 64 KiB, stays free.
    init(low: UInt, size: Int) {
        let reserve = min(max(Self.minimumReserve, size / 8), size / 2)
        self.init(low: low, reserve: UInt(reserve), usable: UInt(size - reserve), size: size)
    }

    /// Whether the caller runs in the reserve. One comparison on the common path: the local's unsigned
    /// distance above the reserve is below `usable` only on this stack above the reserve (below, it wraps).
    @inline(__always)
    func isExhausted() -> Bool {
        var marker: UInt8 = 0
        // Safe: only the address is kept, never dereferenced: it stands for the stack's depth.
        let here = unsafe withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        if here &- low &- reserve < usable { return false }
        return isExhausted(at: here)
    }

    /// Whether `address`, a local not on this stack above the reserve, is in the reserve, or in an
    /// AddressSanitizer "fake stack" frame whose real frame is.
    @inline(never)
    func isExhausted(at address: UInt) -> Bool {
        if address &- low < reserve { return true }
        guard let real = AddressSanitizer.realFrame(of: address) else { return false }
        return real &- low < reserve
    }

    static var current: StackBounds {
        guard let key = threadKey else { return .unknown }
        if let cached = unsafe key.value {
            // Safe: values under this key are `StackBounds` from `cache(_:under:)`, freed at thread exit.
            return unsafe cached.assumingMemoryBound(to: StackBounds.self).pointee
        }
        let bounds = readCurrentThread()
        cache(bounds, under: key)
        return bounds
    }

    /// The key of the per-thread copy, created once per process; nil if the system has none left.
    private static let threadKey = unsafe ThreadLocalKey { value in
        // Safe: only `cache(_:under:)` stores values under this key, each a `StackBounds`
        // allocated for its thread, and the system calls this once per value, at thread exit.
        unsafe value?.assumingMemoryBound(to: StackBounds.self).deinitialize(count: 1).deallocate()
    }

    private static func cache(_ bounds: StackBounds, under key: ThreadLocalKey) {
        let copy = UnsafeMutablePointer<StackBounds>.allocate(capacity: 1)
        unsafe copy.initialize(to: bounds)
        // A thread that cannot store it reads its bounds again next time; the copy must not leak.
        if unsafe !key.set(copy) { unsafe copy.deinitialize(count: 1).deallocate() }
    }

    private static func readCurrentThread() -> StackBounds {
        guard let (low, size) = CurrentThread.stack else { return .unknown }
        return StackBounds(low: low, size: size)
    }
}

/// What a stack check needs from AddressSanitizer, looked up by name: with `detect_stack_use_after_return`,
/// locals live in heap "fake frames", and only the sanitizer knows the real stack frame standing for one.
private enum AddressSanitizer {
    private typealias CurrentFakeStack = @convention(c) () -> UnsafeMutableRawPointer?
    private typealias AddressIsInFakeStack =
        @convention(c) (
            UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
            UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        ) -> UnsafeMutableRawPointer?

    private static let functions: (CurrentFakeStack, AddressIsInFakeStack)? = {
        guard let current = unsafe LoadedSymbol.address(named: "__asan_get_current_fake_stack"),
            let lookup = unsafe LoadedSymbol.address(named: "__asan_addr_is_in_fake_stack")
        else { return nil }
        // Safe: these are the documented signatures of both functions in
        // <sanitizer/asan_interface.h>: `void *__asan_get_current_fake_stack(void)` and
        // `void *__asan_addr_is_in_fake_stack(void *fake_stack, void *addr, void **beg, void **end)`.
        return unsafe (
            unsafeBitCast(current, to: CurrentFakeStack.self), unsafeBitCast(lookup, to: AddressIsInFakeStack.self)
        )
    }()

    /// The address on the real stack of the fake frame holding `address`, if it is in one.
    static func realFrame(of address: UInt) -> UInt? {
        guard let (current, lookup) = unsafe functions, let fakeStack = unsafe current(),
            let real = unsafe lookup(fakeStack, UnsafeMutableRawPointer(bitPattern: address), nil, nil)
        else { return nil }
        return UInt(bitPattern: real)
    }
}
