@_spi(Reflection) import Swift

/// Finds and writes a plain `weak` stored property directly, as its own setter would.
///
/// A key path writes a `weak` property through the runtime's generic projection (about 2,600
/// instructions a write), and prints like an observed or wrapped property, which must keep using
/// it. The key path itself tells them apart: the compiler identifies a property it stores itself
/// by its stored index, and one with accessors of its own (an observer, an override) by a function.
///
/// So an offset is learned only when all of these hold, checked on the first write, after the key
/// path has written `value` (see `LearnedOffset`):
/// - the key path is exactly one settable component identified by a stored property (its layout
///   checked word for word);
/// - the class's field records (`_forEachField`) have a property of the key path's value type at
///   that index;
/// - the property's word holds exactly the bits of a weak reference to `value`, and those are not
///   the object's address (see `holdsWeakReference`).
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

    /// Whether a slot holding `stored` can only be a `weak` property holding the object at
    /// `address`, whose weak reference's bits are `weakBits`.
    ///
    /// A native weak reference points to the object's side table, never to the object. An
    /// Objective-C object's weak reference (Darwin) is its address, which a strong, `unowned` or
    /// `unowned(unsafe)` slot also holds for it: equal bits prove nothing, and a weak store into
    /// such a slot would register a non-weak variable with the Objective-C runtime, so they are
    /// refused. No `#if canImport(ObjectiveC)`: on Linux, every object native, it never refuses.
    static func holdsWeakReference(stored: UInt, weakBits: UInt, address: UInt) -> Bool {
        weakBits != 0 && weakBits != address && stored == weakBits
    }

    /// Writes `value` into the `weak` property at `address`, as its setter does.
    ///
    /// Safe only at an offset `offset(of:in:holding:)` returned, in an object of the class it was
    /// learned on (or a subclass): a weak reference there is one `Cell`'s word.
    @inline(__always)
    static func store(_ value: AnyObject, at field: FieldAddress) {
        unsafe field.address.assumingMemoryBound(to: Cell.self).pointee.object = value
    }

    /// The stored-property index identifying `keyPath`'s only component, when the key path is one
    /// settable computed component the compiler identified by a stored property.
    ///
    /// A key path object is laid out as the standard library's `KeyPath.swift` and the runtime's
    /// `KeyPath.h` describe: the object header (two words), `_kvcKeyPathStringPtr` (one), then the
    /// buffer: a 32-bit header whose low 24 bits are its size, padded to a word; then each
    /// component: a 32-bit header, padded to a word, and for a computed one its identifier, getter
    /// and setter (a word each). A component header's top byte is the kind (2: computed), and
    /// `0x0060_0000` the flags "settable" and "identified by a stored property"; any other flag
    /// (mutating, vtable slot, arguments, unresolved) makes the header differ.
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

    /// The offset of the stored property at `index` in `type`'s field records, superclasses' first,
    /// when its type is `valueType`.
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
