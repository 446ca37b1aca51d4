/// Where a container keeps instances it may be asked to reset.
extension Registry {
    /// The storage for producers of `scope`, or nil when its instances are never reset (every
    /// built-in scope, `.singleton` unless this container's singletons were made resettable).
    func resettableStorage(for scope: Scope) -> ScopeStorage? {
        switch scope.kind {
        case .custom(let id): scopes.storage(for: id.identifier, registry: self)
        case .singleton where settings.singletonsAreResettable:
            scopes.storage(for: ObjectIdentifier(ResettableSingletons.self), registry: self)
        case .transient, .graph, .singleton, .weak: nil
        }
    }
}
