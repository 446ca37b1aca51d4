/// What `Container.isolatedCopy(_:)` builds: one container with the bindings of a container and its
/// ancestors, each override in place of what it overrides, and none of their instances.
extension Registry {
    /// The bindings of this registry and its ancestors, as one container would declare them (see `apply`).
    func flattenedDeclarations() -> [BindingDeclaration] {
        var flattened: [BindingDeclaration] = []
        for registry in lineage { flattened.apply(registry.declarations) }
        return flattened
    }

    /// The settings of this registry and its ancestors: eager singletons of every level, singletons
    /// resettable where any level made them so, and every module included.
    func flattenedSettings() -> ContainerSettings {
        var settings = ContainerSettings()
        for registry in lineage {
            settings.eagerSingletons += registry.settings.eagerSingletons
            if registry.settings.singletonsAreResettable { settings.singletonsAreResettable = true }
            settings.includedModules.formUnion(registry.settings.includedModules)
            settings.includedModuleValues.formUnion(registry.settings.includedModuleValues)
        }
        return settings
    }

    /// This registry and its ancestors, the outermost first. A loop: the depth is the user's.
    private var lineage: [Registry] { sequence(first: self, next: \.parent).reversed() }
}

extension [BindingDeclaration] {
    /// Adds `declarations` as a child adds to its parent's: an override takes the place of every
    /// binding and contribution of its key.
    mutating func apply(_ declarations: [BindingDeclaration]) {
        for declaration in declarations {
            if declaration.isOverride {
                removeAll { $0.providedKey == declaration.providedKey }
            }
            append(declaration.asPlainBinding)
        }
    }
}
