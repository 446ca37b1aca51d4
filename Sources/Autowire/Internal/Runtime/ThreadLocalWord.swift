/// One word of storage per thread under a key, 0 until the thread writes it, in a cell allocated on first
/// use and set once as the thread's value, so a read or write costs one `pthread_getspecific` and a memory
/// access (no `pthread_setspecific` a write). `makeKey()`'s key frees each thread's cell at its exit.
/// Safe because a cell is reached only through the key, by its own thread (the word is not `Sendable`), and
/// freed only at that thread's exit, after the last code that could use it.
@safe struct ThreadLocalWord {
    private let cell: UnsafeMutablePointer<UInt>

    /// A key whose values are words' cells; nil when the system has no key left.
    static func makeKey() -> ThreadLocalKey? {
        unsafe ThreadLocalKey { value in
            // Safe: only `current(under:)` stores values under such a key, each a cell allocated
            // for its thread, and the system calls this once per value, at thread exit.
            unsafe value?.assumingMemoryBound(to: UInt.self).deallocate()
        }
    }

    /// This thread's word under `key` (from `makeKey()`), its cell made on first use; nil if not storable.
    @inline(__always)
    static func current(under key: ThreadLocalKey) -> ThreadLocalWord? {
        guard let value = unsafe key.value else { return makeCell(under: key) }
        return unsafe ThreadLocalWord(cell: value.assumingMemoryBound(to: UInt.self))
    }

    @inline(never)
    private static func makeCell(under key: ThreadLocalKey) -> ThreadLocalWord? {
        let cell = UnsafeMutablePointer<UInt>.allocate(capacity: 1)
        unsafe cell.initialize(to: 0)
        guard unsafe key.set(UnsafeMutableRawPointer(cell)) else {
            unsafe cell.deallocate()
            return nil
        }
        return unsafe ThreadLocalWord(cell: cell)
    }

    @inline(__always)
    private init(cell: UnsafeMutablePointer<UInt>) { unsafe self.cell = cell }

    var value: UInt {
        @inline(__always) get { unsafe cell.pointee }
        @inline(__always) nonmutating set { unsafe cell.pointee = newValue }
    }
}
