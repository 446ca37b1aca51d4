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

    /// Only a resolve program that fills the object knows it (see `ProgramLowering`).
    override func lowering() -> Lowering { .unsupported }

    override func produce(_ resolution: Resolution) throws -> T {
        if case .instance(let recorded) = resolution.lookup(self) { return try value(from: recorded) }
        let key = BindingKey(T.self, tag: nil)
        throw ResolutionError(.missingBinding(key, location: nil, path: [key.description], propertyHint: nil))
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
