/// One problem the container found: what, where, along which resolution path, and how to fix it.
///
/// Resolution errors, configuration errors and validation reports are all made of diagnostics:
///
/// ```text
/// error[missing-binding]: OrderRepository cannot be provided: it has no binding and is not an Injectable class.
///   at: App/OrderService.swift:14
///   path: App.orders → OrderService.repository → OrderRepository
///   fix: Bind it in the container, e.g. `binder.bind(OrderRepository.self).to(…)`, or declare the property with `.optional(…)` if it may be absent.
/// ```
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable, Hashable {
        /// The wiring cannot work as written.
        case error
        /// The wiring works but probably not as intended.
        case warning
    }

    /// The stable identifier of the kind of problem.
    public let code: Code
    /// Whether the problem stops the wiring from working.
    public let severity: Severity
    /// What is wrong, in one sentence.
    public let message: String
    /// Where the dependency or binding at fault was declared, when known.
    public let location: SourceLocation?
    /// Other places involved, such as the first of two duplicate bindings.
    public let relatedLocations: [SourceLocation]
    /// The resolution path from the top-level request to the problem, such as
    /// `["App.orders", "OrderService.repository", "OrderRepository"]`.
    public let path: [String]
    /// How to fix it.
    public let fix: String

    /// Creates a diagnostic. Custom validation checks use this to report their own findings.
    public init(
        code: Code,
        severity: Severity = .error,
        message: String,
        location: SourceLocation? = nil,
        relatedLocations: [SourceLocation] = [],
        path: [String] = [],
        fix: String
    ) {
        self.code = code
        self.severity = severity
        self.message = message
        self.location = location
        self.relatedLocations = relatedLocations
        self.path = path
        self.fix = fix
    }

    /// The path rendered with arrows: `App.orders → OrderService.repository → OrderRepository`.
    public var renderedPath: String { path.joined(separator: " → ") }

    /// The diagnostic on several lines: the message, then `at:`, `also:`, `path:` and `fix:`.
    public var description: String {
        (["\(severity.rawValue)[\(code)]: \(message)"] + details.map { "  \($0)" }).joined(separator: "\n")
    }

    /// The lines below the message: `at:`, `also:`, `path:` and `fix:`.
    var details: [String] {
        let at: [String] = location.map { ["at: \($0)"] } ?? []
        let shownPath: [String] = path.isEmpty ? [] : ["path: \(renderedPath)"]
        return at + relatedLocations.map { "also: \($0)" } + shownPath + ["fix: \(fix)"]
    }

    func prependingPath(_ component: String) -> Diagnostic {
        var path = [component] + path
        // A path too deep for the stack would be thousands of components long: keep its start.
        if code == .resolutionTooDeep, path.count > Self.tooDeepPathStart + 1 { path.remove(at: path.count - 2) }
        return copy(location: location, path: path)
    }

    /// The same diagnostic, placed at `location` when it had no place of its own.
    func located(at location: SourceLocation) -> Diagnostic {
        self.location != nil ? self : copy(location: location, path: path)
    }

    private func copy(location: SourceLocation?, path: [String]) -> Diagnostic {
        Diagnostic(
            code: code, severity: severity, message: message, location: location, relatedLocations: relatedLocations,
            path: path, fix: fix)
    }
}

extension Diagnostic {
    /// The stable identifier of a kind of problem, such as `missing-binding`.
    ///
    /// Match on codes rather than on message text: codes do not change between releases.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code as printed: lowercase words joined by dashes.
        public let rawValue: String

        /// Creates a code. Custom validation checks name their own codes this way.
        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// The code as printed in messages, such as `missing-binding`.
        public var description: String { rawValue }

        /// A required dependency whose type has no binding and cannot be autowired.
        public static let missingBinding = Code("missing-binding")
        /// Two bindings for the same type and tag in one container.
        public static let duplicateBinding = Code("duplicate-binding")
        /// A child container binding a type its parent binds, without `override`.
        public static let accidentalShadowing = Code("accidental-shadowing")
        /// An `override` in a container whose ancestors do not bind that type.
        public static let overrideOfNothing = Code("override-of-nothing")
        /// An `override` in a child that an ancestor's kept instance (a singleton, a custom scope,
        /// `.weak`) depends on: the instance is the ancestor's and keeps the ancestor's binding.
        public static let overrideNotReaching = Code("override-not-reaching")
        /// An offered instance that has not been offered yet or has been released.
        public static let unavailableInstance = Code("unavailable-instance")
        /// An offer for a type not bound with `toOfferedInstance()`.
        public static let notOfferable = Code("not-offerable")
        /// A class with `.assisted` properties requested other than through an `AssistedFactory`.
        public static let assistedOutsideFactory = Code("assisted-outside-factory")
        /// An `AssistedFactory` whose seed type is not the type of the assisted property it fills.
        public static let assistedSeedMismatch = Code("assisted-seed-mismatch")
        /// A main-actor class (or one with main-actor dependencies) requested off the main thread.
        public static let mainActorRequired = Code("main-actor-required")
        /// An implementation that is not a subtype of the type it is bound to.
        public static let nonConformingImplementation = Code("non-conforming-implementation")
        /// A dependency cycle that no scope can close.
        public static let unclosableCycle = Code("unclosable-cycle")
        /// A factory, or an initializer it called, threw an error.
        public static let factoryFailed = Code("factory-failed")
        /// An object's ``PropertyInjectable/didInjectDependencies()`` threw an error.
        public static let injectionHookFailed = Code("injection-hook-failed")
        /// A request's value needed outside a ``RequestScope`` resolve (by a `Provider` or `Lazy`).
        public static let requestUnavailable = Code("request-unavailable")
        /// A singleton of a ``RequestScope`` that depends on the request.
        public static let requestScopedSingleton = Code("request-scoped-singleton")
        /// A dependency declared with a key path whose root is not the class being injected.
        public static let misdeclaredDependency = Code("misdeclared-dependency")
        /// A scope that cannot hold the bound value, such as `.weak` for a struct.
        public static let unsupportedScope = Code("unsupported-scope")
        /// A dependency path deeper than the resolving thread's stack can hold.
        public static let resolutionTooDeep = Code("resolution-too-deep")
    }
}
