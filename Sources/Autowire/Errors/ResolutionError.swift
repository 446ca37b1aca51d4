/// The error thrown when an object cannot be resolved or injected.
///
/// Its ``description`` is written for people; its ``code``, ``path`` and ``location`` are for code
/// and tests. When a request has several problems (for example two missing bindings), all are in
/// ``diagnostics``, the first being the one the properties describe.
public struct ResolutionError: Error, CustomStringConvertible {
    /// Every problem found, at least one.
    public var diagnostics: [Diagnostic]
    /// The error a factory threw, when that is the cause.
    public var underlyingError: (any Error)?

    init(_ diagnostics: [Diagnostic], underlyingError: (any Error)? = nil) {
        self.diagnostics = diagnostics
        self.underlyingError = underlyingError
    }

    init(_ diagnostic: Diagnostic, underlyingError: (any Error)? = nil) {
        self.init([diagnostic], underlyingError: underlyingError)
    }

    private var primary: Diagnostic {
        diagnostics.first ?? Diagnostic(code: .factoryFailed, message: "Resolution failed.", fix: "")
    }

    /// The kind of the first problem.
    public var code: Diagnostic.Code { primary.code }
    /// The resolution path of the first problem, from the top-level request.
    public var path: [String] { primary.path }
    /// Where the dependency or binding at fault was declared.
    public var location: SourceLocation? { primary.location }
    /// How to fix the first problem.
    public var fix: String { primary.fix }

    /// Every diagnostic, separated by blank lines.
    public var description: String {
        let body = diagnostics.map(\.description).joined(separator: "\n\n")
        guard diagnostics.count > 1 else { return body }
        return "\(diagnostics.count) problems:\n\n\(body)"
    }

    /// Whether this is an offered instance missing right at the failing dependency (not deeper).
    var isUnavailableInstance: Bool { diagnostics.count == 1 && code == .unavailableInstance && path.count <= 1 }

    func prependingPath(_ component: String) -> ResolutionError {
        ResolutionError(diagnostics.map { $0.prependingPath(component) }, underlyingError: underlyingError)
    }

    /// The same error, with `location` given to the diagnostics that have none: what a factory
    /// asked its resolver for was declared nowhere else, so its binding is the place to look.
    func locatingUnplaced(at location: SourceLocation) -> ResolutionError {
        ResolutionError(diagnostics.map { $0.located(at: location) }, underlyingError: underlyingError)
    }
}
