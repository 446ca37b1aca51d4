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
    /// The child shares this container's compiled plans and autowired singletons wherever they
    /// reach none of the child's bindings: a singleton belongs to the outermost container that can
    /// provide all its dependencies. One that needs a child's binding or override is the child's
    /// own, so it uses them. This container's own bindings keep resolving in this container: the
    /// parent never sees the child's bindings, and a parent singleton never captures a child's
    /// object.
    ///
    /// - Throws: ``ConfigurationError`` for problems in the child's bindings, including a binding
    ///   that hides a parent's without ``Binder/override(_:fileID:line:)``.
    ///
    /// - Parameters:
    ///   - sharingAutowiredSingletons: Pass `false` for a child that shares no compiled plan with
    ///     this container, so every autowired singleton it resolves is its own: what a test that
    ///     must not see another test's state wants. Singletons bound in this container are shared
    ///     either way.
    ///   - configure: The child's bindings and overrides.
    public func child(sharingAutowiredSingletons: Bool = true, _ configure: (Binder) throws -> Void) throws
        -> Container
    {
        let binder = Binder()
        binder.settings.sharesParentPlans = sharingAutowiredSingletons
        try configure(binder)
        return Container(registry: try Registry(parent: registry, binder: binder))
    }
}
