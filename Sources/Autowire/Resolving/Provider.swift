/// Resolves a fresh `T` on every ``get()``, following `T`'s scope.
///
/// Declare a `Provider<T>` property (or factory parameter) when an object needs new instances
/// over time, or to break a cycle: the provider is filled at once, the object only when asked.
///
/// ```swift
/// final class ReportScreen: Injectable {
///     var makeExporter: Provider<Exporter>!
///     static let dependencies: [Dependency<ReportScreen>] = [.inject(\.makeExporter)]
/// }
/// let exporter = try screen.makeExporter.get()   // a new Exporter unless it is a singleton
/// ```
///
/// A provider keeps its container alive.
public struct Provider<T>: Sendable {
    let registry: Registry
    unowned(unsafe) let producer: Producer<T>

    /// Resolves `T` as a new top-level request.
    public func get() throws(ResolutionError) -> T {
        try ResolutionError.catching { try producer.resolveTopLevel() }
    }
}
