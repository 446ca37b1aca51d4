/// `.to(value:)`: always the same value.
final class ValueProducer<T>: Producer<T>, @unchecked Sendable {
    let value: T

    init(key: BindingKey, location: SourceLocation, registry: Registry, value: T) {
        self.value = value
        super.init(
            key: key, scope: .singleton, origin: .value(location), registry: registry, registersEarly: false,
            isFactory: false)
    }

    override func lowering() -> Lowering { .constant(reference(for: value)) }

    override func produce(_ resolution: Resolution) throws -> T { value }

    override func resolveTopLevel() throws -> T { value }
}
