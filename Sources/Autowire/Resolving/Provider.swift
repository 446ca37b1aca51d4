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
/// A provider does not keep its container alive (a singleton holding one would otherwise keep its
/// own container alive forever): once the container is released, ``get()`` throws
/// `container-released`.
public struct Provider<T>: Sendable {
    let handle: ContainerHandle

    /// Resolves `T` as a new top-level request.
    ///
    /// - Throws: ``ResolutionError`` when `T` cannot be resolved, or `container-released` when the
    ///   container is gone.
    public func get() throws(ResolutionError) -> T {
        try handle.withTarget(calling: "Provider<\(handle.targetKey)>.get()") { (target: Producer<T>) in
            try target.resolveTopLevel()
        }
    }
}
