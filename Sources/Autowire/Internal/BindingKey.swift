/// What a binding provides: a type and an optional tag, compared by type identity.
///
/// The metatypes are kept only to name things in messages; equality and hashing use
/// `ObjectIdentifier`, so lookups never touch strings.
@usableFromInline
struct BindingKey: Hashable, Sendable, CustomStringConvertible {
    let type: Any.Type
    let tag: Any.Type?

    @usableFromInline
    init<T>(_ type: T.Type, tag: Any.Type?) {
        self.type = type
        self.tag = tag
    }

    init(type: Any.Type, tag: Any.Type?) {
        self.type = type
        self.tag = tag
    }

    @usableFromInline
    static func == (lhs: BindingKey, rhs: BindingKey) -> Bool {
        ObjectIdentifier(lhs.type) == ObjectIdentifier(rhs.type)
            && lhs.tag.map(ObjectIdentifier.init) == rhs.tag.map(ObjectIdentifier.init)
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type))
        hasher.combine(tag.map(ObjectIdentifier.init))
    }

    var typeName: String { Autowire.typeName(type) }
    var tagName: String? { tag.map(Autowire.typeName) }

    /// `URL` or `URL tagged APIBaseURL`.
    @usableFromInline
    var description: String { tagName.map { "\(typeName) tagged \($0)" } ?? typeName }
}
