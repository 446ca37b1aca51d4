/// A static dependency between two producers: what validation, cycle checks and graph export walk.
struct Edge {
    /// The property or parameter the dependency fills, such as `repository` or `init(host:)`.
    var label: String { makeLabel() }
    /// Where the dependency was declared.
    let location: SourceLocation?
    /// The producer that provides the value; owned by its registry.
    unowned(unsafe) let target: AnyProducer
    /// Deferred edges (`Provider`, `Lazy`) resolve later, so they never take part in a cycle.
    let isDeferred: Bool
    /// Labels are made on demand: naming a property from its key path costs microseconds, and
    /// only messages, validation and graph export read them.
    private let makeLabel: () -> String

    init(label: @autoclosure @escaping () -> String, location: SourceLocation?, target: AnyProducer, isDeferred: Bool) {
        self.makeLabel = label
        self.location = location
        self.target = target
        self.isDeferred = isDeferred
    }
}
