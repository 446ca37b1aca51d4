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
/// A module value may include other modules. A value of a `Hashable` module type equal to one
/// already included, here or in an ancestor, is not included again; different values each add their
/// bindings, so bindings of the same key are reported as duplicates.
public protocol ConfigurableModule {
    /// Declares the module's bindings, as its stored configuration says.
    func configure(_ binder: Binder)
}
