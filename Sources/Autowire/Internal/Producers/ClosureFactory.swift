/// A closure a binding makes its values with, and what its errors name.
final class ClosureFactory<T>: GraphValueMaker, @unchecked Sendable {
    let call: @Sendable (Resolver) throws -> T
    let key: BindingKey
    let location: SourceLocation
    /// Unretained, so a registry and its producers form no cycle. Safe: the factory belongs to a
    /// producer of this registry (or of a parent a child keeps alive), and runs only inside a
    /// resolve of it, which holds the registry.
    unowned(unsafe) let registry: Registry

    init(
        _ call: @escaping @Sendable (Resolver) throws -> T, key: BindingKey, location: SourceLocation,
        registry: Registry
    ) {
        self.call = call
        self.key = key
        self.location = location
        self.registry = registry
    }

    /// Calls the closure in `resolution`; its errors name this binding's key and `file:line`.
    @inline(__always)
    func make(in resolution: Resolution) throws -> T {
        try resolution.checkDepth()
        do {
            // The resolver gets the registry lent, not retained (a retain and a release per
            // object, about 40 instructions). Safe: the resolve running this closure holds the
            // registry until the closure returns (see `registry`), and a `Resolver` the closure
            // keeps is a copy, which retains it (`KeptResolverTests`, under AddressSanitizer too),
            // or holds it weakly for an object the container keeps (`ContainerLifetimeTests`).
            return try Unmanaged.passUnretained(registry)._withUnsafeGuaranteedRef { registry in
                // Two calls rather than one resolver made either way: a resolver that may hold the
                // registry weakly is an owned value, a retain and a release per object (callgrind).
                if resolution.state.pointee.isMakingKeptObject {
                    return try call(resolution.keptObjectResolver(for: registry))
                }
                return try call(resolution.resolver(for: registry))
            }
        } catch let error as ResolutionError {
            throw error.prependingPath(key.description).locatingUnplaced(at: location)
        } catch {
            throw ResolutionError(.factoryFailed(key, location: location, error: error), underlyingError: error)
        }
    }

    /// The closure as a recipe, for the scopes other than `.graph`.
    var recipe: Recipe<T> {
        Recipe(make: { resolution, _ in try self.make(in: resolution) }, registersEarly: false, isFactory: true)
    }
}
