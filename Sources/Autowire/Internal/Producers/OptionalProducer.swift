/// Produces a `Wrapped?` from `Wrapped`'s producer, or `nil` when nothing can provide `Wrapped`:
/// what an unbound optional factory parameter or `resolve(Dog?.self)` gets.
///
/// Sendable: `source` is `let`; `edges` or `absentKeys` are set in `init`, before publication.
final class OptionalProducer<Wrapped>: Producer<Wrapped?>, @unchecked Sendable {
    /// `nil` when the container has no way to provide `Wrapped`. Unowned: it belongs to this
    /// producer's registry or an ancestor's, which this registry holds strongly.
    private let sourceReference: Unowned<Producer<Wrapped>>?
    var source: Producer<Wrapped>? { sourceReference?.object }

    init(key: BindingKey, registry: Registry, source: Producer<Wrapped>?) {
        self.sourceReference = source.map(Unowned.init)
        super.init(key: key, registry: registry)
        if let source {
            appendEdge(Edge(label: "wrapped", location: nil, target: source, isDeferred: false))
        } else {
            addAbsentKeys([BindingKey(Wrapped.self, tag: nil)])
        }
    }

    override func lowering() -> Lowering {
        guard let source = source else { return .constant(reference(for: nil)) }
        if let value = source.constantValue { return .constant(reference(for: value)) }
        let call = ValueCall(key: key, references: source.holdsReferences ? 1 : 0) { arguments in
            Wrapped?.some(arguments.take(Wrapped.self, 0))
        }
        return .factory(call, [source], shared: false)
    }
}
