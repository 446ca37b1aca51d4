/// `.graph`: one value per top-level resolve, recorded in the resolution's table.
final class GraphProducer<T>: Producer<T>, @unchecked Sendable {
    let recipe: Recipe<T>

    init(key: BindingKey, origin: Origin, registry: Registry, recipe: Recipe<T>) {
        self.recipe = recipe
        super.init(
            key: key, scope: .graph, origin: origin, registry: registry, registersEarly: recipe.registersEarly,
            isFactory: recipe.isFactory)
    }

    override func produce(_ resolution: Resolution) throws -> T {
        if case .instance(let existing) = resolution.lookup(self) { return try value(from: existing) }
        if recipe.registersEarly { return try recipe.make(resolution, self) }
        let value = try resolution.constructing(self, allowsProgress: false) { try recipe.make(resolution, nil) }
        resolution.record(self, instance: reference(for: value))
        return value
    }
}
