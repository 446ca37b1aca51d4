/// Reads from its conformance descriptor the global actor a class's conformance to `PropertyInjectable` is
/// isolated to, if any (`@MainActor final class Screen: @MainActor Injectable`, or any class of a module
/// built with Xcode 26's defaults): `MainActorIsolation`'s answer where the runtime gives none, from the bits
/// the runtime reads (`ProtocolConformance.cpp`, `_checkWitnessTableIsolation`). Nothing is guessed: a layout
/// this code does not expect (a name it cannot measure, a global actor that does not resolve) answers nil.
///
/// The layout is ABI (`swift/ABI/Metadata.h`, `TargetProtocolConformanceDescriptor`; flags in
/// `swift/ABI/MetadataValues.h`, `ConformanceFlags`): four 32-bit fields (the protocol, type reference and
/// witness table pattern as relative pointers, then the flags); then the trailing objects the flags announce
/// (see `trailingSize`), the last, when bit 19 (`HasGlobalActorIsolation`) is set, the global actor: a
/// relative pointer to its mangled type name, then one to its `GlobalActor` conformance.
enum ConformanceIsolation {
    static func globalActor(of type: any PropertyInjectable.Type) -> Any.Type? {
        guard let descriptor = unsafe conformanceDescriptor(of: type) else { return nil }
        // Safe: every conformance descriptor holds its 32-bit flags at 12.
        let flags = unsafe descriptor.load(fromByteOffset: 12, as: UInt32.self)
        guard flags & hasGlobalActorIsolation != 0 else { return nil }
        let reference = unsafe descriptor + 16 + trailingSize(before: flags, at: descriptor + 16)
        // Safe: the flags say a global-actor reference follows the trailing objects measured
        // above; its first field is a 32-bit relative pointer to a mangled name, from the field.
        let name = unsafe reference + Int(reference.load(as: Int32.self))
        guard let length = unsafe mangledNameLength(at: name) else { return nil }
        return unsafe _getTypeByMangledNameInContext(
            name.assumingMemoryBound(to: UInt8.self), UInt(length), genericContext: nil, genericArguments: nil)
    }

    /// False only when the descriptor was read and says the conformance is not isolated: a few loads, where
    /// the runtime's lookup walks every conformance of the program.
    static func mayBeIsolated(_ type: any PropertyInjectable.Type) -> Bool {
        guard let descriptor = unsafe conformanceDescriptor(of: type) else { return true }
        // Safe: every conformance descriptor holds its 32-bit flags at 12.
        return unsafe descriptor.load(fromByteOffset: 12, as: UInt32.self) & hasGlobalActorIsolation != 0
    }

    /// The first word of the witness table the existential metatype carries.
    static func conformanceDescriptor(of type: any PropertyInjectable.Type) -> UnsafeRawPointer? {
        // Wrapped in a struct so that Swift keeps the existential as it is instead of opening it.
        struct Existential {
            let type: any PropertyInjectable.Type
        }
        // A class-bound protocol's existential metatype is two words: the metadata, then the
        // witness table. Anything else means the layout is not the one this code knows.
        guard unsafe MemoryLayout<Existential>.size == 2 * MemoryLayout<UnsafeRawPointer>.size else { return nil }
        let table = unsafe withUnsafeBytes(of: Existential(type: type)) { bytes in
            // Safe: two words (checked above), word-aligned as the struct's first field is a pointer.
            unsafe bytes.load(fromByteOffset: MemoryLayout<UInt>.size, as: UInt.self)
        }
        guard let witnessTable = unsafe UnsafeRawPointer(bitPattern: table) else { return nil }
        // Safe: the first word of every witness table is its protocol conformance descriptor.
        return unsafe witnessTable.load(as: UnsafeRawPointer?.self)
    }

    /// `ConformanceFlags::HasGlobalActorIsolation`.
    static let hasGlobalActorIsolation: UInt32 = 1 << 19

    /// The bytes of the trailing objects a descriptor with `flags` has before its global-actor
    /// reference; `trailing` is where they start (the resilient witnesses' count is read there).
    static func trailingSize(before flags: UInt32, at trailing: UnsafeRawPointer) -> Int {
        var size = 0
        if flags & (1 << 6) != 0 { size += 4 }  // retroactive context
        size += Int((flags >> 8) & 0xFF) * 12  // conditional requirements
        size += Int((flags >> 24) & 0xFF) * 8  // conditional pack shapes
        if flags & (1 << 16) != 0 {
            // Safe: the flags say a resilient-witnesses header (a 32-bit count) lies here.
            let count = unsafe trailing.load(fromByteOffset: size, as: UInt32.self)
            size += 4 + Int(count) * 8
        }
        if flags & (1 << 17) != 0 { size += 12 }  // generic witness table
        return size
    }

    /// The length of the mangled name at `name`, symbolic references included (a byte 1–23 is followed by a
    /// 32-bit relative reference, 24–31 by a pointer). Nil past 4,096 bytes, more than any actor's name.
    static func mangledNameLength(at name: UnsafeRawPointer) -> Int? {
        var length = 0
        while length < 4096 {
            // Safe: a mangled name is NUL-terminated, and its references are skipped whole.
            let byte = unsafe name.load(fromByteOffset: length, as: UInt8.self)
            switch byte {
            case 0: return length
            case 1...23: length += 1 + 4
            case 24...31: unsafe length += 1 + MemoryLayout<UnsafeRawPointer>.size
            default: length += 1
            }
        }
        return nil
    }
}
