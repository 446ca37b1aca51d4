/// Where a top-level program's variant would make an object, or call a factory, that a resolve
/// around it on its thread is still making (see `ProgramVariant.builtOutside`): it fails there. The
/// fresh resolve sees none of the enclosing one's instances, so it would make them again, forever
/// for a factory that starts it.
final class BuiltOutside: ProgramFactory {
    private let diagnostic: Diagnostic

    /// For the object or factory of `producer`.
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
