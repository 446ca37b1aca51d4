/// The property fills of one class still to be compiled, and how far compiling them got.
final class PendingFills {
    /// How many dependencies the class declares.
    let count: Int
    /// The path the class was met on.
    let path: PathComponent?
    /// Compiles the fill of the dependency at an index.
    let compile: (Int, PlanCompiler) -> Void
    private var next = 0

    init<X: PropertyInjectable>(
        _ dependencies: [Dependency<X.DependencyRoot>], of type: X.Type, into plan: InjectionPlan,
        edgesOf producer: AnyProducer, path: PathComponent?
    ) {
        self.count = dependencies.count
        self.path = path
        self.compile = { index, compiler in
            compiler.compileFill(dependencies[index], of: type, into: plan, edgesOf: producer)
        }
    }

    /// The index of the next dependency to compile, or nil when all are.
    func takeNext() -> Int? {
        guard next < count else { return nil }
        defer { next += 1 }
        return next
    }
}
