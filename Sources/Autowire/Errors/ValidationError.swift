/// The error ``Container/validate(_:checks:injectingProbes:)`` throws when it finds at least one
/// error: its ``report`` holds every problem found, warnings included.
public struct ValidationError: Error, CustomStringConvertible {
    /// Everything validation found.
    public let report: ValidationReport

    /// Every problem, errors and warnings.
    public var diagnostics: [Diagnostic] { report.diagnostics }

    /// The report: a heading naming what was validated and how many problems, then each problem.
    public var description: String { report.description }
}
