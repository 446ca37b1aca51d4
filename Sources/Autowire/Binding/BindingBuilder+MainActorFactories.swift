/// Factories isolated to the main actor: initializers of `@MainActor` types (every type's under
/// Xcode 26's default `MainActor` isolation) and `@MainActor` closures, so that
/// `to(factory: Greeter.init)` compiles in either kind of module. The container calls them only on the
/// main thread: resolving their binding elsewhere throws `main-actor-required`. `isolation` only tells
/// each from its nonisolated twin; leave the default.
///
/// Swift 6.3 picks these for a `@MainActor` function only when the call also matches a non-pack overload
/// (the fixed-arity ones, or the unavailable catch-alls, which match any function); with pack overloads
/// alone it ranks the nonisolated twin first and fails with "loses global actor 'MainActor'".
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

    /// Binds an ``AssistedFactory`` to a `@MainActor` function whose first parameter is the seed and
    /// whose other parameters the container resolves; see ``to(assisted:)``.
    @_documentation(visibility: internal)
    public func to<Seed, T, each Parameter, Implementation>(
        assisted factory: @escaping @MainActor @Sendable (Seed, repeat each Parameter) throws -> Implementation,
        isolation: MainActor = .shared
    ) where Value == AssistedFactory<Seed, T> {
        to(assisted: MainActorFunction.refusingOffMainThread(seeded: factory, making: Implementation.self), labels: [])
    }

    /// Binds an ``AssistedFactory`` to a `@MainActor` function whose first parameter is the seed,
    /// naming each parameter, the seed's first; see ``to(assisted:labels:_:)``.
    @_documentation(visibility: internal)
    public func to<Seed, T, each Parameter, Implementation>(
        assisted factory: @escaping @MainActor @Sendable (Seed, repeat each Parameter) throws -> Implementation,
        labels seedLabel: ParameterLabel<Seed>, _ labels: repeat ParameterLabel<each Parameter>,
        isolation: MainActor = .shared
    ) where Value == AssistedFactory<Seed, T> {
        to(
            assisted: MainActorFunction.refusingOffMainThread(seeded: factory, making: Implementation.self),
            labels: [seedLabel.name] + labelNames(repeat each labels))
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
    /// A closure is nonisolated unless marked, even where types are `@MainActor` by default: write
    /// `@MainActor` before its parameter when it calls main-actor code.
    public func to(_ factory: @escaping @MainActor @Sendable (Resolver) throws -> Value, isolation: MainActor = .shared)
    {
        to(MainActorFunction.refusingOffMainThread(factory, making: Value.self))
    }
}
