/// What an instantiated key path says of itself, read from the standard library's layout (`KeyPath.swift`,
/// the shims' `KeyPath.h`): whether it is one stored property of a class, and at which offset. Not printed:
/// `String(describing:)` searches the reflection metadata for the name (~2M instructions a declaration in the
/// benchmark, plus caches that stay), paid by each type's first resolve (`LearnedOffset.learn`, first fills).
///
/// A wrong answer cannot corrupt memory: `LearnedOffset` keeps an offset only where the key path's projected
/// address agrees, and the first-fill check only matches fields by it. The layout is trusted only once it
/// read a probe class's key paths right (`isUnderstood`); else the answer is `unreadable`, and callers print.
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
            // Safe: a key path object is its header, `_kvcKeyPathStringPtr`, then its buffer: a 32-bit header
            // (its components' size in the low 24 bits) padded to a word, then the components. The first
            // component's header is read only when the buffer holds exactly one 4-byte component, inside the
            // object; `isUnderstood` checks the offsets on a probe before any answer is used.
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
