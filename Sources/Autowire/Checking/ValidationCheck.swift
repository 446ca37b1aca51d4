/// A check of your own that `validate` runs on the container's dependency graph; what it reports
/// appears in the same ``ValidationReport`` as the built-in findings.
///
/// ```swift
/// /// Singletons must not keep per-request objects alive.
/// struct NoSingletonCapturesGraphObjects: ValidationCheck {
///     func check(_ graph: DependencyGraph) -> [Diagnostic] {
///         graph.edges.compactMap { edge in
///             let owner = graph.nodes[edge.from], value = graph.nodes[edge.to]
///             guard owner.scope == .singleton, value.scope == .graph else { return nil }
///             return Diagnostic(
///                 code: Diagnostic.Code("captive-dependency"),
///                 message: "\(owner.name) is a singleton but keeps the graph-scoped \(value.name).",
///                 location: edge.location, path: graph.path(to: edge.to),
///                 fix: "Make \(value.name) a singleton too, or inject a Provider.")
///         }
///     }
/// }
/// let report = try container.validate(App.self, checks: [NoSingletonCapturesGraphObjects()])
/// ```
public protocol ValidationCheck: Sendable {
    /// Returns the problems found in `graph`: every binding and every type reachable from the
    /// validated roots.
    func check(_ graph: DependencyGraph) -> [Diagnostic]
}
