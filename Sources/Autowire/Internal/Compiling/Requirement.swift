/// What one declared dependency asks for, and where. A class, made once per `dependencies` entry: it is
/// passed around many times, and copying a struct this size would retain and release each reference.
@usableFromInline
final class Requirement: Sendable {
    let key: BindingKey
    let isOptional: Bool
    let location: SourceLocation
    /// Names the property in messages: an `AnyKeyPath`, or an `UncheckedKeyPath` for main-actor ones.
    let keyPath: any Sendable
    /// The root of the key path: the class, or superclass, that has the property.
    let objectType: AnyObject.Type
    /// Printed once, for messages, validation and export only: printing walks reflection metadata, costing
    /// more the more types a program has (resolving reads the key path instead, see `KeyPathLayout`).
    let printedKeyPath: PrintedKeyPath
    /// Declared in a main-actor context: the property may only be set on the main thread.
    let requiresMainActor: Bool

    @usableFromInline
    init<Object: AnyObject>(
        key: BindingKey, isOptional: Bool, location: SourceLocation, keyPath: any Sendable,
        objectType: Object.Type, requiresMainActor: Bool
    ) {
        self.requiresMainActor = requiresMainActor
        self.isInstance = { $0 is Object.Type }
        self.key = key
        self.isOptional = isOptional
        self.location = location
        self.keyPath = keyPath
        self.objectType = objectType
        self.printedKeyPath = PrintedKeyPath(keyPath)
    }

    /// The property's name, else the requested type in parentheses (`Kiosk.(Printer)`): then the
    /// class has several stored properties of its type, or no reflection metadata.
    var propertyName: String { knownPropertyName ?? "(\(key.description))" }

    /// The name as written (raw identifiers keep their backticks): printed by the key path, or found among its
    /// class's stored properties when it prints as `\Type.<computed 0x… (T)>` (non-final classes, observers,
    /// wrappers, `weak`, `lazy`), a text holding an address that must never reach a message.
    var knownPropertyName: String? {
        let printed = printedKeyPath.text
        // By UTF-8 code unit: by `Character`, grapheme breaking is costly, and `validate` reads this twice.
        if printed.utf8.first == UInt8(ascii: "\\"), let dot = printed.utf8.firstIndex(of: UInt8(ascii: ".")) {
            let name = printed[printed.utf8.index(after: dot)...]
            if let first = name.first, first == "_" || first == "`" || first.isLetter {
                return String(name).withSpacesInRawIdentifiers
            }
        }
        guard let keyPath = anyKeyPath else { return nil }
        return StoredPropertyNames.name(ofPropertyIn: objectType, valueType: type(of: keyPath).valueType)?
            .withSpacesInRawIdentifiers
    }

    var anyKeyPath: AnyKeyPath? { (keyPath as? AnyKeyPath) ?? (keyPath as? UncheckedKeyPath)?.keyPath }

    /// Whether the property is declared `.notInjected`: set by something else, never filled.
    var isNotInjected: Bool { key.tag.map(ObjectIdentifier.init) == ObjectIdentifier(NotInjected.self) }

    /// Whether the property takes the seed of an `AssistedFactory` rather than a resolved value.
    var isAssisted: Bool { key.isAssistedSeed }

    /// Whether the property can be set on instances of `type` (the key path's root or a subclass).
    func applies(to type: AnyObject.Type) -> Bool { isInstance(type) }

    private let isInstance: @Sendable (AnyObject.Type) -> Bool
}

extension String {
    /// The name as written: metadata spells a space inside a raw identifier (`` `raw name` ``) as
    /// a no-break space, which mangled names cannot contain otherwise.
    var withSpacesInRawIdentifiers: String {
        unicodeScalars.contains("\u{A0}") ? replacing("\u{A0}", with: " ") : self
    }
}

/// A key path to a main-actor-isolated property, kept only to print its name.
///
/// Sendable: `keyPath` is `let` and a key path object is immutable; it is only printed, hashed, compared
/// and measured, never used to read or write the main-actor property.
@usableFromInline
struct UncheckedKeyPath: @unchecked Sendable, CustomStringConvertible {
    let keyPath: AnyKeyPath

    @usableFromInline
    init(_ keyPath: AnyKeyPath) { self.keyPath = keyPath }

    @usableFromInline
    var description: String { String(describing: keyPath) }
}

/// A key path's description, printed on first use and kept.
@usableFromInline
final class PrintedKeyPath: Sendable {
    private let keyPath: any Sendable
    /// A pthread lock rather than `Synchronization.Mutex`, which ThreadSanitizer cannot see on Linux.
    private let printed = ReadWriteLocked<String?>(nil)

    @usableFromInline
    init(_ keyPath: any Sendable) { self.keyPath = keyPath }

    /// Whether the key path was printed: resolving never needs to (see `KeyPathLayout`).
    var isPrinted: Bool { ((try? printed.read({ $0 })) ?? nil) != nil }

    var text: String {
        if let cached = (try? printed.read({ $0 })) ?? nil { return cached }
        let text = Self.canPrint(keyPath) ? String(describing: keyPath) : ""
        // A lock failure only costs the cache: the key path is printed again next time.
        _ = try? printed.write { printed in printed = printed ?? text }
        return text
    }

    /// False for a key path into a class whose field names were stripped: the standard library
    /// traps printing it ("Unexpectedly found nil while implicitly unwrapping").
    private static func canPrint(_ keyPath: any Sendable) -> Bool {
        guard let keyPath = (keyPath as? AnyKeyPath) ?? (keyPath as? UncheckedKeyPath)?.keyPath,
            let root = type(of: keyPath).rootType as? AnyClass
        else { return true }
        return !FieldRecords.haveNoNames(in: root)
    }
}
