/// The tag under which the object a `PropertyInjector` fills is provided to its own graph, for a
/// type the container cannot make otherwise (a view controller a framework creates).
enum InjectedObject {}

extension InjectedObject: InternalTag {
    static func describe(_ typeName: String) -> String { typeName }
}

extension BindingKey {
    var isInjectedObject: Bool { tag.map(ObjectIdentifier.init) == ObjectIdentifier(InjectedObject.self) }
}

/// The object `inject(into:)` is filling, for dependencies in its graph pointing back to its type (a
/// presenter's `weak var view`): it closes the cycle as a `.graph` object does. Compiled only for an
/// injection target of `T` that nothing else provides; the injection records the object here before
/// filling anything. Elsewhere it is the `missing-binding` compiling would have reported.
///
/// Sendable: no state of its own; the object lives in the injection's resolution.
final class InjectedObjectProducer<T>: Producer<T>, @unchecked Sendable {
    init(registry: Registry) {
        super.init(key: BindingKey(T.self, tag: InjectedObject.self), scope: .graph, registry: registry)
    }

    /// A program that fills the object knows it (see `ProgramLowering`); any other reads it from its
    /// resolution, where a closure's resolve inside the injection finds it.
    override func lowering() -> Lowering { .factory(InjectedObjectRead(self), [], shared: false) }

    /// Thrown where no injection recorded the object.
    var missingObject: ResolutionError {
        let key = BindingKey(T.self, tag: nil)
        return ResolutionError(.missingBinding(key, location: nil, path: [key.description], propertyHint: nil))
    }
}

/// The object as a program reads it outside the fill: as its resolution recorded it, else missing.
private final class InjectedObjectRead<T>: ProgramFactory {
    private let producer: InjectedObjectProducer<T>

    init(_ producer: InjectedObjectProducer<T>) {
        self.producer = producer
        super.init(key: producer.key, location: nil)
    }

    override var namesPath: Bool { false }

    override func call(_ arguments: FactoryArguments, in run: StackReference<ProgramRun>) throws -> AnyObject {
        if let joined = run.pointee.joined, case .instance(let recorded) = joined.lookup(producer) {
            return recorded
        }
        throw producer.missingObject
    }
}

extension AnyProducer {
    /// The producers its graph makes at once (deferred edges excluded) that pass `test`.
    func reached(where test: (AnyProducer) -> Bool) -> [AnyProducer] {
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(self)]
        var next: [AnyProducer] = [self]
        var found: [AnyProducer] = []
        while let producer = next.popLast() {
            if test(producer) { found.append(producer) }
            for edge in producer.compiledEdges
            where !edge.isDeferred && seen.insert(ObjectIdentifier(edge.target)).inserted {
                next.append(edge.target)
            }
        }
        return found
    }
}
