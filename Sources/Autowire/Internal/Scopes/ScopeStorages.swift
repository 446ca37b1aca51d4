/// A container's resettable lifetimes: one `ScopeStorage` per ``CustomScope`` its producers use, and
/// one for its singletons when made resettable; created while compiling, looked up again by `reset`.
///
/// Sendable: `storages` is guarded by `lock`; each storage locks for itself.
final class ScopeStorages: @unchecked Sendable {
    private let lock = ShortLock()
    private var storages: [ObjectIdentifier: ScopeStorage] = [:]

    /// The storage of a ``CustomScope`` type or of `ResettableSingletons`, made on first use.
    func storage(for scope: ObjectIdentifier, registry: Registry) -> ScopeStorage {
        lock.withLock {
            if let existing = storages[scope] { return existing }
            let made = ScopeStorage(registry: registry)
            storages[scope] = made
            return made
        }
    }

    /// The storage of `scope` if any producer of the container uses it.
    func existing(for scope: ObjectIdentifier) -> ScopeStorage? {
        lock.withLock { storages[scope] }
    }
}

/// The lifetime of a container's singletons when `makeSingletonsResettable()` was called.
enum ResettableSingletons {}
