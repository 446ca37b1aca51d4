/// A ``Dependency`` as the plan compiler reads it: what it asks for and how to fill it, without
/// the root type, which only the `Dependency` constructors need (their closures are compiled for
/// it already).
struct DeclaredDependency {
    let requirement: Requirement
    /// Builds the closure that fills the property from a compiled producer of its value.
    let makeStep: @Sendable (AnyProducer) -> InjectionStep?

    init<Root>(_ dependency: Dependency<Root>) {
        requirement = dependency.requirement
        makeStep = dependency.makeStep
    }
}
