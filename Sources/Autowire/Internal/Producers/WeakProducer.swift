/// `.weak`: the same instance while something else holds it, a new one after it is released.
///
/// The instance is read and kept under a creation lock of this producer's own (see
/// `WeakInstance`), by the recursive path and by resolve programs alike.
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

    /// A program makes the object in a region it skips while the instance lives. Values that are
    /// not class references cannot be held weakly: the recursive path reports them.
    override func lowering() -> Lowering {
        guard holdsReferences else { return .unsupported }
        let made = recipe.lowering(holdsReferences: true, shared: true)
        if case .unsupported = made { return .unsupported }
        return .scoped(kept, made)
    }

    override func produce(_ resolution: Resolution) throws -> T {
        switch resolution.lookup(self) {
        case .instance(let existing): return try value(from: existing)
        case .underConstruction: throw ResolutionError(.factoryReentered(key, location: origin.location))
        case .absent: break
        }
        if let existing = try kept.enter() { return try value(from: existing) }
        let value: T
        do {
            value = try makeRecorded(with: recipe, in: resolution)
        } catch {
            kept.abandon()
            throw error
        }
        guard type(of: value as Any) is AnyClass else {
            kept.abandon()
            throw ResolutionError(.weakScopeNeedsObject(key, location: origin.location))
        }
        kept.keep(value as AnyObject)
        return value
    }
}
