/// A producer of a wrapper that holds this producer's container and needs nothing resolved to be
/// made: an injected `PropertyInjector` or `ChildContainerFactory`. A new wrapper each time; its
/// edge (to the plan an injector runs) is deferred, like a `Provider`'s. `make` receives whether
/// the wrapper must hold the container weakly: when it is made for an object the container keeps
/// (see `RegistryReference`).
///
/// Sendable: `make` is `let`, and `edges` is set in `init`; the rest is `AnyProducer`'s.
final class WeakHandleProducer<T>: Producer<T>, @unchecked Sendable {
    private let make: (Registry, _ weakly: Bool) -> T

    init(
        key: BindingKey, registry: Registry, deferredTarget: AnyProducer?,
        make: @escaping (Registry, _ weakly: Bool) -> T
    ) {
        self.make = make
        super.init(
            key: key, scope: .transient, origin: .synthesized, registry: registry, registersEarly: false,
            isFactory: false)
        if let deferredTarget {
            appendEdge(Edge(label: "", location: nil, target: deferredTarget, isDeferred: true))
        }
    }

    override func lowering() -> Lowering { lowering(insideKeptObject: false) }

    override func lowering(insideKeptObject: Bool) -> Lowering {
        let make = make
        let call = HandleCall(key: key, registry: registry) { registry in make(registry, insideKeptObject) }
        return .factory(call, [], shared: false)
    }
}

/// A handle on a container as a resolve program makes it: a factory with no parameters.
final class HandleCall<T>: ProgramFactory {
    /// Unretained, as the recipes of a registry hold it: the program belongs to this registry
    /// (or to a child's, which keeps it alive), and runs only inside a resolve that holds it.
    private let registryReference: Unowned<Registry>
    private var registry: Registry { registryReference.object }
    private let make: (Registry) -> T

    init(key: BindingKey, registry: Registry, make: @escaping (Registry) -> T) {
        self.registryReference = Unowned(registry)
        self.make = make
        super.init(key: key, location: nil)
    }

    override func call(_ arguments: FactoryArguments, in run: StackReference<ProgramRun>) throws -> AnyObject {
        record(make(registry))
    }

    override var namesPath: Bool { false }
}
