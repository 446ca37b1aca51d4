/// Produces a new wrapper holding this producer's container each time: an injected `PropertyInjector`
/// or `ChildContainerFactory`. Its edge (to an injector's plan) is deferred, like a `Provider`'s;
/// `make` is told to hold the container weakly for a kept object (see `RegistryReference`).
///
/// Sendable: `make` is `let`, and `edges` is set in `init`.
final class WeakHandleProducer<T>: Producer<T>, @unchecked Sendable {
    private let make: (Registry, _ weakly: Bool) -> T

    init(
        key: BindingKey, registry: Registry, deferredTarget: AnyProducer?,
        make: @escaping (Registry, _ weakly: Bool) -> T
    ) {
        self.make = make
        super.init(key: key, registry: registry)
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

/// A handle on a container as a program makes it: a factory with no parameters.
final class HandleCall<T>: ProgramFactory {
    /// Unretained, and safe, as `ClosureFactory.registry` is.
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
