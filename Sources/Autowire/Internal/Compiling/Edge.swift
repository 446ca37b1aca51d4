/// A static dependency between two producers: what validation, cycle checks and graph export walk.
struct Edge {
    /// The property or parameter the dependency fills, such as `repository` or `init(host:)`.
    let label: String
    /// Where the dependency was declared.
    let location: SourceLocation?
    /// The producer that provides the value; owned by its registry.
    unowned(unsafe) let target: AnyProducer
    /// Deferred edges (`Provider`, `Lazy`) resolve later, so they never take part in a cycle.
    let isDeferred: Bool
}
