/// A factory parameter that asks for the value a ``Tag`` names.
///
/// Typed factories resolve each parameter by its type; wrap a parameter in `Tagged` to ask for a
/// tagged value instead:
///
/// ```swift
/// enum DatabasePath: Tag { typealias Value = String }
///
/// final class SQLiteDatabase {
///     init(path: Tagged<DatabasePath>, logger: Logger) { … path.value … }
/// }
/// binder.bind(Database.self).to(factory: SQLiteDatabase.init)
/// ```
public struct Tagged<T: Tag> {
    /// The tagged value.
    public let value: T.Value

    /// Wraps a value, for calling such an initializer by hand.
    public init(_ value: T.Value) {
        self.value = value
    }
}

extension Tagged: Sendable where T.Value: Sendable {}

extension Tagged: SynthesizedDependency {
    static var underlyingKey: BindingKey { BindingKey(T.Value.self, tag: T.self) }

    static func synthesize(_ key: BindingKey, in compiler: PlanCompiler) -> AnyProducer? {
        guard let source = compiler.producer(for: underlyingKey) as? Producer<T.Value> else { return nil }
        return TaggedProducer<T>(key: key, registry: compiler.registry, source: source)
    }
}

/// Wraps the tagged value's producer for a `Tagged<T>` factory parameter.
final class TaggedProducer<T: Tag>: Producer<Tagged<T>>, @unchecked Sendable {
    unowned(unsafe) let source: Producer<T.Value>

    init(key: BindingKey, registry: Registry, source: Producer<T.Value>) {
        self.source = source
        super.init(
            key: key, scope: .transient, origin: .synthesized, registry: registry, registersEarly: false,
            isFactory: false)
        edges = [Edge(label: "value", location: nil, target: source, isDeferred: false)]
    }

    override func produce(_ resolution: Resolution) throws -> Tagged<T> { Tagged(try source.produce(resolution)) }
}
