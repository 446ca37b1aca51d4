/// Checks of a request scope's graphs at start-up, before the first request.
extension RequestScope {
    /// Checks everything `roots` need for a request, at once, and returns the warnings; throws when
    /// there is at least one error.
    ///
    /// ```swift
    /// let requests = try container.requestScope(for: IncomingRequest.self)
    /// try requests.validate(OrderHandler.self, ProfileHandler.self)   // at start-up
    /// ```
    ///
    /// Besides what ``Container/validate(_:checks:injectingProbes:)`` checks, it reports every object
    /// kept beyond one request (`.singleton`, `.weak`, a custom scope) whose graph reaches the request,
    /// and every `Provider`, `Lazy` or `AssistedFactory` whose target needs it (they resolve after the
    /// request's resolve). No request is made up: probes and roots whose graph reaches the request are
    /// checked without being filled or resolved (as is a probe whose closure factory asks for it); the
    /// rest are filled and resolved as `Container.validate` does.
    ///
    /// - Parameters:
    ///   - roots: The types resolved for each request, such as route handlers.
    ///   - checks: Checks of your own, run on the graph; their findings join the report.
    ///   - injectingProbes: Whether to fill probes (and resolve roots) that do not need the request.
    /// - Throws: ``ValidationError`` holding the full report when it has an error.
    @discardableResult
    public func validate(
        _ roots: Any.Type..., checks: [any ValidationCheck] = [], injectingProbes: Bool = true
    ) throws(ValidationError) -> ValidationReport {
        let report = registry.validationReport(roots: roots, checks: checks, injectingProbes: injectingProbes)
        if !report.errors.isEmpty { throw ValidationError(report: report) }
        return report
    }

    /// The dependency graph `roots` reach in a request's resolve, the request included as a node.
    ///
    /// Like ``Container/graph(from:)``, it never runs a factory or creates an object.
    public func graph(from roots: Any.Type...) -> DependencyGraph {
        registry.dependencyGraph(from: roots)
    }
}
