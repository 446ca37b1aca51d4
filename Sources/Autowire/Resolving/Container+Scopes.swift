/// Ending the lifetimes a container keeps instances for.
extension Container {
    /// Releases this container's instances of `scope`: the next request creates new ones.
    ///
    /// ```swift
    /// container.reset(Session.self)    // on sign-out
    /// ```
    ///
    /// What a reset guarantees to resolves running on other threads meanwhile:
    /// - **No torn graph.** Each top-level resolve (`resolve`, `inject(into:)`, `Provider.get()`,
    ///   `Lazy.get()`, `AssistedFactory.make(_:)`) works in the generation of `scope` that was
    ///   current when it first needed it. A resolve that began before the reset finishes with old
    ///   instances: those it still has to create are made for it alone, and not kept.
    /// - **New after.** Every resolve that starts after `reset` returns gets new instances, each
    ///   created once for all threads, as singletons are.
    /// - **No deadlock, no crash.** `reset` waits only for short table updates, never for a creation
    ///   in progress; the old instances are released outside any lock, so their `deinit` may use
    ///   the container.
    ///
    /// It does not reach into other lifetimes: a singleton (or an instance of another custom
    /// scope) that holds an instance of `scope` keeps it. Children keep their own instances of
    /// `scope` (those of bindings and classes they compile themselves): reset them on the child.
    public func reset<S: CustomScope>(_ scope: S.Type) {
        registry.scopes.existing(for: ObjectIdentifier(scope))?.reset()
    }

    /// Releases every singleton of this container: the next request creates new ones.
    ///
    /// Only for a container built with ``Binder/makeSingletonsResettable()``; its resets give the
    /// guarantees of ``reset(_:)``. Singletons of a parent container are not reset.
    ///
    /// - Throws: ``ResolutionError`` (`singletons-not-resettable`) when the container's singletons
    ///   were not made resettable: read without a lock, they can never be released safely.
    public func resetSingletons() throws(ResolutionError) {
        guard registry.settings.singletonsAreResettable else {
            throw ResolutionError(
                .singletonsNotResettable(container: registry.parent == nil ? "container" : "child container"))
        }
        registry.scopes.existing(for: ObjectIdentifier(ResettableSingletons.self))?.reset()
    }
}
