/// A typed factory's compiled parameters: one producer per parameter, held in a tuple shaped like
/// the factory's parameter pack, so a call produces each argument with no lookup and no cast.
final class TypedFactoryRecipe<each Parameter, Implementation> {
    let factory: (repeat each Parameter) throws -> Implementation
    let arguments: (repeat FactoryArgument<each Parameter>)

    init(
        factory: @escaping (repeat each Parameter) throws -> Implementation,
        arguments: repeat FactoryArgument<each Parameter>
    ) {
        self.factory = factory
        self.arguments = (repeat each arguments)
    }

    @inline(__always)
    func make(_ resolution: Resolution) throws -> Implementation {
        try factory(repeat try (each arguments).producer.produce(resolution))
    }
}

/// One compiled factory parameter; its producer is owned by a registry.
struct FactoryArgument<P> {
    unowned(unsafe) let producer: Producer<P>
}

extension PlanCompiler {
    /// Compiles each parameter of a typed factory into `holder`; leaves it empty when one cannot
    /// be provided (every missing one is reported).
    func compileFactory<each Parameter, Implementation>(
        _ factory: @escaping (repeat each Parameter) throws -> Implementation,
        into holder: TypedFactoryHolder<repeat each Parameter, Implementation>,
        owner: BindingKey, location: SourceLocation, edgesOf consumer: AnyProducer
    ) {
        var compiled: [AnyProducer] = []
        var index = 0
        for parameter in repeat (each Parameter).self {
            index += 1
            let label = "factory[\(index)]"
            if let found = producer(of: parameter, tag: nil, label: "\(owner.typeName).\(label)", location: location) {
                compiled.append(found)
                consumer.edges.append(Edge(label: label, location: location, target: found, isDeferred: false))
            }
        }
        guard compiled.count == index else { return }
        var next = 0
        func take<P>(_ type: P.Type) -> FactoryArgument<P> {
            defer { next += 1 }
            return FactoryArgument(producer: unsafeDowncast(compiled[next], to: Producer<P>.self))
        }
        holder.recipe = TypedFactoryRecipe(factory: factory, arguments: repeat take((each Parameter).self))
    }
}
