/// A `.graph` factory a program calls after a `ClosureCall` made one of its arguments: the joined
/// resolution marked it under construction during that call, so its product is recorded there too,
/// clearing the mark. Closures called after it share it; property fills that waited for it are written.
final class JoinedPublication: ProgramFactory {
    /// Nil to publish its one argument, a construction's filled product (see `FilledConstruction`).
    private let factory: ProgramFactory?
    private let producer: AnyProducer

    init(_ factory: ProgramFactory, of producer: AnyProducer) {
        self.factory = factory
        self.producer = producer
        super.init(key: factory.key, location: factory.location, references: factory.references)
    }

    init(of producer: AnyProducer) {
        self.factory = nil
        self.producer = producer
        super.init(key: producer.key, location: producer.origin.location, references: 1)
    }

    override var isSpecializedCall: Bool { factory?.isSpecializedCall ?? false }
    override var namesPath: Bool { factory?.namesPath ?? false }
    override var mayBeUnavailable: Bool { factory?.mayBeUnavailable ?? false }
    override var conversion: ImplementationConversion? { factory?.conversion }

    override func call(_ arguments: FactoryArguments, in run: StackReference<ProgramRun>) throws -> AnyObject {
        let made = try factory?.call(arguments, in: run) ?? arguments.recorded(0)
        if let joined = run.pointee.joined {
            joined.pointee.record(producer, instance: made)
            try joined.fillWaiting(for: producer, with: made)
        }
        return made
    }

    override func failure(_ error: any Error) -> ResolutionError { factory?.failure(error) ?? super.failure(error) }
}
