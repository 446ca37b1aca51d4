/// A typed factory's program form: the factory a resolve program calls, with its parameters' producers. Set
/// once they are compiled, after its producer is registered, so that parameter cycles back to it are found.
final class FactoryCallHolder {
    var program: (factory: ProgramFactory, parameters: [AnyProducer])?
}

extension PlanCompiler {
    /// Compiles each parameter of a typed factory, in order; nil if one cannot be provided (each is reported).
    func compileArguments<each Parameter>(
        _ parameters: repeat (each Parameter).Type, labels: [String?], owner: BindingKey, location: SourceLocation,
        edgesOf consumer: AnyProducer, firstIndex: Int = 1
    ) -> [AnyProducer]? {
        var compiled: [AnyProducer] = []
        var index = firstIndex - 1
        var complete = true
        for parameter in repeat each parameters {
            index += 1
            let position = index
            let name = labels.indices.contains(position - 1) ? labels[position - 1] : nil
            // Path text is made only if a problem is reported: naming types costs microseconds.
            let component = {
                EdgeLabel.pathComponent(
                    EdgeLabel.parameter(position, label: name), ownerName: owner.description,
                    ownerTypeName: owner.typeName)
            }
            if let found = producer(of: parameter, tag: nil, label: component(), location: location) {
                compiled.append(found)
                consumer.appendEdge(
                    Edge(
                        label: EdgeLabel.parameter(position, label: name), location: location, target: found,
                        isDeferred: false))
            } else {
                complete = false
            }
        }
        return complete ? compiled : nil
    }

    /// The scoped producer of a factory binding of `Value` making an `Implementation`, called through the
    /// holder's program form (a construction's own, filled too, when `origin` is the construction).
    func factoryProducer<Value, Implementation>(
        key: BindingKey, location: SourceLocation, scope: Scope, holder: FactoryCallHolder,
        making _: Implementation.Type, origin: Origin? = nil
    ) -> Producer<Value> {
        // An implementation class that is no `Value`; a protocol's conformance is checked on the product.
        if Value.self is AnyClass, !(Implementation.self is Value.Type) {
            report(
                .nonConforming(
                    implementation: Implementation.self, key: key, location: location, path: [key.description]))
        }
        let recipe = Recipe<Value>(factory: { holder.program })
        return makeScoped(key: key, scope: scope, origin: origin ?? .factory(location), recipe: recipe)
    }
}
