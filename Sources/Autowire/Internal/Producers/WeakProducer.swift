/// `.weak`: the same instance while something else holds it, a new one after it is released.
///
/// The weak reference is read and written under a creation lock of this producer's own, so
/// concurrent first requests share one instance and wait for no unrelated creation.
final class WeakProducer<T>: Producer<T>, @unchecked Sendable {
    let recipe: Recipe<T>
    private nonisolated(unsafe) weak var instance: AnyObject?
    private let creationLock: CreationLock

    init(key: BindingKey, origin: Origin, registry: Registry, recipe: Recipe<T>) {
        self.recipe = recipe
        self.creationLock = CreationLock(subject: key)
        super.init(
            key: key, scope: .weak, origin: origin, registry: registry, registersEarly: recipe.registersEarly,
            isFactory: recipe.isFactory)
    }

    override func produce(_ resolution: Resolution) throws -> T {
        switch resolution.lookup(self) {
        case .instance(let existing): return try value(from: existing)
        case .underConstruction: throw ResolutionError(.factoryReentered(key, location: origin.location))
        case .absent: break
        }
        return try creationLock.withLock {
            if let instance { return try value(from: instance) }
            let value = try makeRecorded(with: recipe, in: resolution)
            guard type(of: value as Any) is AnyClass else {
                throw ResolutionError(.weakScopeNeedsObject(key, location: origin.location))
            }
            instance = value as AnyObject
            return value
        }
    }
}
