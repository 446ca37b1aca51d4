/// What the container can make of a type nothing binds: found by dynamic casts once per type,
/// then read from a process-wide table. Compiling asks it for every key without a binding, and
/// the conformance checks cost about 850 instructions a key, a table read about 25.
enum UnboundKind {
    /// `[Element]` or `[Key: Element]`: the collection of contributions, empty when there are
    /// none, tagged or not.
    case collection(any ContributedCollection.Type)
    /// `Provider<T>`, `Lazy<T>`, `Tagged<T>` and the like, made out of another binding.
    case synthesized(any SynthesizedDependency.Type)
    /// A `ConstructorInjectable` type, made through its construction.
    case constructed(any ConstructorInjectable.Type)
    /// An `Injectable` class, autowired.
    case injectable(any Injectable.Type)
    /// Nothing the container can make by itself.
    case none

    /// The kind of `type`, checked in that order.
    static func of(_ type: Any.Type) -> UnboundKind {
        kinds.entry(for: ObjectIdentifier(type)) {
            if let collection = type as? any ContributedCollection.Type { return .collection(collection) }
            if let synthesized = type as? any SynthesizedDependency.Type { return .synthesized(synthesized) }
            if let constructed = type as? any ConstructorInjectable.Type { return .constructed(constructed) }
            if let injectable = type as? any Injectable.Type { return .injectable(injectable) }
            return .none
        }
    }

    private static let kinds = PerTypeCache<UnboundKind>()
}
