/// What a `Provider`, `Lazy` or `AssistedFactory` holds of its container: the container's state,
/// and the key of the handle's own binding, which leads to the producer it runs.
///
/// The state is held strongly, so that a handle keeps its container alive (as Swinject's do),
/// unless the handle was made for an object the container keeps, or inside such an object's
/// creation: then weakly, because a singleton holding a handle would otherwise keep its own
/// container (and every singleton in it) alive forever (see `RegistryReference`). A key rather
/// than the producer itself, because the producer may belong to a compilation that was never kept
/// (`validate` compiles into a scratch table): looking it up again in the live registry can never
/// reach freed memory.
struct ContainerHandle: Sendable {
    private let reference: RegistryReference
    /// The key the handle itself is bound under, such as `Provider<Report>`.
    private let handleKey: BindingKey
    /// The key of what the handle resolves, for messages.
    let targetKey: BindingKey

    /// `weakly` for a handle made for an object its container keeps (see `RegistryReference`).
    init(registry: Registry, weakly: Bool, handleKey: BindingKey, targetKey: BindingKey) {
        self.reference = RegistryReference(registry, weakly: weakly)
        self.handleKey = handleKey
        self.targetKey = targetKey
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
            guard let handle = try registry.rootProducer(for: handleKey) as? HandleProducer,
                let target = handle.target.typed(T.self)
            else {
                throw ResolutionError(.internalInconsistency("the producer behind \(call()) is missing"))
            }
            return try ResolutionError.catching { try body(target) }
        }
    }
}
