/// A closure a binding makes its values with, and what its errors name.
///
/// Sendable: every stored property is `let`, and `call` is `@Sendable`.
final class ClosureFactory<T>: ClosureFactorySite, @unchecked Sendable {
    let call: @Sendable (Resolver) throws -> T
    let key: BindingKey
    let location: SourceLocation
    /// Unretained, so that a registry and its producers form no cycle.
    /// Safe: the factory belongs to a producer of this registry (or of a parent a child keeps alive),
    /// and runs only inside a resolve of it, which holds the registry.
    private let registryReference: Unowned<Registry>
    var registry: Registry { registryReference.object }

    init(
        _ call: @escaping @Sendable (Resolver) throws -> T, key: BindingKey, location: SourceLocation,
        registry: Registry
    ) {
        self.call = call
        self.key = key
        self.location = location
        self.registryReference = Unowned(registry)
    }

    /// The closure as a recipe, for the scopes other than `.graph`.
    var recipe: Recipe<T> {
        Recipe(make: { resolution in try resolution.callClosureFactory(self) })
    }
}
