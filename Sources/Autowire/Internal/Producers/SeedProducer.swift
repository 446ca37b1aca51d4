/// Marks, as a tag, the key of the value an `AssistedFactory` call passes in.
@usableFromInline
enum AssistedSeed {}

/// Marks, as a tag, the producer an `AssistedFactory` runs, apart from the type's own.
enum AssistedTarget<Seed>: AssistedTargetTag {}

/// What every `AssistedTarget<Seed>` is, whatever its seed.
protocol AssistedTargetTag {}

extension BindingKey {
    /// Keys an `AssistedFactory`'s product, which may recur through `make(_:)` (a tree making its
    /// children): each call has its own seed; endless recursion hits `resolution-too-deep`.
    var isAssistedTarget: Bool { tag is any AssistedTargetTag.Type }
}

/// Produces the seed of the ongoing `AssistedFactory.make(_:)` call.
///
/// Sendable: `read` is `let`; the seed lives in each resolve, never here.
final class SeedProducer<Seed>: Producer<Seed>, @unchecked Sendable {
    private let read: SeedRead<Seed>

    init(registry: Registry) {
        let key = BindingKey(Seed.self, tag: AssistedSeed.self)
        read = SeedRead(key: key, location: nil)
        super.init(key: key, registry: registry)
    }

    override func lowering() -> Lowering { .factory(read, [], shared: false) }

}

/// The seed as a program reads it: from the run, recorded as resolutions record values.
final class SeedRead<Seed>: ProgramFactory {
    /// Looked up once: generic code naming `ValueBox<Seed>` looks its metadata up each time.
    private let boxType = ValueBox<Seed>.self
    private let isReference = Seed.self is AnyClass

    override func call(_ arguments: FactoryArguments, in run: StackReference<ProgramRun>) throws -> AnyObject {
        // The pointer is the argument of the `make(_:)` call running this program, which outlives the
        // run; its type is checked before it is read as a `Seed`.
        guard let seed = run.pointee.seed, seed.holds(Seed.self) else {
            throw ResolutionError(.internalInconsistency("no \(typeName(Seed.self)) seed in this resolve"))
        }
        let value = seed.value(as: Seed.self)
        return isReference ? recordObject(value) : boxType.init(value)
    }

    override var namesPath: Bool { false }
}

extension PlanCompiler {
    /// The (stateless, shared) producer of `Seed` seeds.
    func seedProducer<Seed>(_ type: Seed.Type) -> SeedProducer<Seed> {
        let key = BindingKey(Seed.self, tag: AssistedSeed.self)
        if let existing = producer(registeredFor: key) as? SeedProducer<Seed> { return existing }
        let producer = SeedProducer<Seed>(registry: registry)
        register(producer)
        return producer
    }

    func assistedFactory<X: Injectable, Seed, T>(
        for type: X.Type, seed: Seed.Type, provided: T.Type, key: BindingKey
    ) -> AnyProducer {
        _ = seedProducer(Seed.self)
        let targetKey = BindingKey(T.self, tag: AssistedTarget<Seed>.self)
        let target: Producer<T>
        if let existing = producer(registeredFor: targetKey)?.typed(T.self) {
            target = existing
        } else {
            let outer = assistedTarget
            assistedTarget = (ObjectIdentifier(type), Seed.self)
            defer { assistedTarget = outer }
            target = autowire(type, as: T.self, key: targetKey, scope: .transient, origin: .autowired, register: true)
        }
        scheduleRootCheck(target)
        return DeferredProducer(key: key, registry: registry, target: target) { handle in
            AssistedFactory<Seed, T>(handle: handle)
        }
    }
}
