/// A `.graph` factory a resolve program calls after a `RecursiveCall` made one of its arguments:
/// the run's joined resolution marked it under construction during that call (see
/// `RecursiveCall`), so its product is recorded there too once it returns, as the recursive path
/// records it. Closures called after it share it, and property fills that waited for it are
/// written.
final class JoinedPublication: ProgramFactory {
    private let factory: ProgramFactory
    private let producer: AnyProducer

    init(_ factory: ProgramFactory, of producer: AnyProducer) {
        self.factory = factory
        self.producer = producer
        super.init(key: factory.key, location: factory.location, references: factory.references)
    }

    override var consumesArguments: Bool { factory.consumesArguments }
    override var namesPath: Bool { factory.namesPath }
    override var mayBeUnavailable: Bool { factory.mayBeUnavailable }
    override var conversion: ImplementationConversion? { factory.conversion }
    override var readsConvertedArguments: Bool { factory.readsConvertedArguments }

    override func call(_ arguments: FactoryArguments, in run: StackReference<ProgramRun>) throws -> AnyObject {
        let made = try factory.call(arguments, in: run)
        if let joined = run.pointee.joined {
            joined.pointee.record(producer, instance: made)
            try Resolution(state: joined).fillWaiting(for: producer, with: made)
        }
        return made
    }

    override func failure(_ error: any Error) -> ResolutionError { factory.failure(error) }
}
