/// What a `Provider`, `Lazy` or `AssistedFactory` holds of its container: its state (see
/// `RegistryReference`) and its own binding's key, not its producer, which may belong to a compilation
/// never kept (`validate` compiles into a scratch table): a lookup never reaches freed memory.
struct ContainerHandle: Sendable {
    private let reference: RegistryReference
    /// The key the handle itself is bound under, such as `Provider<Report>`.
    private let handleKey: BindingKey
    /// The key of what the handle resolves, for messages.
    let targetKey: BindingKey
    /// For a handle contributed to a collection (bound under no key of its own): the collection's key,
    /// and the edge indexes from its producer to the handle's (through the collections it adds to).
    private let element: (collection: BindingKey, edges: [Int])?

    init(
        registry: Registry, weakly: Bool, handleKey: BindingKey, targetKey: BindingKey,
        element: (collection: BindingKey, edges: [Int])? = nil
    ) {
        self.reference = RegistryReference(registry, weakly: weakly)
        self.handleKey = handleKey
        self.targetKey = targetKey
        self.element = element
    }

    private func target(in registry: Registry) throws(ResolutionError) -> AnyProducer? {
        guard let element else { return try registry.rootProducer(for: handleKey).handleTarget }
        var producer = try registry.rootProducer(for: element.collection)
        for edge in element.edges {
            guard edge < producer.edgeCount else { return nil }
            producer = producer.edge(at: edge).target
        }
        return producer.handleTarget
    }

    /// Whether the container is held weakly: a kept object holds the handle.
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
