/// The property fills of one class still to be compiled, and how far compiling them got.
final class PendingFills {
    /// How many dependencies the class declares.
    let count: Int
    /// The path the class was met on.
    let path: PathComponent?
    private let dependencies: [DeclaredDependency]
    private let type: AnyObject.Type
    private let plan: InjectionPlan
    private let producer: AnyProducer
    private var next = 0

    init(
        _ dependencies: [DeclaredDependency], of type: AnyObject.Type, into plan: InjectionPlan,
        edgesOf producer: AnyProducer, path: PathComponent?
    ) {
        self.count = dependencies.count
        self.path = path
        self.dependencies = dependencies
        self.type = type
        self.plan = plan
        self.producer = producer
    }

    /// Compiles the fill of the dependency at `index`.
    func compile(_ index: Int, _ compiler: PlanCompiler) {
        compiler.compileFill(dependencies[index], of: type, into: plan, edgesOf: producer)
    }

    /// The index of the next dependency to compile, or nil when all are.
    func takeNext() -> Int? {
        guard next < count else { return nil }
        defer { next += 1 }
        return next
    }
}
