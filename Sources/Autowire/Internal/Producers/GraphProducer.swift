/// `.graph`: one value per top-level resolve, recorded in the resolution's table.
///
/// Sendable: `recipe` is `let` and immutable; each value lives in its resolution, never here.
final class GraphProducer<T>: Producer<T>, @unchecked Sendable {
    let recipe: Recipe<T>

    init(key: BindingKey, origin: Origin, registry: Registry, recipe: Recipe<T>) {
        self.recipe = recipe
        super.init(
            key: key, scope: .graph, origin: origin, registry: registry, registersEarly: recipe.registersEarly,
            isFactory: recipe.isFactory)
    }

    override func lowering() -> Lowering {
        recipe.lowering(holdsReferences: holdsReferences, shared: true, calledBy: self)
    }
}
