/// `ClosureProducer` for a class, via an `ObjectClosureFactory`: callers ask for the object as recorded
/// (`produceRecorded`), so it never passes through `T`'s value witnesses.
///
/// Sendable: `factory` is `let` and immutable (see `ObjectClosureFactory`).
final class ObjectClosureProducer<T>: Producer<T>, @unchecked Sendable {
    let factory: ObjectClosureFactory

    /// Only for a class `T`, which `holdsReferences` says.
    init(key: BindingKey, registry: Registry, factory: ObjectClosureFactory) {
        self.factory = factory
        super.init(key: key, scope: .graph, origin: .closure(factory.location), registry: registry, isFactory: true)
    }

    override func lowering() -> Lowering { .closureCall(self, shared: true) }

    override func produceRecorded(_ resolution: Resolution) throws -> AnyObject {
        try resolution.graphObject(self, made: factory)
    }

    override func produce(_ resolution: Resolution) throws -> T {
        // `T` is a class (see `init`), so the object recorded is a `T`.
        recordedObject(try produceRecorded(resolution), as: T.self)
    }
}
