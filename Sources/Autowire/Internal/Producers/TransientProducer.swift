/// `.transient`: a new value every time.
///
/// Sendable: `recipe` is `let` and immutable.
final class TransientProducer<T>: Producer<T>, @unchecked Sendable {
    let recipe: Recipe<T>

    init(key: BindingKey, origin: Origin, registry: Registry, recipe: Recipe<T>) {
        self.recipe = recipe
        super.init(
            key: key, scope: .transient, origin: origin, registry: registry, registersEarly: false,
            isFactory: recipe.isFactory)
    }

    override var registersEarlyWhenShared: Bool { recipe.registersEarly }

    override func lowering() -> Lowering {
        recipe.lowering(holdsReferences: holdsReferences, shared: false, calledBy: self)
    }

    /// A closure factory, called in `resolution`.
    override func produce(_ resolution: Resolution) throws -> T {
        try resolution.constructing(self, allowsProgress: true) { try recipe.make(in: resolution) }
    }
}
