/// A fill by the plan's steps, each value made by its producer's nested program: for what no
/// program of its own fills (a validation probe).
extension InjectionPlan {
    /// Fills `object`'s properties in `resolution` with the object already recorded there (a `.graph`
    /// one an earlier fill made), else what the producer's nested program makes and records there (a
    /// nested program per property would repeat the graph below: quadratic in a chain's length).
    /// `observe` gets each step's requirement after its store. An `.optional` property whose offered
    /// instance is gone is left as it is; any other failure names the property in its path.
    func fill(
        _ object: AnyObject, in resolution: Resolution, observingEachStep observe: ((Requirement) -> Void)? = nil
    ) throws {
        try checkThread()
        for step in steps {
            do {
                let value = try step.target.nestedFillValue(in: resolution)
                withExtendedLifetime(value) { step.store.assign(object, value) }
            } catch let error as ResolutionError where step.requirement.isOptional && error.isUnavailableInstance {
                // Left as it is, as a resolve leaves it.
            } catch {
                throw ResolutionError.passing(throughOwner: type(of: object), requirement: step.requirement, error)
            }
            observe?(step.requirement)
        }
        try firstFill?.check(object)
    }
}

extension AnyProducer {
    fileprivate func nestedFillValue(in resolution: Resolution) throws -> AnyObject {
        // Only a class reference is recorded as it is given: anything else (a protocol's value,
        // recorded as the object behind it before it is boxed) is made through the program.
        if valueType is AnyClass, case .instance(let recorded) = resolution.lookup(self) { return recorded }
        return try produceNested(resolution)
    }
}
