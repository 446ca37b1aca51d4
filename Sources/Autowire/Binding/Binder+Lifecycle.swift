/// Eager and resettable singletons.
extension Binder {
    /// Creates `type` when the container is built, as a singleton: for start-up work (opening a
    /// database, warming a cache), and for strict apps that want every failure at launch.
    ///
    /// `type` is resolved as usual: its binding in this container or a parent, or autowiring when it is
    /// an `Injectable` class. Its instances must be singletons (its binding scoped `.singleton`, or
    /// its class's own ``Injectable/scope``). For a binding written here, ``BindingBuilder/eager()``
    /// says the same.
    ///
    /// ```swift
    /// let container = try Container { binder in
    ///     binder.eager(MetricsReporter.self)    // an Injectable class with `scope` `.singleton`
    /// }
    /// ```
    ///
    /// Eager singletons are created once every binding compiled cleanly, in the order they were
    /// marked; every failure is reported in the one ``ConfigurationError`` the build throws, as
    /// `eager-creation-failed`. In a child container, eager singletons are the child's own.
    public func eager<T>(_ type: T.Type, fileID: StaticString = #fileID, line: UInt = #line) {
        settings.eagerSingletons.append(
            EagerSingleton(key: BindingKey(T.self, tag: nil), location: SourceLocation(fileID, line)))
    }

    /// Lets ``Container/resetSingletons()`` drop this container's singletons, so that the next
    /// request creates new ones.
    ///
    /// ```swift
    /// let session = try appContainer.child { binder in
    ///     binder.makeSingletonsResettable()
    ///     binder.bind(UserProfile.self).scoped(.singleton).to { _ in UserProfile.load() }
    /// }
    /// try session.resetSingletons()    // on sign-out
    /// ```
    ///
    /// It applies to this container's own singletons only. A resettable singleton costs a lock each
    /// time it is read (a resolve asks for the current instance rather than reading a constant);
    /// to reset only some instances, give them a ``CustomScope`` instead.
    public func makeSingletonsResettable() {
        settings.singletonsAreResettable = true
    }
}
