/// Filling objects that something else created.
extension Container {
    /// Fills the declared dependencies of an object the container did not create.
    ///
    /// Uses the object's dynamic type, so a subclass's own dependencies are filled too. To fill
    /// many objects of one type, get a ``PropertyInjector`` once and reuse it.
    public func inject<T: PropertyInjectable>(into object: T) throws(ResolutionError) {
        try propertyInjector(for: type(of: object)).inject(into: object)
    }

    /// Returns an injector for objects of `type`, after checking that every required dependency
    /// of `type` can be provided.
    ///
    /// - Throws: ``ResolutionError`` listing every dependency that cannot be provided.
    public func propertyInjector<T: PropertyInjectable>(for type: T.Type) throws(ResolutionError) -> PropertyInjector<T>
    {
        PropertyInjector(registry: registry, target: try registry.injectionTarget(for: type), objectType: type)
    }
}
