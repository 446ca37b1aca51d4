import Synchronization

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
    /// The container's creation lock, not a lock of its own: a first `get()` creates singletons
    /// under that lock, and a singleton factory may call `get()`, so one lock for both rules out
    /// two threads taking them in opposite orders. Holding the lock does not keep the container alive.
    private let creationLock: CreationLock
    private let isResolved = Atomic<Bool>(false)
    /// Written once, under `creationLock`, before `isResolved` is set with release ordering.
    private var value: T?
    /// Guarded by `creationLock`; released once the value exists.
    private var provider: Provider<T>?
    private var isResolving = false

    init(provider: Provider<T>) {
        self.creationLock = provider.registry.creationLock
        self.provider = provider
    }

    /// The instance, resolved on the first call.
    public func get() throws(ResolutionError) -> T {
        if isResolved.load(ordering: .acquiring), let value { return value }
        return try ResolutionError.catching {
            try creationLock.withLock {
                if let value { return value }
                guard let provider, !isResolving else {
                    throw ResolutionError(.lazyReentered(BindingKey(T.self, tag: nil)))
                }
                isResolving = true
                defer { isResolving = false }
                let resolved = try provider.get()
                value = resolved
                self.provider = nil
                isResolved.store(true, ordering: .releasing)
                return resolved
            }
        }
    }
}
