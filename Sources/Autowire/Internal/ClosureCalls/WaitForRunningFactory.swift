/// A property of a nested program's waiting variant that asks for a factory running in the run's
/// resolution: a closure that factory's arguments called resolved the program's root, so the factory
/// cannot be called again and has no product yet. This call registers the wait
/// (`Resolution.wait(for:toFill:with:)`); the property is written when the factory returns, closing the
/// cycle, and its creation frame keeps its hooks until then. Returns the owner: every call makes a value.
final class WaitForRunningFactory: ProgramFactory {
    /// What the property asks for: the running factory's producer, or an alias that hands it on.
    private let requested: AnyProducer
    private let store: ProgramStore

    init(_ requested: AnyProducer, store: ProgramStore) {
        self.requested = requested
        self.store = store
        super.init(key: requested.key, location: requested.origin.location, references: 1)
    }

    override var namesPath: Bool { false }

    override func call(_ arguments: FactoryArguments, in run: StackReference<ProgramRun>) throws -> AnyObject {
        // See `ReentryCheck`: only a nested run's waiting variant has this call.
        guard let joined = run.pointee.joined else {
            throw ResolutionError(.internalInconsistency("a property waited for a factory outside a resolution"))
        }
        let owner = arguments.recorded(0)
        joined.wait(for: requested, toFill: owner, with: store)
        return owner
    }
}
