/// A table a resolve program owns: copied from an array when the program is made, never written
/// after, read by index while it runs, and freed with the program (`free()`, from its `deinit`).
///
/// An array read in the program loop costs a bounds check and, through a class property, a retain
/// of its storage; this costs one load. Reading it is safe under the program's invariant: the
/// lowering writes only indexes of entries it put in the table (an instruction names an entry of
/// the table it reads, and no instruction names an entry of an empty one), and the program frees
/// its tables only in its `deinit`, when no run can hold it.
@safe struct FixedBuffer<Element> {
    private let storage: UnsafeMutableBufferPointer<Element>

    /// A table of `array`'s elements. An empty array gets no allocation unless
    /// `allocatingWhenEmpty`: a table with no address, which `free()` frees as nothing.
    init(_ array: [Element], allocatingWhenEmpty: Bool = false) {
        self.init(array, allocatingWhenEmpty: allocatingWhenEmpty) { $0 }
    }

    /// A table of `array`'s elements, each transformed: no intermediate array.
    init<Source>(_ array: [Source], allocatingWhenEmpty: Bool = false, _ transform: (Source) -> Element) {
        guard !array.isEmpty || allocatingWhenEmpty else {
            unsafe storage = UnsafeMutableBufferPointer(start: nil, count: 0)
            return
        }
        // Room for at least one element, so that an allocated table's address is never nil; only
        // `array.count` are initialized and exposed, and the rebased buffer keeps the allocation's
        // base address, which is what `free()` deallocates.
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: Swift.max(array.count, 1))
        for (index, element) in array.enumerated() {
            unsafe (buffer.baseAddress.unsafelyUnwrapped + index).initialize(to: transform(element))
        }
        unsafe storage = UnsafeMutableBufferPointer(rebasing: buffer[0..<array.count])
    }

    /// The entry at `index`, which the lowering put there.
    @inline(__always)
    subscript(index: Int) -> Element { unsafe storage[index] }

    var count: Int { unsafe storage.count }

    /// How many entries satisfy `predicate`.
    func count(where predicate: (Element) -> Bool) -> Int { unsafe storage.count(where: predicate) }

    /// The address of the first entry of an allocated table, for what points into it (a
    /// `ProgramCall` into the constants and arguments; the loop's code pointer).
    @inline(__always)
    var address: UnsafeMutablePointer<Element> { unsafe storage.baseAddress.unsafelyUnwrapped }

    /// Deinitializes and frees the table: once, from the owning program's `deinit`.
    func free() { unsafe storage.deinitialize().deallocate() }
}
