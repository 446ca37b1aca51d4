/// Isolated copies: a container for one test that shares nothing with the app or other tests.
extension Container {
    /// Returns a new container with this container's bindings (its ancestors' included) and
    /// `configure`'s bindings and overrides, sharing none of this container's instances.
    ///
    /// ```swift
    /// let testContainer = try appContainer.isolatedCopy { binder in
    ///     binder.override(Mailer.self).to(value: RecordingMailer())
    /// }
    /// ```
    ///
    /// Each copy makes its own singletons, custom-scope and weak instances on first use, as a new
    /// container does, so an override replaces the binding everywhere, singletons included (unlike in
    /// a ``child(sharingAutowiredSingletons:_:)``). Instances offered to this container
    /// (``offer(_:as:)``) are not copied.
    ///
    /// - Parameter configure: The copy's own bindings and overrides; as in a child, overriding a key
    ///   nothing binds, or binding a bound key without `override`, is an error.
    /// - Throws: ``ConfigurationError`` for problems in `configure`'s bindings.
    public func isolatedCopy(_ configure: (Binder) throws -> Void = { _ in }) throws -> Container {
        let inherited = registry.flattenedDeclarations()
        let binder = Binder()
        binder.settings = registry.flattenedSettings()
        try configure(binder)
        var problems: [Diagnostic] = []
        var bound: [BindingKey: BindingDeclaration] = [:]
        for declaration in inherited { bound[declaration.providedKey] = declaration }
        for declaration in binder.declarations {
            let existing = bound[declaration.providedKey]
            if declaration.isOverride, existing == nil {
                problems.append(.overrideOfNothing(declaration.providedKey, location: declaration.location))
            } else if !declaration.isOverride, !declaration.isContribution, let existing {
                problems.append(
                    .accidentalShadowing(
                        declaration.providedKey, location: declaration.location, parentLocation: existing.location))
            }
        }
        if !problems.isEmpty { throw ConfigurationError(problems) }
        var declarations = inherited
        declarations.apply(binder.declarations)
        binder.declarations = declarations
        return Container(registry: try Registry(parent: nil, binder: binder))
    }
}
