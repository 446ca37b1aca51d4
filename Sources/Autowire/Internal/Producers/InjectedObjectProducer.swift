/// The tag under which the object a `PropertyInjector` fills is provided to its own graph, for a
/// type the container cannot make otherwise (a view controller a framework creates).
enum InjectedObject {}

extension InjectedObject: InternalTag {
    static func describe(_ typeName: String) -> String { typeName }
}

extension BindingKey {
    /// Whether this is the key of an object being injected (see `InjectedObjectProducer`).
    var isInjectedObject: Bool { tag.map(ObjectIdentifier.init) == ObjectIdentifier(InjectedObject.self) }
}

/// The object being filled by `inject(into:)`, for the dependencies in its own graph that point
/// back to its type (a presenter's `weak var view`), as a `.graph` object closes a cycle. Compiled
/// only while an injection target of `T` is compiled and nothing else provides `T`; the injection
/// records the object under this producer before it fills anything.
///
/// Met in any other resolve (a presenter resolved on its own), there is no such object: that is
/// the `missing-binding` compiling would have reported.
///
/// Sendable: no state of its own (the object lives in the injection's resolution); the rest is
/// `AnyProducer`'s.
final class InjectedObjectProducer<T>: Producer<T>, @unchecked Sendable {
    init(registry: Registry) {
        super.init(
            key: BindingKey(T.self, tag: InjectedObject.self), scope: .graph, origin: .synthesized,
            registry: registry, registersEarly: false, isFactory: false)
    }

    /// A resolve program that fills the object knows it (see `ProgramLowering`); any other reads
    /// it from the resolution it runs in, where a closure's resolve inside the injection finds it.
    override func lowering() -> Lowering { .factory(InjectedObjectRead(self), [], shared: false) }

    /// What meeting the object where no injection records it is.
    var missingObject: ResolutionError {
        let key = BindingKey(T.self, tag: nil)
        return ResolutionError(.missingBinding(key, location: nil, path: [key.description], propertyHint: nil))
    }
}

/// The object being injected as a resolve program reads it where it is not filling it: the one
/// the resolution the run works in recorded, else the missing binding it is everywhere else.
private final class InjectedObjectRead<T>: ProgramFactory {
    private let producer: InjectedObjectProducer<T>

    init(_ producer: InjectedObjectProducer<T>) {
        self.producer = producer
        super.init(key: producer.key, location: nil)
    }

    /// Its error names no step of its own: the path is the program's, up to this call.
    override var namesPath: Bool { false }

    override func call(_ arguments: FactoryArguments, in run: StackReference<ProgramRun>) throws -> AnyObject {
        if let joined = run.pointee.joined, case .instance(let recorded) = joined.lookup(producer) {
            return recorded
        }
        throw producer.missingObject
    }
}

extension AnyProducer {
    /// Whether `producer` or something its graph makes at once (deferred edges excluded) passes
    /// `test`.
    func reaches(where test: (AnyProducer) -> Bool) -> Bool {
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(self)]
        var next: [AnyProducer] = [self]
        while let producer = next.popLast() {
            if test(producer) { return true }
            for edge in producer.compiledEdges
            where !edge.isDeferred && seen.insert(ObjectIdentifier(edge.target)).inserted {
                next.append(edge.target)
            }
        }
        return false
    }

    /// The producers the graph of this one makes at once (deferred edges excluded) that pass
    /// `test`.
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
