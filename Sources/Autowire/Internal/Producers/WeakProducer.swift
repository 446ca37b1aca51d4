/// `.weak`: the same instance while something else holds it, a new one after it is released.
///
/// Sendable: `recipe` and `kept` are `let`; the instance is guarded inside `kept` (see `WeakInstance`).
final class WeakProducer<T>: Producer<T>, @unchecked Sendable {
    let recipe: Recipe<T>
    private let kept: WeakInstance

    init(key: BindingKey, origin: Origin, registry: Registry, recipe: Recipe<T>) {
        self.recipe = recipe
        self.kept = WeakInstance(subject: key)
        super.init(
            key: key, scope: .weak, origin: origin, registry: registry, registersEarly: recipe.registersEarly,
            isFactory: recipe.isFactory)
    }

    /// Made in a region the program skips while the instance lives. A protocol bound `.weak` is kept as
    /// the object it is made as, boxed for each resolve; a closure that makes no object fails.
    override func lowering() -> Lowering {
        let made = recipe.lowering(holdsReferences: holdsReferences, shared: true)
        switch made {
        case .autowired(_, _, .none, _): return .scoped(kept, made)
        case .factory(let factory, _, _) where holdsReferences && factory.conversion == nil: return .scoped(kept, made)
        case .autowired: return .scoped(WeakValueRegion<T>(kept, key: key, location: origin.location), made)
        case .factory(let factory, let parameters, _) where factory.conversion == nil:
            // A protocol made by a typed factory: kept as the object its product is.
            return .scoped(
                WeakValueRegion<T>(kept, key: key, location: origin.location),
                .factory(WeakObjectFactory<T>(factory, key: key, location: origin.location), parameters, shared: true))
        case .unsupported where recipe.isClosure:
            // A closure: called in the region, through the run's joined resolution.
            if holdsReferences { return .scoped(kept, keptClosure(recipe)) }
            return .scoped(
                WeakValueRegion<T>(kept, key: key, location: origin.location),
                .keptClosure(self) { resolution in
                    self.reference(for: try self.makeObject(with: self.recipe, in: resolution))
                })
        default: return .unsupported
        }
    }

    /// Makes a value with `recipe`, as the scope's closure, which must be an object.
    private func makeObject(with recipe: Recipe<T>, in resolution: Resolution) throws -> T {
        let value = try makeRecorded(with: recipe, in: resolution)
        guard type(of: value as Any) is AnyClass else {
            throw ResolutionError(.weakScopeNeedsObject(key, location: origin.location))
        }
        return value
    }
}

/// A `.weak` value that is not a class reference (a protocol bound to an autowired class): the scope
/// keeps the object, and the program's slot holds it boxed by the region's conversion.
private final class WeakValueRegion<T>: ProgramScope {
    private let kept: WeakInstance
    private let key: BindingKey
    private let location: SourceLocation?

    init(_ kept: WeakInstance, key: BindingKey, location: SourceLocation?) {
        self.kept = kept
        self.key = key
        self.location = location
    }

    override func enter(generation: Int) throws(ResolutionError) -> AnyObject? {
        guard let object = try kept.enter() else { return nil }
        // The scope keeps the object, so it is converted again.
        return try ResolutionError.catching { ValueBox(try upcast(object, to: T.self, key: key, location: location)) }
    }

    override func keep(_ object: AnyObject, generation: Int) {
        // The slot holds the value boxed (`Lowering.autowired` with `boxing`); the scope keeps the object.
        kept.keep(boxedValue(object, as: T.self) as AnyObject)
    }

    override func abandon() { kept.abandon() }
}

/// A `.weak` protocol value's typed factory: its product must be an object, kept weakly by the scope.
private final class WeakObjectFactory<T>: ProgramFactory {
    private let made: ProgramFactory
    private let producerLocation: SourceLocation?

    init(_ made: ProgramFactory, key: BindingKey, location: SourceLocation?) {
        self.made = made
        self.producerLocation = location
        super.init(key: key, location: made.location, references: made.references)
    }

    /// Thrown by `call` for a product that is no object; `failure` names it.
    private struct NotAnObject: Error {}

    override var isSpecializedCall: Bool { made.isSpecializedCall }

    override func call(_ arguments: FactoryArguments, in run: StackReference<ProgramRun>) throws -> AnyObject {
        let product = try made.call(arguments, in: run)
        guard type(of: boxedValue(product, as: T.self) as Any) is AnyClass else { throw NotAnObject() }
        return product
    }

    override func failure(_ error: any Error) -> ResolutionError {
        guard error is NotAnObject else { return made.failure(error) }
        return ResolutionError(.weakScopeNeedsObject(key, location: producerLocation))
    }
}
