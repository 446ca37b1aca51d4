/// One compiled property fill: produces the value and stores it through the user's setter.
@usableFromInline
struct InjectionStep: Sendable {
    let requirement: Requirement
    /// The producer the value comes from. Unretained: safe because it belongs to the plan's registry,
    /// or to a parent registry, which a child keeps alive.
    private let targetReference: Unowned<AnyProducer>
    var target: AnyProducer { targetReference.object }
    /// Produces the value from the producer it is given (`target`) and stores it: made once per
    /// declaration, and shared by every step compiled from it, so that compiling a step allocates
    /// nothing.
    private let fill: @Sendable (AnyProducer, AnyObject, Resolution) throws -> Void
    /// The same fill as a resolve program performs it, from a value already made.
    let store: ProgramStore

    init(
        requirement: Requirement, target: AnyProducer, store: ProgramStore,
        fill: @escaping @Sendable (AnyProducer, AnyObject, Resolution) throws -> Void
    ) {
        self.requirement = requirement
        self.targetReference = Unowned(target)
        self.store = store
        self.fill = fill
    }

    /// Fills the property of `object` with a value its producer makes in `resolution`.
    @inline(__always)
    func run(_ object: AnyObject, _ resolution: Resolution) throws { try fill(target, object, resolution) }
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
