@_spi(Reflection) import Swift

/// Tells whether a class hierarchy was compiled without reflection metadata (`-disable-reflection-metadata`,
/// which apps use to save size). Then `Mirror` and `_forEachField` report no stored properties, as for a
/// class with none, and the audit must say it cannot check rather than pass. The type descriptor tells the
/// two apart: its field count (`NumFields`, needed for layout) is always there, while its field-records
/// pointer (`Fields`) is null exactly when they were not emitted.
enum FieldRecords {
    /// Whether `type` or one of its Swift superclasses has stored properties but no field records.
    /// False when the runtime cannot say (the audit then trusts what `_forEachField` reports).
    static func areMissing(in type: AnyClass) -> Bool {
        guard let descriptorOf = unsafe typeContextDescriptor else { return false }
        return sequence(first: type, next: { _getSuperclass($0) }).contains { current in
            // Safe: a class metatype is a pointer to its metadata, which is what the runtime takes.
            // Objective-C classes have no Swift descriptor (nil) and no Swift fields to check.
            guard let descriptor = unsafe descriptorOf(unsafeBitCast(current, to: UnsafeRawPointer.self)) else {
                return false
            }
            return unsafe isMissing(classDescriptor: descriptor)
        }
    }

    /// Whether `type` or a superclass has field records with stripped names (`-disable-reflection-names`,
    /// Xcode's "Reflection Metadata Level: Without Names"): printing a key path to such a property traps in
    /// the standard library, and `Mirror` labels are empty.
    static func haveNoNames(in type: AnyClass) -> Bool {
        var nameless = false
        _ = unsafe _forEachField(of: type, options: .classFields) { name, _, _, _ in
            // Safe: `_forEachField` passes each field's name as a NUL-terminated C string.
            nameless = unsafe name.pointee == 0
            return !nameless
        }
        return nameless
    }

    /// Reads a class descriptor, whose layout is ABI: `Flags` (UInt32) at 0, with the context
    /// kind in its low five bits (16 for a class); the relative pointer `Fields` (Int32) at 16;
    /// `NumFields` (UInt32) at 36.
    private static func isMissing(classDescriptor descriptor: UnsafeRawPointer) -> Bool {
        // Safe: every context descriptor starts with its 32-bit flags.
        let flags = unsafe descriptor.load(as: UInt32.self)
        guard flags & 0x1F == 16 else { return false }
        // Safe: a class descriptor (checked above) is 44+ bytes, 4-byte aligned: both fields lie inside.
        let fields = unsafe descriptor.load(fromByteOffset: 16, as: Int32.self)
        let fieldCount = unsafe descriptor.load(fromByteOffset: 36, as: UInt32.self)
        return fields == 0 && fieldCount > 0
    }

    /// `swift_getTypeContextDescriptor`, looked up at run time so that its absence only turns the check off.
    private static let typeContextDescriptor: (@convention(c) (UnsafeRawPointer) -> UnsafeRawPointer?)? = {
        guard let symbol = unsafe LoadedSymbol.address(named: "swift_getTypeContextDescriptor") else { return nil }
        // Safe: its Swift convention passes one pointer in and one out as C's does on supported platforms.
        return unsafe unsafeBitCast(symbol, to: (@convention(c) (UnsafeRawPointer) -> UnsafeRawPointer?).self)
    }()
}

/// Tells `weak`, `unowned` and `unowned(unsafe)` stored properties from strong ones without reading values:
/// `swift_reflectionMirror_recursiveChildMetadata` (what `_forEachField` calls) reports each field's
/// `isStrong`. Looked up at run time, so its absence only turns the distinction off (all fields strong).
enum FieldOwnership {
    /// The runtime's `_FieldReflectionMetadata`: the name (freed by `freeFunc` when set), then two flags.
    @safe private struct FieldMetadata {
        var name: UnsafePointer<CChar>? = nil
        var freeFunc: (@convention(c) (UnsafePointer<CChar>?) -> Void)? = nil
        var isStrong = false
        var isVar = false
    }

    /// Whether each of the `count` stored properties of `type` and its superclasses (superclasses'
    /// first, as `_forEachField` lists them) is strong; nil when the runtime cannot say.
    static func strongFields(of type: AnyClass, count: Int) -> [Bool]? {
        guard let childMetadata = unsafe childMetadata else { return nil }
        // Safe: a class metatype is a pointer to its metadata, which is what the runtime takes.
        let metadata = unsafe unsafeBitCast(type, to: UnsafeRawPointer.self)
        return (0..<count).map { index in
            var field = FieldMetadata()
            _ = unsafe withUnsafeMutablePointer(to: &field) {
                unsafe childMetadata(metadata, index, UnsafeMutableRawPointer($0))
            }
            unsafe field.freeFunc?(field.name)
            return field.isStrong
        }
    }

    /// `swift_reflectionMirror_recursiveChildMetadata(type, index, fieldMetadata)`. Safe to call as C: its
    /// Swift convention passes three words in and a pointer out as C's does on supported platforms.
    private static let childMetadata:
        (@convention(c) (UnsafeRawPointer, Int, UnsafeMutableRawPointer) -> UnsafeRawPointer?)? = {
            guard let symbol = unsafe LoadedSymbol.address(named: "swift_reflectionMirror_recursiveChildMetadata")
            else {
                return nil
            }
            return unsafe unsafeBitCast(
                symbol, to: (@convention(c) (UnsafeRawPointer, Int, UnsafeMutableRawPointer) -> UnsafeRawPointer?).self)
        }()
}
