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

    /// `dependencies` without their root type, read by index. (`map` over them, compiled for no
    /// particular root, went through `Sequence`'s witnesses for each element and allocated: about
    /// 1,300 instructions for a class with one dependency.)
    static func all<Root>(_ dependencies: [Dependency<Root>]) -> [DeclaredDependency] {
        var declared: [DeclaredDependency] = []
        declared.reserveCapacity(dependencies.count)
        for index in 0..<dependencies.count { declared.append(DeclaredDependency(dependencies[index])) }
        return declared
    }
}
