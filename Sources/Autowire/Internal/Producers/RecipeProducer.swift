/// `.graph` (one value per top-level resolve, recorded in the resolution's table) or `.transient` (a new
/// value each time it is met): made by its recipe whenever a program meets it.
///
/// Sendable: `recipe` is `let` and immutable; each value lives in its resolution, never here.
final class RecipeProducer<T>: Producer<T>, @unchecked Sendable {
    let recipe: Recipe<T>

    /// For `.graph` or `.transient` only.
    init(key: BindingKey, scope: Scope, origin: Origin, registry: Registry, recipe: Recipe<T>) {
        self.recipe = recipe
        super.init(
            key: key, scope: scope, origin: origin, registry: registry,
            registersEarly: scope.kind == .graph && recipe.registersEarly, isFactory: recipe.isFactory)
    }

    override var registersEarlyWhenShared: Bool { recipe.registersEarly }

    override func lowering() -> Lowering {
        recipe.lowering(holdsReferences: holdsReferences, shared: scope.kind == .graph, calledBy: self)
    }

    /// A transient closure factory, called in `resolution` (a `.graph` closure has a producer of its own).
    override func produce(_ resolution: Resolution) throws -> T {
        guard scope.kind == .transient else { return try super.produce(resolution) }
        return try resolution.constructing(self, allowsProgress: true) { try recipe.make(in: resolution) }
    }
}
