@_spi(Reflection) import Swift

/// Names the property a key path writes when the key path itself cannot say: Swift prints `\Type.name` only
/// for plain stored properties of final classes, others (non-final classes', observed, wrapped, `weak`,
/// `unowned`, `lazy`) as `<computed 0x… (Value)>`. Their storage still has a name in the field records: the
/// property's own (observed, `weak`, `unowned`, overridable), `_name` holding a wrapper, or
/// `$__lazy_storage_$_name`. A key path is named after the one stored property, in its class or a
/// superclass, of the key path's value type; when several share it, or the class has no reflection metadata,
/// nothing is guessed. Read only for messages and graphs; field records are walked once a class.
enum StoredPropertyNames {
    private struct Candidate: Sendable {
        let name: String
        let type: ObjectIdentifier
    }

    private static let lazyStoragePrefix = "$__lazy_storage_$_"

    private static let cache = PerTypeCache<[Candidate]>()

    /// The one property of `root` (or its superclasses) whose declared type is `valueType`.
    static func name(ofPropertyIn root: AnyClass, valueType: Any.Type) -> String? {
        let wanted = ObjectIdentifier(valueType)
        let names = Set(candidates(of: root).lazy.filter { $0.type == wanted }.map(\.name))
        return names.count == 1 ? names.first : nil
    }

    private static func candidates(of root: AnyClass) -> [Candidate] {
        cache.entry(for: ObjectIdentifier(root)) {
            FieldRecords.areMissing(in: root) || FieldRecords.haveNoNames(in: root) ? [] : listCandidates(of: root)
        }
    }

    private static func listCandidates(of root: AnyClass) -> [Candidate] {
        var candidates: [Candidate] = []
        _ = unsafe _forEachField(of: root, options: .classFields) { label, _, type, kind in
            let label = unsafe String(cString: label)
            if label.hasPrefix(lazyStoragePrefix), let optional = type as? any OptionalMarker.Type {
                // `lazy var name: T` is stored as `T?`, nil until first read.
                let name = String(label.dropFirst(lazyStoragePrefix.count))
                candidates.append(Candidate(name: name, type: ObjectIdentifier(optional.wrappedType)))
            } else if label.hasPrefix("_"), kind == .struct {
                // `@Wrapper var name: T` is stored as `_name: Wrapper<…>`; the wrapper keeps the
                // value in a stored property of its own, of type `T`.
                candidates.append(Candidate(name: label, type: ObjectIdentifier(type)))
                _ = unsafe _forEachField(of: type) { _, _, innerType, _ in
                    candidates.append(Candidate(name: String(label.dropFirst()), type: ObjectIdentifier(innerType)))
                    return true
                }
            } else {
                candidates.append(Candidate(name: label, type: ObjectIdentifier(type)))
            }
            return true
        }
        return candidates
    }
}
