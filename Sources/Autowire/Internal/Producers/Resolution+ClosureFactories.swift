extension Resolution {
    /// Calls the closure of `factory` in this resolution with a `Resolver` of its registry; its
    /// errors name the binding's key and location. (The site's fields are read where they are
    /// used: passed as arguments, all would be loaded, and the registry retained, on every call.)
    @inline(__always)
    func callClosureFactory<R, Site: ClosureFactorySite>(_ closure: (Resolver) throws -> R, of factory: Site) throws
        -> R
    {
        try checkDepth()
        do {
            // The resolver gets the registry lent: no retain and release per object.
            return try factory.withRegistryLent { registry in
                // Two calls rather than one resolver made either way: a resolver that may hold the
                // registry weakly is an owned value, a retain and a release per object.
                if pointee.isMakingKeptObject {
                    return try closure(keptObjectResolver(for: registry))
                }
                return try closure(resolver(for: registry))
            }
        } catch let error as ResolutionError {
            throw error.prependingPath(factory.key.description).locatingUnplaced(at: factory.location)
        } catch {
            throw ResolutionError(
                .factoryFailed(factory.key, location: factory.location, error: error), underlyingError: error)
        }
    }
}
