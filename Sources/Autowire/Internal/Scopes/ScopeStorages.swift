/// A container's resettable lifetimes: one `ScopeStorage` per ``CustomScope`` its producers use,
/// and one for its singletons when they were made resettable. Created while compiling; looked up
/// again by `reset`.
///
/// Sendable: `storages` is read and written only under `lock`; each storage locks for itself.
final class ScopeStorages: @unchecked Sendable {
    private let lock = ShortLock()
    /// Guarded by `lock`.
    private var storages: [ObjectIdentifier: ScopeStorage] = [:]

    /// The storage of the lifetime `scope` identifies (a ``CustomScope`` type, or
    /// `ResettableSingletons`), made on first use.
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
