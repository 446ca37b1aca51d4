/// `toOfferedInstance()`: an object created outside the container and offered to it weakly with
/// `Container.offer(_:)`. Resolves to that object while it lives.
final class OfferedProducer<T>: Producer<T>, @unchecked Sendable {
    private let lock = RecursiveLock()
    /// Guarded by `lock`.
    private weak var instance: AnyObject?
    private var wasOffered = false

    init(key: BindingKey, location: SourceLocation, registry: Registry) {
        super.init(
            key: key, scope: .weak, origin: .offered(location), registry: registry, registersEarly: false,
            isFactory: false)
    }

    func offer(_ object: AnyObject) {
        lock.withLock {
            instance = object
            wasOffered = true
        }
    }

    override func produce(_ resolution: Resolution) throws -> T {
        let (current, offered) = lock.withLock { (instance, wasOffered) }
        if let current, let typed = current as? T { return typed }
        throw ResolutionError(.unavailableInstance(key, location: origin.location, wasOffered: offered))
    }
}
