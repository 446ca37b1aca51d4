/// Collects the bindings of a container while it is built.
///
/// You receive a binder in the closure given to ``Container/init(_:)`` or ``Container/child(sharingAutowiredSingletons:_:)``:
///
/// ```swift
/// let container = try Container { binder in
///     binder.bind(OrderRepository.self).to(SQLOrderRepository.self)
///     binder.bind(String.self).tagged(DatabasePath.self).to(value: ":memory:")
/// }
/// ```
public final class Binder {
    var declarations: [BindingDeclaration] = []
    /// Eager and resettable singletons: see `Binder+Lifecycle.swift`.
    var settings = ContainerSettings()

    /// A child's binder: modules its ancestors included count as included, since including one
    /// again would rebind its keys without `override`.
    init(childOf parent: Registry? = nil) {
        settings.includedModules = parent?.settings.includedModules ?? []
        settings.includedModuleValues = parent?.settings.includedModuleValues ?? []
    }

    /// Starts a binding for `type`; finish it with a `to` method (one left unfinished is a "result
    /// unused" warning).
    public func bind<T>(_ type: T.Type, fileID: StaticString = #fileID, line: UInt = #line) -> BindingBuilder<T> {
        BindingBuilder(binder: self, location: SourceLocation(fileID, line), isOverride: false)
    }

    /// Starts a binding that replaces one of the parent container's, in a child container.
    ///
    /// ```swift
    /// let testContainer = try appContainer.child { binder in
    ///     binder.override(OrderRepository.self).to(InMemoryOrderRepository.self)
    /// }
    /// ```
    ///
    /// Rebinding a parent's type with ``bind(_:fileID:line:)`` instead is reported
    /// (`accidental-shadowing`), as is an override that replaces nothing (`override-of-nothing`).
    public func override<T>(_ type: T.Type, fileID: StaticString = #fileID, line: UInt = #line) -> BindingBuilder<T> {
        BindingBuilder(binder: self, location: SourceLocation(fileID, line), isOverride: true)
    }

    /// Adds the bindings of `module`, once: including the same module again does nothing, in this
    /// container or in a child of one that included it.
    public func include<M: Module>(_ module: M.Type) {
        guard settings.includedModules.insert(ObjectIdentifier(module)).inserted else { return }
        module.configure(self)
    }

    /// Adds the bindings of a ``ConfigurableModule`` value: once for equal values of a `Hashable`
    /// module, in this container or in a child of one that included it.
    ///
    /// ```swift
    /// binder.include(StorageModule(storage: settings.storage))
    /// ```
    public func include(_ module: some ConfigurableModule) {
        if let identity = module as? any Hashable {
            guard settings.includedModuleValues.insert(AnyHashable(identity)).inserted else { return }
        }
        module.configure(self)
    }

    func add(_ declaration: BindingDeclaration) { declarations.append(declaration) }
}
