/// What an instantiated key path says of itself, read from the layout the standard library gives
/// it (its `KeyPath.swift`, and the component headers of the shims' `KeyPath.h`, which compilers
/// also emit into binaries): whether it is one stored property of a class, and at which offset.
///
/// Read rather than printed: `String(describing:)` of a key path searches the program's reflection
/// metadata for the property's name (about two million instructions a declaration in the
/// benchmark's binary, and runtime caches that stay), which every first resolve of a type in a
/// process paid (`LearnedOffset.learn`, the first-fill check).
///
/// A wrong answer could not corrupt memory: `LearnedOffset` keeps an offset only where this one
/// and the address the key path projects agree, and the first-fill check only matches fields by
/// it. The layout is trusted only once it read a probe class's key paths right (`isUnderstood`);
/// elsewhere the answer is `unreadable`, and callers print the key path, as before.
enum KeyPathLayout {
    enum Component: Equatable {
        /// A single stored property of a class (`\Type.name` of a final class, or a final
        /// subclass's own): the property lies `offset` bytes from the object's start.
        case storedClassProperty(offset: Int)
        /// Anything else: computed, observed, wrapped, `lazy`, `weak`, `unowned`, overridable,
        /// several components, a struct's property.
        case other
        /// This runtime lays key paths out otherwise.
        case unreadable
    }

    /// What `keyPath` is (see `Component`).
    static func component(of keyPath: AnyKeyPath) -> Component {
        guard isUnderstood else { return .unreadable }
        return read(keyPath).map { .storedClassProperty(offset: $0) } ?? .other
    }

    /// Whether `read` answers right on this runtime: checked once, on a probe class.
    static let isUnderstood: Bool = {
        let probe = LayoutProbe()
        guard let first = read(\LayoutProbe.first), let second = read(\LayoutProbe.second) else { return false }
        return first == FieldAddress.offset(of: \LayoutProbe.first, in: probe)
            && second == FieldAddress.offset(of: \LayoutProbe.second, in: probe)
            && read(\LayoutProbe.observed) == nil && read(\LayoutProbe.weakReference) == nil
    }()

    /// Where the key path's buffer starts: after the object's header (its class and reference
    /// counts) and `AnyKeyPath`'s one stored property, `_kvcKeyPathStringPtr`.
    private static let bufferOffset = 3 * MemoryLayout<Int>.size

    /// The offset of the one stored class property `keyPath` is, if it is one.
    private static func read(_ keyPath: AnyKeyPath) -> Int? {
        withExtendedLifetime(keyPath) {
            // Safe: a key path object is its header, `_kvcKeyPathStringPtr`, then its buffer: a
            // 32-bit header (the size of its components in its low 24 bits), padded to a word,
            // then the components. Only the buffer header is read unconditionally; the first
            // component's 32-bit header is read only when the buffer says it holds exactly one
            // component of four bytes, which lies inside the object. `isUnderstood` checks the
            // offsets on a probe before any answer is used.
            let object = unsafe UnsafeRawPointer(Unmanaged.passUnretained(keyPath).toOpaque())
            let bufferHeader = unsafe object.load(fromByteOffset: bufferOffset, as: UInt32.self)
            guard bufferHeader & 0x00FF_FFFF == 4 else { return nil }
            let header = unsafe object.load(fromByteOffset: bufferOffset + MemoryLayout<Int>.size, as: UInt32.self)
            // The discriminator (bits 24 to 30) says a class's stored property, and the payload's
            // offset bits (0 to 22) hold the offset inline: larger values mark offsets elsewhere.
            guard header & 0x7F00_0000 == 3 << 24 else { return nil }
            let offset = Int(header & 0x007F_FFFF)
            return offset <= 0x007F_FFFC ? offset : nil
        }
    }
}

/// The class `KeyPathLayout.isUnderstood` reads key paths of.
private final class LayoutProbe {
    var first = 0
    var second: AnyObject?
    var observed = 0 { didSet {} }
    weak var weakReference: AnyObject?
}
