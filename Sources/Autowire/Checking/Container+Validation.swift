/// Deep checks and graph export.
extension Container {
    /// Checks everything the container and `roots` need, at once, and returns the warnings; throws
    /// when there is at least one error.
    ///
    /// ```swift
    /// let report = try container.validate(App.self)
    /// print(report)   // Validation of App (6 types, 3 bindings) found no problems.
    /// ```
    ///
    /// It walks every binding and every type reachable from them and from `roots` (any provided type,
    /// or a `PropertyInjectable` type filled by an injector), and reports missing bindings (with the
    /// path from the root and the declaring `file:line`), implementations that do not conform to what
    /// they are bound to, cycles that can never close, dependencies on a class that bypass the binding
    /// it implements, what your `checks` find, and the findings of the Mirror audit.
    ///
    /// The Mirror audit creates a probe of each reachable autowired class with `init()`: a stored
    /// optional property that is nil, not in `dependencies`, and of a type the container could provide
    /// is a `likely-forgotten-dependency` warning. Properties that cannot be read safely
    /// (non-optional, `unowned`, `unowned(unsafe)`) are never read.
    ///
    /// With `injectingProbes` (the default), the container also fills each probe, which **creates the
    /// probe's dependencies and runs their factories** (a required property still nil afterwards is an
    /// `unset-after-injection` error), and resolves each root once (objects of that resolve that keep
    /// each other alive are a `strong-reference-cycle`); the errors these throw are reported. Only
    /// probes and roots whose own graph compiled cleanly are filled or resolved. What they create
    /// belongs to a copy of the container made for this call, released when it returns (a parent
    /// container's singletons excepted: the copy shares the parent). Pass `injectingProbes: false`
    /// when creating dependencies has side effects you do not want.
    ///
    /// - Parameters:
    ///   - roots: The types your program resolves or injects.
    ///   - checks: Checks of your own, run on the graph; their findings join the report.
    ///   - injectingProbes: Whether to fill probes to check that required properties get set.
    /// - Throws: ``ValidationError`` holding the full report when it has an error.
    @discardableResult
    public func validate(
        _ roots: Any.Type..., checks: [any ValidationCheck] = [], injectingProbes: Bool = true
    ) throws(ValidationError) -> ValidationReport {
        let report = registry.validationReport(roots: roots, checks: checks, injectingProbes: injectingProbes)
        if !report.errors.isEmpty { throw ValidationError(report: report) }
        return report
    }

    /// Validates bindings that may not even build (duplicates included): every problem, those
    /// `Container { … }` would throw and those ``validate(_:checks:injectingProbes:)`` finds, in one
    /// report.
    ///
    /// ```swift
    /// try Container.validate(App.self) { binder in
    ///     binder.bind(OrderRepository.self).to(SQLOrderRepository.self)
    /// }
    /// ```
    ///
    /// An error thrown by `configure` is reported as `configuration-failed`, with the bindings
    /// declared before it still checked.
    @discardableResult
    public static func validate(
        _ roots: Any.Type..., checks: [any ValidationCheck] = [], injectingProbes: Bool = true,
        bindings configure: (Binder) throws -> Void
    ) throws(ValidationError) -> ValidationReport {
        let binder = Binder()
        var problems: [Diagnostic] = []
        do {
            try configure(binder)
        } catch {
            problems.append(.configurationFailed(error))
        }
        let registry = Registry(parent: nil, declarations: binder.declarations, problems: &problems)
        let report = Validator(registry: registry, roots: roots, checks: checks, injectingProbes: injectingProbes)
            .run(buildProblems: problems)
        if !report.errors.isEmpty { throw ValidationError(report: report) }
        return report
    }

    /// The dependency graph `roots` reach: what provides each type, its scope, where it was bound,
    /// and which property needs it.
    ///
    /// Compiles plans but never runs a factory, creates an object or changes the container.
    /// Dependencies that cannot be provided are left out (``validate(_:checks:injectingProbes:)``
    /// reports them).
    ///
    /// ```swift
    /// try container.graph(from: App.self).dot.write(toFile: "app.dot", atomically: true, encoding: .utf8)
    /// ```
    ///
    /// Called from a `dependencies` or `scope` getter while this container compiles, it returns an
    /// empty graph.
    public func graph(from roots: Any.Type...) -> DependencyGraph {
        registry.dependencyGraph(from: roots)
    }
}
