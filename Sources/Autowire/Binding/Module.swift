/// A reusable group of bindings, such as everything a feature or a library needs.
///
/// ```swift
/// enum PersistenceModule: Module {
///     static func configure(_ binder: Binder) {
///         binder.bind(Database.self).scoped(.singleton).to(SQLiteDatabase.self)
///         binder.bind(OrderRepository.self).to(SQLOrderRepository.self)
///     }
/// }
///
/// let container = try Container { binder in
///     binder.include(PersistenceModule.self)
///     binder.include(NetworkModule.self)
/// }
/// ```
///
/// Modules may include other modules; each is included once however often it is named. When the
/// bindings depend on run-time configuration, use a ``ConfigurableModule`` value instead.
public protocol Module {
    /// Declares the module's bindings.
    static func configure(_ binder: Binder)
}
