/// One compiled property fill: the producer of its value, and the store that writes it through
/// the user's setter (see `ProgramStore`).
@usableFromInline
struct InjectionStep: Sendable {
    let requirement: Requirement
    /// The producer the value comes from. Unretained: safe because it belongs to the plan's registry,
    /// or to a parent registry, which a child keeps alive.
    private let targetReference: Unowned<AnyProducer>
    var target: AnyProducer { targetReference.object }
    /// Writes a value already made into the property: made once per declaration, and shared by
    /// every step compiled from it, so that compiling a step allocates nothing.
    let store: ProgramStore

    init(requirement: Requirement, target: AnyProducer, store: ProgramStore) {
        self.requirement = requirement
        self.targetReference = Unowned(target)
        self.store = store
    }
}

extension ResolutionError {
    /// Adds the property a failure came through to the error's path, wrapping foreign errors.
    @usableFromInline
    static func passing(through object: AnyObject, requirement: Requirement, _ error: any Error) -> ResolutionError {
        passing(throughOwner: type(of: object), requirement: requirement, error)
    }

    /// Adds the property of an object of `ownerType` a failure came through to the error's path.
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
