/// The name a factory parameter goes by in the dependency graph and in error paths.
///
/// Swift keeps no argument labels in a function value: `SMTPMailer.init` is just
/// `(MailSettings, EventLog) -> SMTPMailer`. Without labels a parameter is named by its position
/// (`parameter 2 of Mailer's factory`); give them, one string per parameter, and it is named as
/// written (`parameter log of Mailer's factory`, an arrow labelled `log:` in ``DependencyGraph/dot``):
///
/// ```swift
/// binder.bind(Mailer.self).to(factory: SMTPMailer.init, labels: "settings", "log")
/// static let construction = Construction(OrderService.init, labels: "repository", "clock")
/// ```
///
/// Each label is typed by its parameter, so the compiler checks there is exactly one per
/// parameter: a missing or extra label does not build. A trailing colon is dropped, and `_` or an
/// empty string keeps the position (for an unlabelled parameter, `init(_ log: EventLog)`).
public struct ParameterLabel<Parameter>: ExpressibleByStringLiteral, Sendable {
    /// The label as it will be shown, or nil to name the parameter by its position.
    @usableFromInline let name: String?

    /// A label written as a string literal.
    public init(stringLiteral value: String) {
        var name = value
        if name.hasSuffix(":") { name.removeLast() }
        self.name = name.isEmpty || name == "_" ? nil : name
    }
}

/// The labels of a factory's parameters in order, nil where one is named by its position.
func labelNames<each Parameter>(_ labels: repeat ParameterLabel<each Parameter>) -> [String?] {
    var names: [String?] = []
    for label in repeat each labels { names.append(label.name) }
    return names
}
