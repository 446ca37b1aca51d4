/// The property fills of one class still to be compiled, and how far compiling them got: one
/// entry of the plan compiler's stack, linked to the entry below it.
///
/// A linked stack rather than an array: the compiler reads the top entry while compiling its next
/// dependency, and an array buffer borrowed for that read is not uniquely referenced when that
/// dependency pushes the next class, so every push copied the whole array.
final class PendingFills {
    /// How many dependencies the class declares.
    let count: Int
    /// The path the class was met on.
    let path: PathComponent?
    /// The entry below this one: the class whose dependency met this one.
    let below: PendingFills?
    private let dependencies: [DeclaredDependency]
    private let type: AnyObject.Type
    private let plan: InjectionPlan
    private let producer: AnyProducer
    private var next = 0

    init(
        _ dependencies: [DeclaredDependency], of type: AnyObject.Type, into plan: InjectionPlan,
        edgesOf producer: AnyProducer, path: PathComponent?, above below: PendingFills?
    ) {
        self.count = dependencies.count
        self.path = path
        self.below = below
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
