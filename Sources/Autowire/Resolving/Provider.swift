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
/// A provider keeps its container alive, so `let app = try Container { … }.resolve(App.self)`
/// followed by `app.makeExporter.get()` works. One held by an object the container keeps (a
/// singleton, a custom-scope or `.weak` instance, or anything made inside its creation) holds it
/// weakly instead, so that the object never keeps its own container alive: once the container is
/// released, its ``get()`` throws `container-released`.
///
/// To test a class that holds a provider without a container, make one with ``init(fileID:line:_:)``.
public struct Provider<T>: Sendable {
    /// Chosen once, when the provider is made.
    private let source: HandleSource<@Sendable () throws -> T>

    init(handle: ContainerHandle) { source = .container(handle) }

    /// A provider that calls `make` on every ``get()``: for unit tests and hand wiring.
    ///
    /// ```swift
    /// let screen = ReportScreen()
    /// screen.makeExporter = Provider { CSVExporter() }
    /// ```
    ///
    /// An error `make` throws reaches the caller of `get()` as a `factory-failed`
    /// ``ResolutionError`` located here (a ``ResolutionError`` passes through unchanged).
    public init(
        fileID: StaticString = #fileID, line: UInt = #line, _ make: @escaping @Sendable () throws -> T
    ) {
        source = .closure(make, SourceLocation(fileID, line))
    }

    /// Resolves `T` as a new top-level request (or calls the closure of a hand-made provider).
    ///
    /// - Throws: ``ResolutionError`` when `T` cannot be resolved, or `container-released` when the
    ///   container, held weakly by a provider of an object it keeps, is gone.
    public func get() throws(ResolutionError) -> T {
        switch source {
        case .container(let handle):
            try handle.withTarget(calling: "Provider<\(handle.targetKey)>.get()") { (target: Producer<T>) in
                handle.isForKeptObject ? try target.resolveTopLevelForKeptObject() : try target.resolveTopLevel()
            }
        case .closure(let make, let location):
            try ResolutionError.wrappingHandMade(T.self, at: location) { try make() }
        }
    }
}
