/// Child containers: overrides for tests, scoped sub-graphs for features or requests.
extension Container {
    /// Returns a container that sees this container's bindings and adds or overrides some.
    ///
    /// ```swift
    /// let testContainer = try appContainer.child { binder in
    ///     binder.override(OrderRepository.self).to(InMemoryOrderRepository.self)
    /// }
    /// ```
    ///
    /// The child owns its own singletons, including those of `Injectable` classes it autowires,
    /// so they use its overrides. This container's own bindings keep resolving in this container:
    /// the parent never sees the child's bindings, and a parent singleton never captures a child's
    /// object.
    ///
    /// - Throws: ``ConfigurationError`` for problems in the child's bindings, including a binding
    ///   that hides a parent's without ``Binder/override(_:fileID:line:)``.
    public func child(_ configure: (Binder) throws -> Void) throws -> Container {
        let binder = Binder()
        try configure(binder)
        return Container(registry: try Registry(parent: registry, binder: binder))
    }
}
