/// Where a nested program's waiting variant begins a transient factory that is running in the
/// resolution the run works in: the factory may run again only if a `.graph` object was recorded
/// since it began, which a cycle going round again then meets (`Resolution.constructing`, with
/// progress allowed). Checked here, before its arguments are made, as the recursive path checks it
/// then, since what the run records before this point counts.
///
/// Its product, never read, is the producer itself: a call makes a value, and its slot is released
/// like any other.
final class ReentryCheck: ProgramFactory {
    private let producer: AnyProducer

    init(_ producer: AnyProducer) {
        self.producer = producer
        super.init(key: producer.key, location: producer.origin.location)
    }

    /// Its error has the path the recursive path gives it.
    override var namesPath: Bool { false }

    override func call(_ arguments: FactoryArguments, in run: StackReference<ProgramRun>) throws -> AnyObject {
        // Only a nested run's waiting variant has this call, and a nested run works in its
        // resolution from the start.
        guard let joined = run.pointee.joined else {
            throw ResolutionError(.internalInconsistency("a factory's re-entry was checked outside a resolution"))
        }
        if case .underConstruction(let since) = Resolution(state: joined).lookup(producer),
            since == joined.pointee.registrations
        {
            throw ResolutionError(.factoryReentered(producer.key, location: producer.origin.location))
        }
        return producer
    }
}
