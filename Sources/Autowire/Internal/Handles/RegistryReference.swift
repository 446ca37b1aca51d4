/// How a handle (`Provider`, `Lazy`, `AssistedFactory`, an injected `ChildContainerFactory`) holds its
/// container's state, as a `Resolver` and an injected `PropertyInjector` also do. Strongly, so that an
/// object the container does not keep keeps it alive (`app.makeDetail.get()` works on an `app` resolved
/// from a temporary container). Weakly for an object that container keeps (a singleton, a custom-scope,
/// resettable or `.weak` instance) or made during such a creation: object → handle → container → object
/// would be a cycle that releasing the container never frees.
enum RegistryReference: Sendable {
    case strong(Registry)
    case weak(WeakRegistry)

    /// `weakly` for an object the registry's container keeps (see `ResolutionState.keptCreations`).
    @inline(__always)
    init(_ registry: Registry, weakly: Bool) {
        self = weakly ? .weak(WeakRegistry(registry)) : .strong(registry)
    }

    /// What it resolves is kept by a kept object (see `Producer.resolveTopLevelForKeptObject()`).
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
