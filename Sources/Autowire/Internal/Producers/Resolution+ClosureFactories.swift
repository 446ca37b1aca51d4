extension Resolution {
    /// Calls a closure factory's `closure` in this resolution with a `Resolver` of `registry`;
    /// its errors name the binding's `key` and `location`.
    @inline(__always)
    func callClosureFactory<R>(
        _ closure: (Resolver) throws -> R, key: BindingKey, location: SourceLocation, registry: Registry
    ) throws -> R {
        try checkDepth()
        do {
            // The resolver gets the registry lent, not retained (a retain and a release per
            // object, about 40 instructions). Safe: the resolve running this closure holds the
            // registry until the closure returns (see `ClosureFactory.registry`), and a `Resolver`
            // the closure keeps is a copy, which retains it (`KeptResolverTests`, under
            // AddressSanitizer too), or holds it weakly for an object the container keeps
            // (`ContainerLifetimeTests`).
            return try Unmanaged.passUnretained(registry)._withUnsafeGuaranteedRef { registry in
                // Two calls rather than one resolver made either way: a resolver that may hold the
                // registry weakly is an owned value, a retain and a release per object (callgrind).
                if state.pointee.isMakingKeptObject {
                    return try closure(keptObjectResolver(for: registry))
                }
                return try closure(resolver(for: registry))
            }
        } catch let error as ResolutionError {
            throw error.prependingPath(key.description).locatingUnplaced(at: location)
        } catch {
            throw ResolutionError(.factoryFailed(key, location: location, error: error), underlyingError: error)
        }
    }
}
