/// Typed and assisted factories written in the Swift 5 language mode, where `T.init` is not
/// inferred `@Sendable`: the same `to(factory: T.init)` compiles there without a warning.
/// Obsoleted in Swift 6, whose code sees only the checked factories.
extension BindingBuilder {
    /// Binds to a function whose parameters the container resolves, in the Swift 5 language mode;
    /// see ``to(factory:)``.
    @_documentation(visibility: internal)
    @available(swift, obsoleted: 6.0, message: "Swift 6 checks that the factory is Sendable")
    public func to<each Parameter, Implementation>(
        factory: @escaping (repeat each Parameter) throws -> Implementation
    ) {
        bindFactory(UncheckedSendableFunction(call: factory).sendable, labels: [], specialized: nil)
    }

    /// Binds to a function whose parameters are named, in the Swift 5 language mode; see
    /// ``to(factory:labels:)``.
    @_documentation(visibility: internal)
    @available(swift, obsoleted: 6.0, message: "Swift 6 checks that the factory is Sendable")
    public func to<each Parameter, Implementation>(
        factory: @escaping (repeat each Parameter) throws -> Implementation,
        labels: repeat ParameterLabel<each Parameter>
    ) {
        bindFactory(
            UncheckedSendableFunction(call: factory).sendable, labels: labelNames(repeat each labels),
            specialized: nil)
    }

    /// Binds an ``AssistedFactory`` to a function whose first parameter is the seed, in the Swift 5
    /// language mode; see ``to(assisted:)``.
    @_documentation(visibility: internal)
    @available(swift, obsoleted: 6.0, message: "Swift 6 checks that the factory is Sendable")
    public func to<Seed, T, each Parameter, Implementation>(
        assisted factory: @escaping (Seed, repeat each Parameter) throws -> Implementation
    ) where Value == AssistedFactory<Seed, T> {
        to(assisted: UncheckedSendableSeededFunction(call: factory).sendable, labels: [])
    }
}
