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
    /// The child resolves in its own view: its bindings first, then this container's.
    ///
    /// - A binding of this container whose instances it does not keep (`.transient`, `.graph`,
    ///   implementations, typed and closure factories, collections and dictionaries) is evaluated in
    ///   the child's view when the child reaches it, so an override in a test child replaces that
    ///   dependency everywhere the child's graph reaches it.
    /// - Instances this container keeps (its `.singleton`, `.weak` and custom-scope bindings, and
    ///   contributions in those scopes) are its own, built in its view: the child's bindings do not
    ///   reach them, and the parent never captures a child's object. A child that binds, overrides
    ///   or contributes to a key such an instance's graph reaches, or looked for and found absent,
    ///   fails to build with `override-not-reaching`, naming both.
    /// - An autowired singleton belongs to the outermost container whose view provides its whole
    ///   graph, keys it found absent included: one that reaches a child's binding or override, or
    ///   an optional dependency only the child provides, is the child's own.
    ///
    /// - Throws: ``ConfigurationError`` for problems in the child's bindings, such as one that hides
    ///   a parent's without ``Binder/override(_:fileID:line:)``, or `override-not-reaching`.
    ///
    /// - Parameters:
    ///   - sharingAutowiredSingletons: Pass `false` for a child whose autowired singletons are all its
    ///     own, even those reached through this container's bindings (for a test that must not see
    ///     another test's state). Singletons bound in this container are shared either way.
    ///   - configure: The child's bindings and overrides.
    public func child(sharingAutowiredSingletons: Bool = true, _ configure: (Binder) throws -> Void) throws
        -> Container
    {
        let binder = Binder(childOf: registry)
        binder.settings.sharesParentPlans = sharingAutowiredSingletons
        try configure(binder)
        return Container(registry: try Registry(parent: registry, binder: binder))
    }
}
