@_spi(Reflection) import Swift

/// Finds and writes a plain `weak` stored property directly, as its setter would: a key path writes it
/// through the runtime's generic projection (~2,600 instructions a write). Observed or wrapped properties
/// print alike and must keep the key path, which tells them apart: the compiler identifies a property it
/// stores itself by its stored index, one with accessors of its own by a function. An offset is learned
/// only when, on the first write, after the key path wrote `value` (see `LearnedOffset`):
/// - the key path is exactly one settable component identified by a stored property (checked per word);
/// - the class's field records have a property of the key path's value type at that index;
/// - the property's word holds exactly a weak reference to `value`, not its address (`holdsWeakReference`).
enum WeakField {
    /// A weak reference as the runtime stores it: one word, for any class (a class-bound
    /// existential adds a witness table, and is never learned: its value is not a class reference).
    private struct Cell {
        weak var object: AnyObject?
    }

    /// The offset of the plain `weak` property `keyPath` names in `object`, which the key path has
    /// just set to `value`; nil when it is anything else.
    static func offset(of keyPath: AnyKeyPath, in object: AnyObject, holding value: AnyObject) -> Int? {
        guard MemoryLayout<Cell>.size == MemoryLayout<UInt>.size, let index = storedPropertyIndex(of: keyPath),
            let offset = fieldOffset(at: index, in: type(of: keyPath).rootType, of: type(of: keyPath).valueType)
        else { return nil }
        // Safe: the field records place the property inside every object of the key path's root
        // class (`object` is one), at a word-aligned offset (checked), past the object's header.
        guard offset >= 2 * MemoryLayout<UInt>.size, offset % MemoryLayout<UInt>.alignment == 0 else { return nil }
        let stored = unsafe UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()).load(
            fromByteOffset: offset, as: UInt.self)
        var reference = Cell(object: value)
        // Safe: a `Cell` is one word (checked above), read as the bits it holds.
        let expected = unsafe withUnsafeBytes(of: &reference) { unsafe $0.load(as: UInt.self) }
        let address = unsafe UInt(bitPattern: Unmanaged.passUnretained(value).toOpaque())
        return holdsWeakReference(stored: stored, weakBits: expected, address: address) ? offset : nil
    }

    /// Whether a slot holding `stored` can only be a `weak` property holding the object at `address`, whose
    /// weak reference's bits are `weakBits`. A native weak reference points to the object's side table; an
    /// Objective-C object's (Darwin) is its address, which a strong or `unowned` slot holds too: equal bits
    /// prove nothing, and a weak store there would register a non-weak variable with the Objective-C runtime.
    /// No `#if canImport(ObjectiveC)`: on Linux, every object native, it never refuses.
    static func holdsWeakReference(stored: UInt, weakBits: UInt, address: UInt) -> Bool {
        weakBits != 0 && weakBits != address && stored == weakBits
    }

    /// Writes `value` into the `weak` property at `field`, as its setter does.
    /// Safe only at an offset `offset(of:in:holding:)` returned, in an object of the class it was learned on
    /// (or a subclass): a weak reference there is one `Cell`'s word.
    @inline(__always)
    static func store(_ value: AnyObject, at field: FieldAddress) {
        unsafe field.address.assumingMemoryBound(to: Cell.self).pointee.object = value
    }

    /// The stored-property index identifying `keyPath`'s only component, when it is one settable computed
    /// component the compiler identified by a stored property. Buffer layout as in `KeyPathLayout.read`; a
    /// computed component is a 32-bit header padded to a word, then identifier, getter and setter (a word
    /// each). The header's top byte is the kind (2: computed), `0x0060_0000` the flags "settable" and
    /// "identified by a stored property"; any other flag (mutating, vtable slot, arguments...) changes it.
    private static func storedPropertyIndex(of keyPath: AnyKeyPath) -> Int? {
        let word = MemoryLayout<UInt>.size
        guard word == 8 else { return nil }
        let base = unsafe UnsafeRawPointer(Unmanaged.passUnretained(keyPath).toOpaque())
        // Safe: every key path object holds its buffer header, at 3 words.
        let bufferHeader = unsafe base.load(fromByteOffset: 3 * word, as: UInt32.self)
        // A computed component without arguments: header and padding, identifier, getter, setter.
        guard bufferHeader & 0x00FF_FFFF == UInt32(4 * word) else { return nil }
        // Safe: the buffer holds that many bytes past its header word.
        let componentHeader = unsafe base.load(fromByteOffset: 4 * word, as: UInt32.self)
        guard componentHeader == 0x0260_0000 else { return nil }
        // Safe: inside the same 32 bytes; a computed component's identifier follows its header.
        let index = unsafe base.load(fromByteOffset: 5 * word, as: Int.self)
        return index >= 0 ? index : nil
    }

    /// The offset of the stored property at `index` (superclasses' first) in `type`, if of type `valueType`.
    private static func fieldOffset(at index: Int, in type: Any.Type, of valueType: Any.Type) -> Int? {
        var current = 0
        var found: Int?
        _ = unsafe _forEachField(of: type, options: .classFields) { _, offset, fieldType, _ in
            defer { current += 1 }
            guard current == index else { return true }
            if fieldType == valueType { found = offset }
            return false
        }
        return found
    }
}
