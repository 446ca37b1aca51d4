/// A closure factory of a class in the `.graph` scope, the default: what `ClosureProducer` is for
/// other values, made through an `ObjectClosureFactory`. A `Resolver`, a top-level resolve and a
/// program's `ClosureCall` ask for the object as it is recorded (`produceRecorded`), which then
/// never passes through `T`'s value witnesses.
///
/// Sendable: `factory` is `let` (and immutable, see `ObjectClosureFactory`); the rest is
/// `AnyProducer`'s.
final class ObjectClosureProducer<T>: Producer<T>, @unchecked Sendable {
    let factory: ObjectClosureFactory

    /// Only for a class `T`, which `holdsReferences` says.
    init(key: BindingKey, registry: Registry, factory: ObjectClosureFactory) {
        self.factory = factory
        super.init(
            key: key, scope: .graph, origin: .closure(factory.location), registry: registry, registersEarly: false,
            isFactory: true)
    }

    /// A program cannot see inside the closure: it calls it through a `ClosureCall`.
    override func lowering() -> Lowering { .closureCall(self, shared: true) }

    override func produceRecorded(_ resolution: Resolution) throws -> AnyObject {
        try resolution.graphObject(self, made: factory)
    }

    override func produce(_ resolution: Resolution) throws -> T {
        // `T` is a class (see `init`), so the object recorded is a `T`.
        recordedObject(try produceRecorded(resolution), as: T.self)
    }
}
