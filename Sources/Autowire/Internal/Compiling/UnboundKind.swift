/// What the container can make of a type nothing binds: found by dynamic casts once per type, then read
/// from a process-wide table (~25 instructions), since a type's first conformance checks in a process each
/// walk every conformance of the program's binaries.
enum UnboundKind {
    /// `[Element]` or `[Key: Element]`, tagged or not: the contributions, empty when there are none.
    case collection(any ContributedCollection.Type)
    /// `Provider<T>`, `Lazy<T>`, `Tagged<T>` and the like, made out of another binding.
    case synthesized(any SynthesizedDependency.Type)
    case constructed(any ConstructorInjectable.Type)
    case injectable(any Injectable.Type)
    /// Nothing the container can make by itself.
    case none

    static func of(_ type: Any.Type) -> UnboundKind {
        kinds.entry(for: ObjectIdentifier(type)) {
            // The common case first, skipping checks that cannot match: a class is no collection, and none is
            // both `Injectable` and synthesized (`Lazy`, the one synthesized class, has no `init()`).
            if type is AnyClass, let injectable = type as? any Injectable.Type {
                if let constructed = type as? any ConstructorInjectable.Type { return .constructed(constructed) }
                return .injectable(injectable)
            }
            if let collection = type as? any ContributedCollection.Type { return .collection(collection) }
            if let synthesized = type as? any SynthesizedDependency.Type { return .synthesized(synthesized) }
            if let constructed = type as? any ConstructorInjectable.Type { return .constructed(constructed) }
            if let injectable = type as? any Injectable.Type { return .injectable(injectable) }
            return .none
        }
    }

    private static let kinds = PerTypeCache<UnboundKind>()
}
