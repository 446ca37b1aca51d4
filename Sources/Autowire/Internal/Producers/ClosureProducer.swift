/// A closure factory in `.graph`, the default: one value per top-level resolve, made by calling the
/// user's closure directly. (Other scopes call it as a recipe, one call layer more, see
/// `ClosureFactory.recipe`; a class's is an `ObjectClosureProducer`.)
///
/// Sendable: `factory` is `let` and immutable (see `ClosureFactory`).
final class ClosureProducer<T>: Producer<T>, @unchecked Sendable {
    let factory: ClosureFactory<T>

    init(key: BindingKey, registry: Registry, factory: ClosureFactory<T>) {
        self.factory = factory
        super.init(key: key, scope: .graph, origin: .closure(factory.location), registry: registry, isFactory: true)
    }

    /// A program cannot see inside the closure: it calls it through a `ClosureCall`.
    override func lowering() -> Lowering { .closureCall(self, shared: true) }

    override func produce(_ resolution: Resolution) throws -> T {
        try resolution.graphValue(self, made: factory)
    }
}
