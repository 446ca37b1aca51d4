/// `toOfferedInstance()`: an object created outside the container and offered to it weakly with
/// `Container.offer(_:)`. Resolves to that object while it lives.
///
/// An offer belongs to the container it was made on and its descendants: each child container
/// gets a slot of its own, which falls back to its parent's until something is offered to it.
final class OfferedProducer<T>: Producer<T>, OfferedSlot, @unchecked Sendable {
    private let lock = RecursiveLock()
    /// Guarded by `lock`.
    private weak var instance: AnyObject?
    private var wasOffered = false
    /// The parent container's slot, used until this one receives an offer.
    private let inherited: OfferedProducer<T>?

    init(key: BindingKey, location: SourceLocation, registry: Registry, inherited: OfferedProducer<T>? = nil) {
        self.inherited = inherited
        super.init(
            key: key, scope: .weak, origin: .offered(location), registry: registry, registersEarly: false,
            isFactory: false)
    }

    func offer(_ object: AnyObject) throws {
        try lock.withLock {
            instance = object
            wasOffered = true
        }
    }

    override func produce(_ resolution: Resolution) throws -> T {
        let (current, offered) = try lock.withLock { (instance, wasOffered) }
        if !offered, let inherited { return try inherited.produce(resolution) }
        if let current, let typed = current as? T { return typed }
        throw ResolutionError(.unavailableInstance(key, location: origin.location, wasOffered: offered))
    }
}

/// An offered binding's slot, seen without its type: what a child container copies.
protocol OfferedSlot: AnyProducer {
    /// A slot for a descendant `registry`, falling back to this one.
    func slot(for registry: Registry) -> AnyProducer
}

extension OfferedProducer {
    func slot(for registry: Registry) -> AnyProducer {
        guard case .offered(let location) = origin else { return self }
        return OfferedProducer(key: key, location: location, registry: registry, inherited: self)
    }
}
