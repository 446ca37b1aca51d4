/// What the container can make of a type nothing binds: found by dynamic casts once per type,
/// then read from a process-wide table. Compiling asks it for every key without a binding; a
/// table read costs about 25 instructions, and the conformance checks of a type, the first time
/// in a process, each walk every conformance of the program's binaries.
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
            // The common case first, with the checks that cannot match left out: a class is no
            // collection, and no class can be both `Injectable` and synthesized (`Lazy`, the one
            // synthesized class, has no `init()`). A first check of a type against a protocol it
            // does not conform to walks every conformance in the program.
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
