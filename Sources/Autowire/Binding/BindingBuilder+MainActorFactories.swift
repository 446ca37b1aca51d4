/// Factories isolated to the main actor: the initializers of `@MainActor` types, which are every
/// type's in a module built with Xcode 26's default `MainActor` isolation, and closures marked
/// `@MainActor`. The same `to(factory: Greeter.init)` compiles there and in a nonisolated module.
///
/// There is no `@MainActor` twin of `to(assisted:)`: Swift 6.3 picks the nonisolated overload for
/// a function whose first parameter is fixed and the rest a pack, and then reports that the
/// conversion "loses global actor 'MainActor'". Declare the seed with `.assisted(\.seed)` on an
/// ``Injectable`` class instead, which needs no binding.
///
/// The container calls them only on the main thread: resolving their binding anywhere else throws
/// `main-actor-required` rather than racing. Each takes `isolation` only to tell it apart from
/// its nonisolated twin; leave the default.
extension BindingBuilder {
    /// Binds to a `@MainActor` function, usually an initializer, whose parameters the container
    /// resolves; see ``to(factory:)``.
    @_documentation(visibility: internal)
    public func to<each Parameter, Implementation>(
        factory: @escaping @MainActor @Sendable (repeat each Parameter) throws -> Implementation,
        isolation: MainActor = .shared
    ) {
        bindFactory(
            MainActorFunction.refusingOffMainThread(factory, making: Implementation.self), labels: [],
            specialized: nil)
    }

    /// Binds to a `@MainActor` function whose parameters the container resolves, naming each
    /// parameter in graphs and error paths; see ``to(factory:labels:)``.
    @_documentation(visibility: internal)
    public func to<each Parameter, Implementation>(
        factory: @escaping @MainActor @Sendable (repeat each Parameter) throws -> Implementation,
        labels: repeat ParameterLabel<each Parameter>, isolation: MainActor = .shared
    ) {
        bindFactory(
            MainActorFunction.refusingOffMainThread(factory, making: Implementation.self),
            labels: labelNames(repeat each labels), specialized: nil)
    }

    /// Binds to a `@MainActor` closure that makes the value, resolving what it needs through the
    /// ``Resolver``; see ``to(_:)-((Resolver)->Value)``.
    ///
    /// ```swift
    /// binder.bind(Database.self).scoped(.singleton).to { @MainActor resolver in
    ///     try SQLiteDatabase(path: resolver.resolve(String.self, tag: DatabasePath.self))
    /// }
    /// ```
    ///
    /// A closure is nonisolated unless it says otherwise, even in a module whose types are
    /// `@MainActor` by default: write `@MainActor` before its parameter when it calls main-actor
    /// code, such as the initializers of that module's types.
    public func to(_ factory: @escaping @MainActor @Sendable (Resolver) throws -> Value, isolation: MainActor = .shared)
    {
        to(MainActorFunction.refusingOffMainThread(factory, making: Value.self))
    }
}
