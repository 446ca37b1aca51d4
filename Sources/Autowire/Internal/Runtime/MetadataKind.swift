/// The kind of a type's runtime metadata (class, struct, existential…): the word every metadata record
/// starts with (ABI), readable without field records.
/// Safe: a metatype points at its metadata, which begins with that word; only the integer is kept.
enum MetadataKind {
    /// The kind word of `type`'s metadata: 0 for a Swift class, 0x303 and 0x307 for existentials,
    /// above 0x7FF an Objective-C isa pointer (a class too).
    static func of(_ type: Any.Type) -> UInt {
        unsafe unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self)
    }
}
