/// Resolves `T` once, on the first ``get()``, and returns that instance afterwards.
///
/// Declare a `Lazy<T>` property for an expensive dependency that may not be needed, or to break
/// a cycle. `get()` is thread-safe: concurrent first calls resolve once.
///
/// ```swift
/// final class Settings: Injectable {
///     var exporter: Lazy<PDFExporter>!
///     static let dependencies: [Dependency<Settings>] = [.inject(\.exporter)]
/// }
/// ```
///
/// A lazy keeps its container alive until it has resolved.
public final class Lazy<T>: @unchecked Sendable {
    private let lock = RecursiveLock()
    /// Guarded by `lock`; released once the value exists.
    private var provider: Provider<T>?
    private var value: T?
    private var isResolving = false

    init(provider: Provider<T>) {
        self.provider = provider
    }

    /// The instance, resolved on the first call.
    public func get() throws(ResolutionError) -> T {
        try ResolutionError.catching {
            try lock.withLock {
                if let value { return value }
                guard let provider, !isResolving else {
                    throw ResolutionError(.lazyReentered(BindingKey(T.self, tag: nil)))
                }
                isResolving = true
                defer { isResolving = false }
                let resolved = try provider.get()
                value = resolved
                self.provider = nil
                return resolved
            }
        }
    }
}
