/// `.to(value:)`: always the same value.
///
/// Sendable: `value` and `recorded` are `let`; `BindingBuilder.to(value:)` tells callers it is shared.
final class ValueProducer<T>: Producer<T>, @unchecked Sendable {
    let value: T
    /// `value` as resolutions record it, made once.
    private let recorded: AnyObject

    init(key: BindingKey, location: SourceLocation, registry: Registry, value: T) {
        self.value = value
        recorded = record(value)
        super.init(key: key, scope: .singleton, origin: .value(location), registry: registry)
        // A value reaches nothing: checked as a root from the start, so the classes that read it are
        // checked as they compile (see `PlanCompiler.checkWhenEdgesAreChecked`).
        rootCheck = RootCheck(slotCapacity: 1, isAcyclic: true)
    }

    override func lowering() -> Lowering { .constant(recorded) }

    override func resolveTopLevel() throws -> T { value }

    override func readyTopLevelResult() throws -> RecordedResult? {
        RecordedResult(retaining: recorded)
    }
}
