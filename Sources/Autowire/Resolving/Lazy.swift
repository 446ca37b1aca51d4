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
/// Until it has resolved its value, a lazy holds its container as a ``Provider`` does: weakly when an
/// object the container keeps holds it, and a first ``get()`` after the container was released then
/// throws `container-released`. Once resolved, it keeps its value.
///
/// To test a class that holds a lazy without a container, make one with ``init(fileID:line:_:)``.
// Sendable: `value` is written once, under `lock`, before `isResolved`'s releasing store, and read
// outside it only after an acquiring load of `isResolved` saw true; `source` and `isResolving` are
// read and written only under `lock`.
public final class Lazy<T>: @unchecked Sendable {
    /// Held while the first `get()` resolves, so that concurrent first calls resolve once; only
    /// threads resolving this very value wait on it.
    private let lock: CreationLock
    private let isResolved = Atomic<Bool>(false)
    private var value: T?
    /// Released once the value exists.
    private var source: HandleSource<@Sendable () throws -> T>?
    private var isResolving = false

    init(handle: ContainerHandle) {
        self.lock = CreationLock(subject: handle.targetKey)
        self.source = .container(handle)
    }

    /// A lazy that calls `make` on its first ``get()``: for unit tests and hand wiring.
    ///
    /// ```swift
    /// settings.exporter = Lazy { PDFExporter() }
    /// ```
    ///
    /// An error `make` throws reaches the caller of `get()` as a `factory-failed`
    /// ``ResolutionError`` located here (a ``ResolutionError`` passes through unchanged), and the
    /// next `get()` calls `make` again.
    public init(fileID: StaticString = #fileID, line: UInt = #line, _ make: @escaping @Sendable () throws -> T) {
        self.lock = CreationLock(subject: BindingKey(T.self, tag: nil))
        self.source = .closure(make, SourceLocation(fileID, line))
    }

    /// The instance, resolved on the first call.
    public func get() throws(ResolutionError) -> T {
        if isResolved.load(ordering: .acquiring), let value { return value }
        return try ResolutionError.catching {
            try lock.withLock {
                if let value { return value }
                guard let source, !isResolving else {
                    throw ResolutionError(.lazyReentered(BindingKey(T.self, tag: nil)))
                }
                isResolving = true
                defer { isResolving = false }
                let resolved: T
                switch source {
                case .container(let handle):
                    resolved = try handle.withTarget(calling: "Lazy<\(handle.targetKey)>.get()") {
                        (target: Producer<T>) in
                        handle.isForKeptObject
                            ? try target.resolveTopLevelForKeptObject() : try target.resolveTopLevel()
                    }
                case .closure(let make, let location):
                    resolved = try ResolutionError.wrappingHandMade(T.self, at: location) { try make() }
                }
                value = resolved
                self.source = nil
                isResolved.store(true, ordering: .releasing)
                return resolved
            }
        }
    }
}
