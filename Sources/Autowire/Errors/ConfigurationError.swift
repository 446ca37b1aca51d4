/// The error thrown when building a ``Container`` finds problems in its bindings.
///
/// Building checks every binding before it throws, so one error lists every problem: duplicates,
/// implementations that do not conform, bound implementations whose own dependencies cannot be
/// provided, and cycles that cannot close.
public struct ConfigurationError: Error, CustomStringConvertible {
    /// Every problem found, in declaration order.
    public let diagnostics: [Diagnostic]

    init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    /// A heading with the number of problems, then each problem.
    public var description: String {
        let count = diagnostics.count
        let heading = "Container configuration has \(count) problem\(count == 1 ? "" : "s"):"
        return ([heading] + diagnostics.map(\.description)).joined(separator: "\n\n")
    }
}
