/// What a binding provides: a type and an optional tag. Equality and hashing use `ObjectIdentifier`, so
/// lookups never touch strings; the metatypes only name things in messages.
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

    /// What `Dictionary` and `Set` hash a key with: both type identities and the seed mixed by two
    /// multiplies, not `Hasher`'s SipHash (~100 instructions a lookup). Type identities are addresses no
    /// input chooses, so SipHash's collision protection is not needed; `==` compares the same identities.
    @usableFromInline
    func _rawHashValue(seed: Int) -> Int {
        let type = UInt(bitPattern: ObjectIdentifier(type))
        let tag = tag.map { UInt(bitPattern: ObjectIdentifier($0)) } ?? 0
        return Int(bitPattern: AddressHash.mix(type, tag, seed: UInt(bitPattern: seed)))
    }

    var typeName: String { Autowire.typeName(type) }
    /// The type as code writes it before `.self`.
    var typeExpression: String { Autowire.typeExpression(type) }

    /// The tag as users wrote it: nil for no tag, and for the marks Autowire tags its own keys
    /// with (an assisted factory's seed and target, `.notInjected`), which no user ever writes.
    var userTag: Any.Type? { tag.flatMap { $0 is any InternalTag.Type ? nil : $0 } }
    var tagName: String? { userTag.map(Autowire.typeName) }

    /// Whether this is the key of the value passed to an `AssistedFactory`'s `make(_:)`.
    var isAssistedSeed: Bool { tag.map(ObjectIdentifier.init) == ObjectIdentifier(AssistedSeed.self) }

    /// `URL`, `URL tagged APIBaseURL`, or `String passed to make(_:)` for an assisted factory's seed.
    @usableFromInline
    var description: String {
        if let mark = tag as? any InternalTag.Type { return mark.describe(typeName) }
        return tagName.map { "\(typeName) tagged \($0)" } ?? typeName
    }
}

/// A tag Autowire puts on keys of its own: messages describe such a key in words users know,
/// never by the tag's name.
protocol InternalTag {
    /// How a key of type `typeName` with this tag reads in messages.
    static func describe(_ typeName: String) -> String
}

extension AssistedSeed: InternalTag {
    static func describe(_ typeName: String) -> String { "\(typeName) passed to make(_:)" }
}

extension AssistedTarget: InternalTag {
    /// What `make(_:)` builds is the type itself, as far as users are concerned.
    static func describe(_ typeName: String) -> String { typeName }
}

extension NotInjected: InternalTag {
    static func describe(_ typeName: String) -> String { typeName }
}
