/// A group of bindings that depends on configuration known at run time: a value of a module type
/// whose stored properties say what to bind.
///
/// ```swift
/// struct StorageModule: ConfigurableModule, Hashable {
///     enum Storage: Hashable { case sqlite(path: String), memory }
///     let storage: Storage
///
///     func configure(_ binder: Binder) {
///         switch storage {
///         case .sqlite(let path):
///             binder.bind(String.self).tagged(DatabasePath.self).to(value: path)
///             binder.bind(OrderRepository.self).to(SQLOrderRepository.self)
///         case .memory:
///             binder.bind(OrderRepository.self).scoped(.singleton).to(InMemoryOrderRepository.self)
///         }
///     }
/// }
///
/// let container = try Container { binder in
///     binder.include(StorageModule(storage: settings.storage))
/// }
/// ```
///
/// A module value may include other modules, static or configurable. When the module type is
/// `Hashable`, a value equal to one already included, in this container or an ancestor, is not
/// included again (as a ``Module`` type is included once); two different values of one module
/// type each add their bindings, and bindings of the same key are then reported as duplicates.
public protocol ConfigurableModule {
    /// Declares the module's bindings, as its stored configuration says.
    func configure(_ binder: Binder)
}
