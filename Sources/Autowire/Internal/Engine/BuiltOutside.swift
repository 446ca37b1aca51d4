/// Where a top-level program's variant would make an object, or call a factory, that a resolve around
/// it on its thread is still making (see `ProgramVariant.builtOutside`): it fails there, since the fresh
/// resolve would make them again (see `ActiveResolutions.isConstructing`).
final class BuiltOutside: ProgramFactory {
    private let diagnostic: Diagnostic

    init(_ producer: AnyProducer, isFactory: Bool) {
        diagnostic =
            isFactory
            ? .factoryReentered(producer.key, location: producer.origin.location)
            : .rebuiltWhileBuilding(producer.key)
        super.init(key: producer.key, location: producer.origin.location)
    }

    /// Its error names no step of its own: the path is the program's, up to this call.
    override var namesPath: Bool { false }

    override func call(_ arguments: FactoryArguments, in run: StackReference<ProgramRun>) throws -> AnyObject {
        throw ResolutionError(diagnostic)
    }
}
