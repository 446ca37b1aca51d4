/// Wraps the tagged value's producer for a `Tagged<T>` factory parameter.
///
/// Sendable: `source` is `let`, and `edges` is set in `init`.
final class TaggedProducer<T: Tag>: Producer<Tagged<T>>, @unchecked Sendable {
    private let sourceReference: Unowned<Producer<T.Value>>
    var source: Producer<T.Value> { sourceReference.object }

    init(key: BindingKey, registry: Registry, source: Producer<T.Value>) {
        self.sourceReference = Unowned(source)
        super.init(key: key, registry: registry)
        appendEdge(Edge(label: "value", location: nil, target: source, isDeferred: false))
    }

    /// A bound value (the usual source) is wrapped once, for every run.
    override func lowering() -> Lowering {
        if let value = source.constantValue { return .constant(reference(for: Tagged(value))) }
        let call = ValueCall(key: key, references: source.holdsReferences ? 1 : 0) { arguments in
            Tagged<T>(arguments.take(T.Value.self, 0))
        }
        return .factory(call, [source], shared: false)
    }
}
