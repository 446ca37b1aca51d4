/// How a handle (`Provider`, `Lazy`, `AssistedFactory`, an injected `ChildContainerFactory`) holds
/// its container's state. A closure factory's `Resolver` holds it the same two ways, in two fields
/// (see `Resolver.registry`), and an injected `PropertyInjector` as its own fields say.
///
/// Strongly, so that an object the container does not keep keeps the container alive while it
/// holds one: `let app = try Container { … }.resolve(App.self)` followed by
/// `app.makeDetail.get()` works. Weakly when the object that receives it is kept by that container
/// (a singleton, a custom-scope, resettable or `.weak` instance) or is made inside such an
/// object's creation: a strong reference there would form object → handle → container → object,
/// and releasing the container would free nothing.
enum RegistryReference: Sendable {
    case strong(Registry)
    case weak(WeakRegistry)

    /// `weakly` when the object it is made for is kept by the registry's container (see
    /// `ResolutionState.keptCreations`).
    @inline(__always)
    init(_ registry: Registry, weakly: Bool) {
        self = weakly ? .weak(WeakRegistry(registry)) : .strong(registry)
    }

    /// Whether it holds the registry weakly: what it resolves is kept by an object the container
    /// keeps (see `Producer.resolveTopLevelForKeptObject()`).
    var isWeak: Bool {
        if case .weak = self { return true }
        return false
    }

    /// The registry, or nil once a weakly held one is released.
    @inline(__always)
    var registry: Registry? {
        switch self {
        case .strong(let registry): registry
        case .weak(let reference): reference.registry
        }
    }
}

extension Registry {
    /// An empty registry that nothing resolves from: what a `Resolver` that holds its container
    /// weakly holds in its strong field (see `Resolver.registry`).
    static let placeholder = Registry()
}

/// A registry held weakly (`RegistryReference.weak`, `Resolver.weakRegistry`): one small object per
/// handle or resolver made for a kept object, so that the common, strong reference stays one word.
final class WeakRegistry: Sendable {
    weak let registry: Registry?

    init(_ registry: Registry) { self.registry = registry }
}
