/// What a `Provider`, `Lazy` or `AssistedFactory` holds of its container: the container's state,
/// weakly, and the key of the handle's own binding, which leads to the producer it runs.
///
/// Weak, because a singleton holding a handle would otherwise keep its own container (and every
/// singleton in it) alive forever. A key rather than the producer itself, because the producer
/// may belong to a compilation that was never kept (`validate` compiles into a scratch table):
/// looking it up again in the live registry can never reach freed memory.
struct ContainerHandle: Sendable {
    private weak let registry: Registry?
    /// The key the handle itself is bound under, such as `Provider<Report>`.
    private let handleKey: BindingKey
    /// The key of what the handle resolves, for messages.
    let targetKey: BindingKey

    init(registry: Registry, handleKey: BindingKey, targetKey: BindingKey) {
        self.registry = registry
        self.handleKey = handleKey
        self.targetKey = targetKey
    }

    /// Runs `body` with the producer the handle resolves, keeping the container alive until it
    /// returns; `call` names the handle's method in messages.
    func withTarget<T, R>(calling call: @autoclosure () -> String, _ body: (Producer<T>) throws -> R)
        throws(ResolutionError) -> R
    {
        guard let registry else { throw ResolutionError(.containerReleased(targetKey, handle: call())) }
        return try withExtendedLifetime(registry) { () throws(ResolutionError) -> R in
            guard let handle = try registry.rootProducer(for: handleKey) as? HandleProducer,
                let target = handle.target.typed(T.self)
            else {
                throw ResolutionError(.internalInconsistency("the producer behind \(call()) is missing"))
            }
            return try ResolutionError.catching { try body(target) }
        }
    }
}
