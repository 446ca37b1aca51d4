/// A table a resolve program owns: copied into the program's `TableBlock` when it is made, never written
/// after, read by index while it runs, deinitialized from its `deinit` before the block is freed. A read is
/// one load, where an array costs a bounds check and, through a class property, a retain.
///
/// Invariant: the lowering writes only indexes of entries it put in the table, and the program frees its
/// block only in its `deinit`, when no run can hold it.
@safe struct FixedBuffer<Element> {
    private let storage: UnsafeMutableBufferPointer<Element>

    /// Copies `array` into the room `TableBlock.Layout.reserve` gave it in `block`.
    init(_ array: [Element], in block: TableBlock, at offset: Int) {
        self.init(array, in: block, at: offset) { $0 }
    }

    /// The same, each element transformed: no intermediate array.
    init<Source>(_ array: [Source], in block: TableBlock, at offset: Int, _ transform: (Source) -> Element) {
        // Safe: the layout reserved `array.count` aligned `Element`s at `offset`, for this table alone.
        let start = unsafe block.address(at: offset).bindMemory(to: Element.self, capacity: array.count)
        for (index, element) in array.enumerated() {
            unsafe (start + index).initialize(to: transform(element))
        }
        unsafe storage = UnsafeMutableBufferPointer(start: start, count: array.count)
    }

    @inline(__always)
    subscript(index: Int) -> Element { unsafe storage[index] }

    var count: Int { unsafe storage.count }

    func count(where predicate: (Element) -> Bool) -> Int { unsafe storage.count(where: predicate) }

    func contains(where predicate: (Element) -> Bool) -> Bool { unsafe storage.contains(where: predicate) }

    /// The address of the first entry (inside the block even when the table is empty), for what
    /// points into it (a `ProgramCall` into the constants and arguments; the loop's code pointer).
    @inline(__always)
    var address: UnsafeMutablePointer<Element> { unsafe storage.baseAddress.unsafelyUnwrapped }

    /// Once, from the owning program's `deinit`, before the block's `free()`.
    func deinitialize() { _ = unsafe storage.deinitialize() }
}

/// One allocation holding every table of a resolve program, each aligned for its elements, rather than one
/// allocation a table (about eight a program).
@safe struct TableBlock {
    /// Where each table goes: measured before the block is allocated.
    struct Layout {
        private(set) var byteCount = 0
        /// The largest alignment of the elements reserved: the block's own.
        private(set) var alignment = 1

        mutating func reserve<Element>(_: Element.Type, count: Int) -> Int {
            let elementAlignment = MemoryLayout<Element>.alignment
            alignment = Swift.max(alignment, elementAlignment)
            let offset = (byteCount + elementAlignment - 1) / elementAlignment * elementAlignment
            byteCount = offset + MemoryLayout<Element>.stride * count
            return offset
        }
    }

    private let base: UnsafeMutableRawPointer

    /// At least one byte, so that every table has an address.
    init(_ layout: Layout) {
        unsafe base = .allocate(byteCount: Swift.max(layout.byteCount, 1), alignment: layout.alignment)
    }

    func address(at offset: Int) -> UnsafeMutableRawPointer {
        // Safe: `offset` came from this block's layout: inside it, or its end for an empty table, never read.
        unsafe base + offset
    }

    /// Frees the block, once, after every table in it was deinitialized.
    func free() {
        // Safe: only its owner `ResolveProgram`'s `deinit` calls it, when no run holds the program.
        unsafe base.deallocate()
    }
}
