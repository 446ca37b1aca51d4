/// The plan compiler's own stack of classes whose property fills are not compiled yet, innermost last, each
/// with how far it got: a chain of any depth compiles without recursing. Entries are values in one array,
/// not an allocation per class.
struct PendingFills {
    struct Entry {
        let path: PathComponent?
        private let dependencies: [DeclaredDependency]
        private let type: AnyObject.Type
        private let plan: InjectionPlan
        /// The producer whose edges the fills add.
        let producer: AnyProducer
        fileprivate var next = 0

        init(
            _ dependencies: [DeclaredDependency], of type: AnyObject.Type, into plan: InjectionPlan,
            edgesOf producer: AnyProducer, path: PathComponent?
        ) {
            self.path = path
            self.dependencies = dependencies
            self.type = type
            self.plan = plan
            self.producer = producer
        }

        fileprivate var isDone: Bool { next == dependencies.count }

        func compile(_ index: Int, _ compiler: PlanCompiler) {
            compiler.compileFill(dependencies[index], of: type, into: plan, edgesOf: producer)
        }
    }

    private var entries: [Entry] = []

    var depth: Int { entries.count }

    mutating func push(_ entry: Entry) {
        // Room for a small graph's depth at once, not a reallocation per doubling.
        if entries.isEmpty { entries.reserveCapacity(8) }
        entries.append(entry)
    }

    enum Step {
        /// Compile this fill, already counted as handed out.
        case fill(Entry, index: Int)
        /// The class on top had no fill left and was popped: its producer's edges are complete.
        case finished(AnyProducer)
    }

    /// The next step for the innermost class above the first `base`; nil when none is left. Hands out a copy
    /// of the top entry: a push while compiling it would copy a borrowed buffer whole. Runs nothing itself
    /// (the stack is in `CompilerStorage`, whose accesses must not overlap): a popped producer is handed back.
    mutating func next(above base: Int) -> Step? {
        guard entries.count > base else { return nil }
        let top = entries.count - 1
        guard !entries[top].isDone else { return .finished(entries.removeLast().producer) }
        entries[top].next += 1
        return .fill(entries[top], index: entries[top].next - 1)
    }
}
