/// What ``Container/validate(_:checks:injectingProbes:)`` found: every error and warning, and the
/// graph it checked.
///
/// Printed, it reads as a heading and one entry per problem:
///
/// ```text
/// Validation of App (4 types, 2 bindings) found 1 error and 1 warning:
///
/// error[missing-binding]: OrderRepository cannot be provided: it has no binding and is not an Injectable class.
///   at: App/OrderService.swift:14
///   path: App.orders → OrderService.repository → OrderRepository
///   fix: Bind it in the container with `binder.bind(OrderRepository.self).to(…)`, or declare it `.optional(\.repository)` if it may be absent.
///
/// warning[likely-forgotten-dependency]: …
/// ```
public struct ValidationReport: Sendable, CustomStringConvertible {
    /// What was validated: the root types, or `the container` when there were none.
    public let subject: String
    /// Every problem found: errors first, then warnings, each in the order found.
    public let diagnostics: [Diagnostic]
    /// The graph that was checked: every binding and every type reachable from the roots.
    public let graph: DependencyGraph
    /// How many bindings the container declares.
    public let bindingCount: Int

    /// The problems that stop the wiring from working.
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    /// The findings that probably are mistakes but do not stop the wiring.
    public var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }

    /// `Validation of App (4 types, 2 bindings) found 2 errors and 1 warning:`, or
    /// `… found no problems.`
    public var heading: String {
        let scope = "\(counted(graph.nodes.count, "type")), \(counted(bindingCount, "binding"))"
        let found = [(errors.count, "error"), (warnings.count, "warning")].filter { $0.0 > 0 }
            .map { counted($0.0, $0.1) }
        guard !found.isEmpty else { return "Validation of \(subject) (\(scope)) found no problems." }
        return "Validation of \(subject) (\(scope)) found \(found.joined(separator: " and ")):"
    }

    /// The heading, then every problem, separated by blank lines.
    public var description: String {
        ([heading] + diagnostics.map(\.description)).joined(separator: "\n\n")
    }

    /// The report as a tree, for logs: one branch per problem with its location, path and fix.
    ///
    /// ```text
    /// Validation of App (4 types, 2 bindings) found 1 error:
    /// └─ error[missing-binding] OrderRepository cannot be provided: …
    ///    ├─ at: App/OrderService.swift:14
    ///    ├─ path: App.orders → OrderService.repository → OrderRepository
    ///    └─ fix: Bind it in the container with …
    /// ```
    public var detailedDescription: String {
        var lines = [heading]
        for (index, diagnostic) in diagnostics.enumerated() {
            let isLast = index == diagnostics.count - 1
            lines.append(
                "\(isLast ? "└─ " : "├─ ")\(diagnostic.severity.rawValue)[\(diagnostic.code)] \(diagnostic.message)")
            let details = diagnostic.details
            let indent = isLast ? "   " : "│  "
            for (detailIndex, detail) in details.enumerated() {
                lines.append("\(indent)\(detailIndex == details.count - 1 ? "└─ " : "├─ ")\(detail)")
            }
        }
        return lines.joined(separator: "\n")
    }

    private func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}
