/// A table a resolve program owns: copied from an array into the program's `TableBlock` when the
/// program is made, never written after, read by index while it runs, and deinitialized with the
/// program (`deinitialize()`, from its `deinit`, before the block is freed).
///
/// An array read in the program loop costs a bounds check and, through a class property, a retain
/// of its storage; this costs one load. Reading it is safe under the program's invariant: the
/// lowering writes only indexes of entries it put in the table, and the program frees its block
/// only in its `deinit`, when no run can hold it.
@safe struct FixedBuffer<Element> {
    private let storage: UnsafeMutableBufferPointer<Element>

    /// A table of `array`'s elements in `block`, at the room `layout` reserved for them
    /// (`TableBlock.Layout.reserve`).
    init(_ array: [Element], in block: TableBlock, at offset: Int) {
        self.init(array, in: block, at: offset) { $0 }
    }

    /// The same, each element transformed: no intermediate array.
    init<Source>(_ array: [Source], in block: TableBlock, at offset: Int, _ transform: (Source) -> Element) {
        // Safe: the layout reserved `array.count` elements of `Element` at `offset`, aligned for
        // it, inside the block; nothing else is placed there.
        let start = unsafe block.address(at: offset).bindMemory(to: Element.self, capacity: array.count)
        for (index, element) in array.enumerated() {
            unsafe (start + index).initialize(to: transform(element))
        }
        unsafe storage = UnsafeMutableBufferPointer(start: start, count: array.count)
    }

    /// The entry at `index`, which the lowering put there.
    @inline(__always)
    subscript(index: Int) -> Element { unsafe storage[index] }

    var count: Int { unsafe storage.count }

    /// How many entries satisfy `predicate`.
    func count(where predicate: (Element) -> Bool) -> Int { unsafe storage.count(where: predicate) }

    /// Whether some entry satisfies `predicate`.
    func contains(where predicate: (Element) -> Bool) -> Bool { unsafe storage.contains(where: predicate) }

    /// The address of the first entry (inside the block even when the table is empty), for what
    /// points into it (a `ProgramCall` into the constants and arguments; the loop's code pointer).
    @inline(__always)
    var address: UnsafeMutablePointer<Element> { unsafe storage.baseAddress.unsafelyUnwrapped }

    /// Deinitializes the entries, once, from the owning program's `deinit`; the block's `free()`
    /// then frees the memory.
    func deinitialize() { _ = unsafe storage.deinitialize() }
}

/// One allocation holding every table of a resolve program, each at an offset aligned for its
/// elements, rather than one allocation a table (about eight a program).
@safe struct TableBlock {
    /// Where each table goes: measured before the block is allocated.
    struct Layout {
        private(set) var byteCount = 0
        /// The largest alignment of the elements reserved: the block's own.
        private(set) var alignment = 1

        /// Reserves room for `count` elements of `Element`; returns its offset.
        mutating func reserve<Element>(_: Element.Type, count: Int) -> Int {
            let elementAlignment = MemoryLayout<Element>.alignment
            alignment = Swift.max(alignment, elementAlignment)
            let offset = (byteCount + elementAlignment - 1) / elementAlignment * elementAlignment
            byteCount = offset + MemoryLayout<Element>.stride * count
            return offset
        }
    }

    private let base: UnsafeMutableRawPointer

    /// A block as large and as aligned as `layout` measured (at least one byte, so that every
    /// table has an address).
    init(_ layout: Layout) {
        unsafe base = .allocate(byteCount: Swift.max(layout.byteCount, 1), alignment: layout.alignment)
    }

    /// The address `offset` bytes into the block: where `Layout.reserve` put a table.
    func address(at offset: Int) -> UnsafeMutableRawPointer {
        // Safe: `offset` came from the layout this block was allocated for, so it lies within the
        // block (or at its end, for an empty last table, whose address is never read through).
        unsafe base + offset
    }

    /// Frees the block, once, after every table in it was deinitialized.
    func free() {
        // Safe: its one owner (`ResolveProgram`) calls this only from its `deinit`, when no run
        // holds the program and no table is read again.
        unsafe base.deallocate()
    }
}
