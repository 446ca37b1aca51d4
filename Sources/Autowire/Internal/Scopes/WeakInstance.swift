/// The object a `.weak` binding shares while something else holds it, and the creation lock it is made
/// under, so that concurrent first requests share one instance and wait for no unrelated creation.
///
/// Sendable: `instance` is read (`enter`) and written (`keep`) only under `creationLock`, a `let`.
final class WeakInstance: ProgramScope, @unchecked Sendable {
    private let creationLock: CreationLock
    private weak var instance: AnyObject?

    init(subject: BindingKey) {
        creationLock = CreationLock(subject: subject)
    }

    override func enter(generation: Int = 0) throws(ResolutionError) -> AnyObject? {
        try creationLock.lock()
        guard let instance else { return nil }
        creationLock.unlock()
        return instance
    }

    override func keep(_ object: AnyObject, generation: Int = 0) {
        instance = object
        creationLock.unlock()
    }

    override func abandon() { creationLock.unlock() }
}
