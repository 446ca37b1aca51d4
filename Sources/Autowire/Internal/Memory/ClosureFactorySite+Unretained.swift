extension ClosureFactorySite {
    /// Calls `body` with `registry` lent, not retained (a retain and a release saved per closure called).
    /// Safe: only `Resolution.callClosureFactory` calls it, while a resolve holds the registry until the
    /// closure returns (see `ClosureFactory.registry`); a `Resolver` the closure keeps is a copy, which
    /// retains it, or holds it weakly for an object the container keeps.
    @inline(__always)
    func withRegistryLent<Result>(_ body: (Registry) throws -> Result) rethrows -> Result {
        try unsafe Unmanaged.passUnretained(registry)._withUnsafeGuaranteedRef(body)
    }
}
