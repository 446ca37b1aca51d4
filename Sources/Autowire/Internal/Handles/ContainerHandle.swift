/// What a `Provider`, `Lazy` or `AssistedFactory` holds of its container: the container's state,
/// and the key of the handle's own binding, which leads to the producer it runs.
///
/// The state is held strongly, or weakly for an object the container keeps (see
/// `RegistryReference`). A key rather than the producer itself, because the producer may belong to
/// a compilation that was never kept (`validate` compiles into a scratch table): looking it up
/// again in the live registry never reaches freed memory. A handle contributed to a collection is
/// bound under no key of its own: it is found as an element of the collection's producer.
struct ContainerHandle: Sendable {
    private let reference: RegistryReference
    /// The key the handle itself is bound under, such as `Provider<Report>`.
    private let handleKey: BindingKey
    /// The key of what the handle resolves, for messages.
    let targetKey: BindingKey
    /// For a handle contributed to a collection: the collection's key, and the indexes of the
    /// edges from the collection's producer to the handle's (through the collections it adds to,
    /// when an ancestor's contributions were compiled in a child's view).
    private let element: (collection: BindingKey, edges: [Int])?

    /// `weakly` for a handle made for an object its container keeps (see `RegistryReference`).
    init(
        registry: Registry, weakly: Bool, handleKey: BindingKey, targetKey: BindingKey,
        element: (collection: BindingKey, edges: [Int])? = nil
    ) {
        self.reference = RegistryReference(registry, weakly: weakly)
        self.handleKey = handleKey
        self.targetKey = targetKey
        self.element = element
    }

    /// The producer the handle resolves in `registry`, through the handle's own producer: bound
    /// under its key, or an element of a collection.
    private func target(in registry: Registry) throws(ResolutionError) -> AnyProducer? {
        guard let element else { return try registry.rootProducer(for: handleKey).handleTarget }
        var producer = try registry.rootProducer(for: element.collection)
        for edge in element.edges {
            guard edge < producer.edgeCount else { return nil }
            producer = producer.edge(at: edge).target
        }
        return producer.handleTarget
    }

    /// Whether the handle holds its container weakly: an object the container keeps holds it, and
    /// keeps what it resolves.
    var isForKeptObject: Bool { reference.isWeak }

    /// Runs `body` with the producer the handle resolves, keeping the container alive until it
    /// returns; `call` names the handle's method in messages.
    func withTarget<T, R>(calling call: @autoclosure () -> String, _ body: (Producer<T>) throws -> R)
        throws(ResolutionError) -> R
    {
        guard let registry = reference.registry else {
            throw ResolutionError(.containerReleased(targetKey, handle: call()))
        }
        return try withExtendedLifetime(registry) { () throws(ResolutionError) -> R in
            guard let target = try target(in: registry)?.typed(T.self) else {
                throw ResolutionError(.internalInconsistency("the producer behind \(call()) is missing"))
            }
            return try ResolutionError.catching { try body(target) }
        }
    }
}
