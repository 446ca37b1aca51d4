@_spi(Reflection) import Swift

/// A class's stored properties, superclasses' first, as the runtime's field records list them
/// (`_forEachField`, which reads no value): name, byte offset and type. What the audit of forgotten
/// dependencies lays a class out with (`ProbeLayout`).
///
/// Safe because `isZeroWord(at:in:)` reads only where the records say a word lies: in an instance of the
/// listed class or a subclass (same fields at the same offsets), in a field at least a word long and
/// word-aligned, and only that word, as an integer (no reference is loaded or retained).
struct ClassFields: Sendable {
    struct Field: Sendable {
        /// The stored name: `_name` for a property wrapper's storage; empty when the records have
        /// no names (`-disable-reflection-names`).
        let name: String
        let offset: Int
        let type: Any.Type
        /// Whether the field starts with a whole, aligned word that `isZeroWord(at:in:)` may read.
        fileprivate let holdsWord: Bool
    }

    private let listed: AnyClass
    let fields: [Field]
    /// False when the runtime stopped the listing early (a field it could not describe).
    let isComplete: Bool

    init(of type: AnyClass) {
        var fields: [Field] = []
        let complete = unsafe _forEachField(of: type, options: .classFields) { name, offset, fieldType, _ in
            // Safe: `_forEachField` passes each field's name as a NUL-terminated C string.
            let name = unsafe String(cString: name)
            let holdsWord =
                offset % MemoryLayout<UInt>.alignment == 0 && Self.size(of: fieldType) >= MemoryLayout<UInt>.size
            fields.append(Field(name: name, offset: offset, type: fieldType, holdsWord: holdsWord))
            return true
        }
        listed = type
        self.fields = fields
        isComplete = complete
    }

    /// Whether the first word of field `index` is zero in `object`; nil when that cannot be read
    /// safely (`object` is not an instance of the listed class, or the field holds no whole word).
    func isZeroWord(at index: Int, in object: AnyObject) -> Bool? {
        guard fields.indices.contains(index), fields[index].holdsWord, Self.isInstance(object, of: listed) else {
            return nil
        }
        let base = unsafe UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
        return unsafe base.load(fromByteOffset: fields[index].offset, as: UInt.self) == 0
    }

    private static func size<T>(of _: T.Type) -> Int { MemoryLayout<T>.size }

    private static func isInstance(_ object: AnyObject, of type: AnyClass) -> Bool {
        sequence(first: Swift.type(of: object), next: { _getSuperclass($0) }).contains { $0 == type }
    }
}

extension _EachFieldOptions {
    /// `.classType`, which the standard library declares as a mutable `static var` that strict
    /// concurrency rejects; the value is ABI.
    static let classFields = _EachFieldOptions(rawValue: 1 << 0)
}
