/// One compiled property fill: its value's producer, and the store that writes it (see `ProgramStore`).
@usableFromInline
struct InjectionStep: Sendable {
    let requirement: Requirement
    /// Unretained: it belongs to the plan's registry or a parent one (see `Edge.targetReference`).
    private let targetReference: Unowned<AnyProducer>
    var target: AnyProducer { targetReference.object }
    /// Made once per declaration, shared by every step compiled from it: compiling a step allocates nothing.
    let store: ProgramStore

    init(requirement: Requirement, target: AnyProducer, store: ProgramStore) {
        self.requirement = requirement
        self.targetReference = Unowned(target)
        self.store = store
    }
}

extension ResolutionError {
    /// Adds the property a failure came through to the error's path, wrapping foreign errors.
    static func passing(throughOwner ownerType: Any.Type, requirement: Requirement, _ error: any Error)
        -> ResolutionError
    {
        let component = "\(typeName(ownerType)).\(requirement.propertyName)"
        if let resolutionError = error as? ResolutionError {
            return resolutionError.prependingPath(component)
        }
        return ResolutionError(
            Diagnostic.factoryFailed(requirement.key, location: requirement.location, error: error)
                .prependingPath(component),
            underlyingError: error)
    }
}
