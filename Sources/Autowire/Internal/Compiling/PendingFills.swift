/// The plan compiler's own stack of classes whose property fills are not compiled yet, innermost
/// last, each with how far it got: a chain of any depth compiles without recursing.
///
/// Entries are values in one array rather than an object (an allocation) per class.
/// `next(above:)` hands out a copy of the top entry, so that no read of the array's buffer spans
/// the compiling of that fill, which may push the next class (a buffer borrowed for the read is
/// not uniquely referenced, and the push would copy it whole).
struct PendingFills {
    /// The fills of one class.
    struct Entry {
        /// The path the class was met on.
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

        /// Whether every fill of the class was handed out.
        fileprivate var isDone: Bool { next == dependencies.count }

        /// Compiles the fill of the dependency at `index`.
        func compile(_ index: Int, _ compiler: PlanCompiler) {
            compiler.compileFill(dependencies[index], of: type, into: plan, edgesOf: producer)
        }
    }

    private var entries: [Entry] = []

    /// How many classes are on the stack.
    var depth: Int { entries.count }

    mutating func push(_ entry: Entry) {
        // Room for a small graph's depth at once, rather than a reallocation at each doubling.
        if entries.isEmpty { entries.reserveCapacity(8) }
        entries.append(entry)
    }

    /// What the compiler does next with the classes above the first `base`.
    enum Step {
        /// Compile the fill at `index` of `entry`'s class, counted as handed out.
        case fill(Entry, index: Int)
        /// The class on top had no fill left and was popped: its producer's edges are complete.
        case finished(AnyProducer)
    }

    /// The next step for the innermost class above the first `base`: its next fill, or, when it
    /// has none left, popping it. Nil when no class is left above `base`.
    ///
    /// It runs nothing itself (the compiler keeps this stack where accesses must not overlap: see
    /// `CompilerStorage`), so a popped class's producer is handed back rather than passed on.
    mutating func next(above base: Int) -> Step? {
        guard entries.count > base else { return nil }
        let top = entries.count - 1
        guard !entries[top].isDone else { return .finished(entries.removeLast().producer) }
        entries[top].next += 1
        return .fill(entries[top], index: entries[top].next - 1)
    }
}
