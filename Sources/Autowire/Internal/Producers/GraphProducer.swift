/// `.graph`: one value per top-level resolve, recorded in the resolution's table.
final class GraphProducer<T>: Producer<T>, @unchecked Sendable {
    let recipe: Recipe<T>

    init(key: BindingKey, origin: Origin, registry: Registry, recipe: Recipe<T>) {
        self.recipe = recipe
        super.init(
            key: key, scope: .graph, origin: origin, registry: registry, registersEarly: recipe.registersEarly,
            isFactory: recipe.isFactory)
    }

    override func produce(_ resolution: Resolution) throws -> T {
        guard recipe.registersEarly else { return try resolution.graphValue(self) { try recipe.make(resolution, nil) } }
        if case .instance(let existing) = resolution.lookup(self) {
            return try cast(existing, to: T.self, for: key)
        }
        return try recipe.make(resolution, self)
    }
}

/// Casts a recorded instance back to its producer's type; a mismatch is an internal error, reported
/// rather than trapping.
///
/// Never inlined: its `T?` temporary would make every caller instantiate `Optional<T>` metadata
/// on entry, on the hot path, even when no cast happens.
@inline(never)
func cast<T>(_ value: Any, to type: T.Type, for key: BindingKey) throws -> T {
    if let typed = value as? T { return typed }
    throw ResolutionError(.internalInconsistency("an instance recorded for \(key) is a \(Swift.type(of: value))"))
}
