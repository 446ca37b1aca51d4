/// Eager and resettable singletons.
extension Binder {
    /// Creates `type`'s singleton when the container is built: for start-up work (opening a database,
    /// warming a cache), or to get every failure at launch.
    ///
    /// `type` is resolved as usual (its binding here or in a parent, or autowired as an `Injectable`
    /// class) and must be a singleton: its binding scoped `.singleton`, or its class's own
    /// ``Injectable/scope``. For a binding written here, ``BindingBuilder/eager()`` says the same.
    ///
    /// ```swift
    /// let container = try Container { binder in
    ///     binder.eager(MetricsReporter.self)    // an Injectable class with `scope` `.singleton`
    /// }
    /// ```
    ///
    /// They are created in the order they were marked, once every binding compiled cleanly; each
    /// failure is an `eager-creation-failed` in the ``ConfigurationError`` the build throws. In a child
    /// container, eager singletons are the child's own.
    public func eager<T>(_ type: T.Type, fileID: StaticString = #fileID, line: UInt = #line) {
        settings.eagerSingletons.append(
            EagerSingleton(key: BindingKey(T.self, tag: nil), location: SourceLocation(fileID, line)))
    }

    /// Lets ``Container/resetSingletons()`` drop this container's own singletons; the next request
    /// creates new ones.
    ///
    /// ```swift
    /// let session = try appContainer.child { binder in
    ///     binder.makeSingletonsResettable()
    ///     binder.bind(UserProfile.self).scoped(.singleton).to { _ in UserProfile.load() }
    /// }
    /// try session.resetSingletons()    // on sign-out
    /// ```
    ///
    /// A resettable singleton costs a lock each time it is read; to reset only some instances, give
    /// them a ``CustomScope`` instead.
    public func makeSingletonsResettable() {
        settings.singletonsAreResettable = true
    }
}
