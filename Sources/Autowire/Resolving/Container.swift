/// Creates objects and fills their dependencies.
///
/// A container with no bindings already resolves any graph of ``Injectable`` classes:
///
/// ```swift
/// let service = try Container().resolve(OrderService.self)
/// ```
///
/// Bind what it cannot create by itself (protocols, values, third-party types). Building checks
/// every binding and throws one ``ConfigurationError`` listing all the problems found:
///
/// ```swift
/// let container = try Container { binder in
///     binder.bind(OrderRepository.self).to(SQLOrderRepository.self)
///     binder.bind(URL.self).tagged(APIBaseURL.self).to(value: apiURL)
/// }
/// ```
///
/// A container is `Sendable`: resolve from any number of threads and tasks at once. The first
/// resolve of a type compiles a plan for it; later resolves follow that plan with no lookups.
public final class Container: Sendable {
    let registry: Registry

    /// A container with no bindings, which autowires `Injectable` classes.
    public init() {
        registry = Registry()
    }

    /// A container with the bindings `configure` declares.
    ///
    /// - Throws: ``ConfigurationError`` listing every problem in the bindings.
    public init(_ configure: (Binder) throws -> Void) throws {
        let binder = Binder()
        try configure(binder)
        registry = try Registry(parent: nil, binder: binder)
    }

    init(registry: Registry) {
        self.registry = registry
    }

    /// Returns an instance of `type`, created with its dependencies filled.
    ///
    /// - Throws: ``ResolutionError`` naming the path from `type` to the problem, where the faulty
    ///   dependency or binding was declared, and how to fix it.
    @inlinable
    public func resolve<T>(_ type: T.Type = T.self) throws(ResolutionError) -> T {
        let key = BindingKey(T.self, tag: nil)
        if let made = try readyResult(for: key) { return made.take(as: T.self) }
        return try resolveSlowly(key)
    }

    /// Returns the value `tag` names.
    ///
    /// ```swift
    /// let path = try container.resolve(String.self, tag: DatabasePath.self)
    /// ```
    @inlinable
    public func resolve<T: Tag>(_ type: T.Value.Type = T.Value.self, tag: T.Type) throws(ResolutionError) -> T.Value {
        let key = BindingKey(T.Value.self, tag: tag)
        if let made = try readyResult(for: key) { return made.take(as: T.Value.self) }
        return try resolveSlowly(key)
    }

    // The public entry points are inlined into the caller, where `T` is known: turning the
    // recorded result into a `T` is then a plain move, not a copy through `T`'s value witnesses.

    /// The result of resolving `key` when it needs no compiling or lowering first (a cached
    /// singleton, a published program), retained; nil when the slow path must run.
    @usableFromInline
    func readyResult(for key: BindingKey) throws(ResolutionError) -> RecordedResult? {
        try registry.readyResult(for: key)
    }

    @usableFromInline
    @inline(never)
    func resolveSlowly<T>(_ key: BindingKey) throws(ResolutionError) -> T {
        // The root producer of a key of `T` produces `T`. Not `resolveTopLevel()`: the callers
        // tried `readyResult` already, and the slow path asks for the program itself.
        try registry.withRootProducer(of: T.self, for: key) { try $0.resolveTopLevelSlowly() }
    }
}

extension ResolutionError {
    /// Runs `body`, turning any other error into a resolution error, so callers see one error type.
    @inline(__always)
    static func catching<R>(_ body: () throws -> R) throws(ResolutionError) -> R {
        do {
            return try body()
        } catch let error as ResolutionError {
            throw error
        } catch {
            throw ResolutionError(.internalInconsistency("unexpected error \(error)"), underlyingError: error)
        }
    }
}
