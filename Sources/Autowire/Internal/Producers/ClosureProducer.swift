/// A closure factory in the `.graph` scope, the default: one value per top-level resolve, made by
/// calling the user's closure directly. (In other scopes a closure is a recipe a scoped producer
/// calls, one call layer more: see `ClosureFactory.recipe`. A class's is an
/// `ObjectClosureProducer`.)
///
/// Sendable: `factory` is `let` (and immutable, see `ClosureFactory`); the rest is `AnyProducer`'s.
final class ClosureProducer<T>: Producer<T>, @unchecked Sendable {
    let factory: ClosureFactory<T>

    init(key: BindingKey, registry: Registry, factory: ClosureFactory<T>) {
        self.factory = factory
        super.init(
            key: key, scope: .graph, origin: .closure(factory.location), registry: registry, registersEarly: false,
            isFactory: true)
    }

    /// A program cannot see inside the closure: it calls it through a `ClosureCall`.
    override func lowering() -> Lowering { .closureCall(self, shared: true) }

    override func produce(_ resolution: Resolution) throws -> T {
        try resolution.graphValue(self, made: factory)
    }
}
