/// Injection of a validation probe, watched step by step.
extension InjectionPlan {
    /// Injects `object` like `inject(into:_:)`, calling `observe` with each step's requirement
    /// right after the step has stored its value.
    func inject(
        into object: AnyObject, _ resolution: Resolution, observingEachStep observe: (Requirement) -> Void
    ) throws {
        try checkThread()
        for step in steps {
            try step.run(object, resolution)
            observe(step.requirement)
        }
        try firstFill?.check(object)
    }
}
