/// A property of a nested program's waiting variant that asks for a factory running in the run's
/// resolution: a closure that factory's arguments called resolved the program's root, so the
/// factory cannot be called again (it would re-enter itself) and has no product yet. The property
/// is written when the factory returns, closing the cycle: this call registers the wait
/// (`Resolution.wait(for:toFill:with:)`), and the creation frame it is in keeps its hooks until
/// then.
///
/// Returns the object being filled: every call makes a value, released like any other.
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
        // Only a nested run's waiting variant has this call, and a nested run works in its
        // resolution from the start.
        guard let joined = run.pointee.joined else {
            throw ResolutionError(.internalInconsistency("a property waited for a factory outside a resolution"))
        }
        let owner = arguments.recorded(0)
        joined.wait(for: requested, toFill: owner, with: store)
        return owner
    }
}
