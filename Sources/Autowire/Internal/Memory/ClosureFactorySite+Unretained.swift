extension ClosureFactorySite {
    /// `registry`, lent: read as `Unmanaged`, it is not retained (a retain and a release per closure
    /// called). Alive while a resolve of it runs the closure (see `ClosureFactory.registry`), the
    /// only time `Resolution.callClosureFactory` reads it.
    @inline(__always)
    var unretainedRegistry: Unmanaged<Registry> { unsafe Unmanaged.passUnretained(registry) }
}
