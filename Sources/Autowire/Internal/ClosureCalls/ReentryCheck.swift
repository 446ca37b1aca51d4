/// Where a nested program's waiting variant begins a factory running in the run's resolution, checked
/// as `Resolution.constructing` checks it, before its arguments are made (records before this point
/// count): a transient factory may run again only if a `.graph` object was recorded since it began
/// (`allowsProgress`); a shared one (`.graph`, or kept by a scope) is a cycle that never closes, reported
/// here, after what came before was made. Returns the producer, never read: every call makes a value.
final class ReentryCheck: ProgramFactory {
    private let producer: AnyProducer
    private let allowsProgress: Bool

    init(_ producer: AnyProducer, allowsProgress: Bool) {
        self.producer = producer
        self.allowsProgress = allowsProgress
        super.init(key: producer.key, location: producer.origin.location)
    }

    override var namesPath: Bool { false }

    override func call(_ arguments: FactoryArguments, in run: StackReference<ProgramRun>) throws -> AnyObject {
        // Only a nested run's waiting variant has this call, and a nested run works in its
        // resolution from the start.
        guard let joined = run.pointee.joined else {
            throw ResolutionError(.internalInconsistency("a factory's re-entry was checked outside a resolution"))
        }
        if case .underConstruction(let since) = joined.lookup(producer),
            !allowsProgress || since == joined.pointee.registrations
        {
            throw ResolutionError(.factoryReentered(producer.key, location: producer.origin.location))
        }
        return producer
    }
}
