/// A `to(factory:)` binding waiting to be compiled. (A class rather than a closure: closures
/// capturing parameter packs crash the 6.3 compiler.)
final class TypedFactoryBinding<Value, each Parameter, Implementation> {
    let key: BindingKey
    let location: SourceLocation
    let scope: Scope
    let factory: (repeat each Parameter) throws -> Implementation

    init(
        key: BindingKey, location: SourceLocation, scope: Scope,
        factory: @escaping (repeat each Parameter) throws -> Implementation
    ) {
        self.key = key
        self.location = location
        self.scope = scope
        self.factory = factory
    }

    func compile(_ compiler: PlanCompiler, register: Bool) -> AnyProducer {
        if Value.self is AnyClass, !(Implementation.self is Value.Type) {
            compiler.report(
                .nonConforming(implementation: Implementation.self, key: key, location: location, path: [key.description]))
        }
        let holder = TypedFactoryHolder<repeat each Parameter, Implementation>()
        let producer = compiler.makeScoped(
            key: key, scope: scope, origin: .factory(location), recipe: makeRecipe(holder))
        if register { compiler.register(producer) }
        compiler.compileFactory(factory, into: holder, owner: key, location: location, edgesOf: producer)
        return producer
    }

    private func makeRecipe(_ holder: TypedFactoryHolder<repeat each Parameter, Implementation>) -> Recipe<Value> {
        let key = key
        let location = location
        return Recipe<Value>(
            make: { resolution, _ in
                guard let typed = holder.recipe else {
                    throw ResolutionError(.internalInconsistency("the factory for \(key) was not compiled"))
                }
                let made: Implementation
                do {
                    made = try typed.make(resolution)
                } catch let error as ResolutionError {
                    throw error.prependingPath(key.description)
                } catch {
                    throw ResolutionError(.factoryFailed(key, location: location, error: error), underlyingError: error)
                }
                return try upcast(made, to: Value.self, key: key, location: location)
            },
            registersEarly: false, isFactory: true)
    }
}
