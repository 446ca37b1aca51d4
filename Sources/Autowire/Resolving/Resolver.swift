/// Resolves dependencies inside a closure factory, as part of the resolve that called it.
///
/// ```swift
/// binder.bind(Database.self).scoped(.singleton).to { resolver in
///     try SQLiteDatabase(path: resolver.resolve(String.self, tag: DatabasePath.self))
/// }
/// ```
///
/// Objects resolved through it on the factory's own thread, while the factory runs, share the
/// `.graph` instances of the ongoing resolve, and cycles through the factory are detected. Used on
/// another thread, or kept and used after the factory returned, it starts new, independent
/// resolves: it is `Sendable`, and safe to use from anywhere at any time.
///
/// It holds its container as a ``Provider`` does: one given to the factory of an object the container
/// keeps holds the container weakly, and throws `container-released` once the container is released.
public struct Resolver: Sendable {
    /// Held strongly; an empty placeholder when `weakRegistry` holds the container. Two fields rather
    /// than a `RegistryReference` or an optional, which cost a retain and a release per nested resolve.
    private let registry: Registry
    /// Nil but in the resolver of an object the container keeps.
    private let weakRegistry: WeakRegistry?
    /// The address of the resolve's state while it runs, on the stack of its thread. Never read
    /// through: `ActiveResolutions` hands out the state only when a running resolve of the
    /// calling thread has this address and `serial`.
    private let state: UInt
    /// The number the resolve was given: a later resolve may reuse the state's address, never its
    /// number.
    private let serial: UInt

    @inline(__always)
    init(registry: Registry, resolution: Resolution) {
        self.registry = registry
        self.weakRegistry = nil
        self.state = resolution.address
        self.serial = resolution.serial
    }

    /// The resolver of the factory of an object the container keeps: it holds the container weakly.
    @inline(never)
    init(weaklyOn registry: Registry, resolution: Resolution) {
        self.registry = Registry.placeholder
        self.weakRegistry = WeakRegistry(registry)
        self.state = resolution.address
        self.serial = resolution.serial
    }

    /// The ongoing resolve of `registry`, when called on its thread before it ended.
    @inline(__always)
    private func ongoingResolution(of registry: Registry) -> Resolution? {
        ActiveResolutions.resolution(at: state, serial: serial, key: registry.activeResolutionsKey)
    }

    /// Returns an instance of `type`, in the ongoing resolve.
    @inlinable
    public func resolve<T>(_ type: T.Type = T.self) throws(ResolutionError) -> T {
        let key = BindingKey(T.self, tag: nil)
        if T.self is AnyClass, let made = try resolveObject(key) { return recordedObject(made, as: T.self) }
        return try resolveValue(key)
    }

    /// Returns the value `tag` names, in the ongoing resolve.
    @inlinable
    public func resolve<T: Tag>(_ type: T.Value.Type = T.Value.self, tag: T.Type) throws(ResolutionError) -> T.Value {
        let key = BindingKey(T.Value.self, tag: tag)
        if T.Value.self is AnyClass, let made = try resolveObject(key) { return recordedObject(made, as: T.Value.self) }
        return try resolveValue(key)
    }

    // The public entry points are inlined where `T` is known, so that a class's object comes back as
    // recorded through the non-generic `resolveObject` (see `Recorded.swift`): as a generic call, each
    // nested resolve paid `T`'s metadata and value-witness copies (~60 instructions an object).

    /// The object a key of a class type resolves to, as recorded (the object itself), owned; nil
    /// when `resolveValue` must resolve it: by the resolver of an object the container keeps, and
    /// for a new top-level resolve that must compile or lower first.
    @usableFromInline
    func resolveObject(_ key: BindingKey) throws(ResolutionError) -> AnyObject? {
        if weakRegistry != nil { return nil }
        guard let resolution = ongoingResolution(of: registry) else {
            // A new top-level resolve.
            return try registry.readyTopLevelRecord(for: key)
        }
        // Checked as a root: closures have no static edges, so the graph this request reaches was
        // never cycle-checked through the factory, and an unclosable cycle would recurse forever.
        return try registry.withRootProducer(for: key) { try $0.produceNested(resolution) }
    }

    @usableFromInline
    func resolveValue<T>(_ key: BindingKey) throws(ResolutionError) -> T {
        if weakRegistry != nil { return try resolveForKeptObject(key) }
        guard let resolution = ongoingResolution(of: registry) else {
            // A new top-level resolve.
            return try registry.withRootProducer(of: T.self, for: key) {
                try $0.resolveTopLevel()
            }
        }
        // Checked as a root, as in `resolveObject`.
        return try registry.withRootProducer(of: T.self, for: key) {
            try $0.produceNestedValue(resolution)
        }
    }

    /// `resolve` by the resolver of an object the container keeps, which holds the container
    /// weakly: out of line, so that the common resolver's path stays as short as it was.
    @inline(never)
    private func resolveForKeptObject<T>(_ key: BindingKey) throws(ResolutionError) -> T {
        guard let registry = weakRegistry?.registry else {
            throw ResolutionError(
                .containerReleased(key, handle: key.tag == nil ? "Resolver.resolve(_:)" : "Resolver.resolve(_:tag:)"))
        }
        guard let resolution = ongoingResolution(of: registry) else {
            // A new top-level resolve, kept by the object that keeps this resolver (see
            // `Producer.resolveTopLevelForKeptObject()`).
            return try registry.withRootProducer(of: T.self, for: key) {
                try $0.resolveTopLevelForKeptObject()
            }
        }
        return try registry.withRootProducer(of: T.self, for: key) {
            try $0.produceNestedValue(resolution)
        }
    }
}
