import Autowire

// The reference model: what a container built from a `GraphDescription` must do, worked out from
// the description and the documented rules alone. It never calls the library (it only borrows the
// `Scope` values and the node types' names), so a library change that breaks a rule makes the two
// disagree.
//
// It has two halves that check each other:
//
// - `ModelCompiler`: which objects each key is made by (its *producers*, linked by the
//   dependencies they resolve at once or defer), which required bindings are missing, and which
//   cycles can never close, named as the container names them (the static check a build, a first
//   resolve and `validate` run).
// - `Simulator`: what resolving creates, object by object, following the scope rules; it also
//   finds the cycles that only show while running (closure factories, which the static check
//   cannot see into), and any cycle the static half missed.
//
// `RandomizedGraphTests.theStaticCycleRuleAgreesWithTheSimulation` runs both halves on every node of many
// graphs: a root the static rule rejects must be one whose resolve goes round forever or re-enters
// a running factory, and the other way round.

extension RandomGraph {
    /// How messages name node `k`'s class (and, followed by a suffix, its tags): nested types are
    /// named with the type they are nested in.
    static func nodeName(_ node: Int) -> String { "RandomGraph.N\(node)" }

    static let graphNodeName = "RandomGraph.GraphNode"

    /// What a producer is provided for.
    enum ModelKey: Hashable {
        case node(Int)
        /// `any GraphNode` tagged `Nk` + the slot's suffix.
        case slot(Int, SlotKind)
        /// `[any GraphNode]` tagged `NkC`.
        case collection(Int)
        /// `Tagged<NkP>` (and `L`, `F0`, `F1`): a factory parameter, or what a handle resolves.
        case tagged(Int, SlotKind)
        /// `Provider<Tagged<NkP>>` or `Lazy<Tagged<NkL>>`.
        case handle(Int, SlotKind)

        /// The name messages give the key.
        var name: String {
            switch self {
            case .node(let node): nodeName(node)
            case .slot(let node, let kind): "\(graphNodeName) tagged \(nodeName(node))\(kind.tagSuffix)"
            case .collection(let node): "[\(graphNodeName)] tagged \(nodeName(node))C"
            case .tagged(let node, let kind): "Tagged<\(nodeName(node))\(kind.tagSuffix)>"
            case .handle(let node, let kind):
                "\(kind == .p ? "Provider" : "Lazy")<Tagged<\(nodeName(node))\(kind.tagSuffix)>>"
            }
        }

        /// The name of the key's type alone, which owns its properties in paths.
        var typeName: String {
            switch self {
            case .node(let node): nodeName(node)
            case .slot: graphNodeName
            case .collection: "[\(graphNodeName)]"
            case .tagged, .handle: name
            }
        }
    }

    /// One way of making a value: the nodes of the graph the container compiles.
    final class ModelProducer {
        enum Kind {
            /// An autowired node class: created, recorded (unless transient), then filled.
            case object(node: Int)
            /// A factory: its parameters are resolved before the object exists.
            case factory(node: Int, typed: Bool)
            /// A binding to an implementation without a scope of its own, or a `Tagged<T>`: hands on
            /// what its one edge gives.
            case forwarding
            /// A collection: every edge's value, in order (an unlabeled edge is the parent's collection).
            case collection
            /// A `Provider` or `Lazy`: its one edge is deferred until `get()`.
            case handle(isLazy: Bool)
        }

        let kind: Kind
        let scope: Scope
        /// The key's name, as messages give it.
        let name: String
        /// The type that owns its properties and parameters in paths: the key's type, or the class
        /// for a binding with a scope of its own.
        let typeName: String
        /// The container that compiled it: where its singletons live and where it resolves.
        unowned let container: ModelContainer
        var edges: [ModelEdge] = []
        /// The key it was registered under, if any.
        var key: ModelKey?
        /// The instance of a `.singleton` or `.weak` producer (the test keeps every object alive, so
        /// a `.weak` one is shared like a singleton).
        var sharedInstance: ModelObject?

        /// Numbers producers from 0 across a container and its ancestors, so that walks index arrays.
        let number: Int

        init(_ kind: Kind, scope: Scope = .transient, name: String, typeName: String, in container: ModelContainer) {
            number = container.producerCount.value
            container.producerCount.value += 1
            self.kind = kind
            self.scope = scope
            self.name = name
            self.typeName = typeName
            self.container = container
        }

        var isObject: Bool { if case .object = kind { true } else { false } }

        /// Keys its compilation looked for and found nothing to provide (an optional property left
        /// nil): part of what it reaches, for sharing with a child.
        var absentKeys: [ModelKey] = []

        /// Whether its instances outlive a resolve: then they belong to the container that binds it.
        var keepsInstances: Bool { scope == .singleton || scope == .weak }

        /// A closure factory: no one can tell what it resolves.
        var reachesUnseen: Bool { if case .factory(_, typed: false) = kind { true } else { false } }

        var isFactory: Bool { if case .factory = kind { true } else { false } }

        /// Whether its instance is recorded before its dependencies are resolved, so that a cycle
        /// coming back to it finds it: a node class in any scope but `.transient`.
        var recordsEarly: Bool { isObject && scope != .transient }
    }

    /// A dependency of a producer: a property (`s0`), a factory parameter, a collection element, or
    /// the forwarding of an alias (no label).
    struct ModelEdge {
        let label: String
        let target: ModelProducer
        let isDeferred: Bool

        init(_ label: String, _ target: ModelProducer, deferred: Bool = false) {
            self.label = label
            self.target = target
            self.isDeferred = deferred
        }

        /// How a path names this dependency of `owner`: `N3.s0`, `parameter 1 of N3's factory`,
        /// `[GraphNode] tagged N3C[0]` for a collection's element, or the owner's key for an
        /// unlabeled edge.
        func pathComponent(of owner: ModelProducer) -> String {
            if label.isEmpty { return owner.name }
            if label.hasPrefix("parameter ") { return "\(label) of \(owner.typeName)'s factory" }
            if label.hasPrefix("[") { return "\(owner.name)\(label)" }
            return "\(owner.typeName).\(label)"
        }
    }

    /// One container of the model: its declarations, and the producers compiled so far.
    final class ModelContainer {
        let parent: ModelContainer?
        let bindings: Bindings
        private(set) var declarations: [Declaration] = []
        /// Producers committed by compilations that found no problem.
        var table: [ModelKey: ModelProducer] = [:]
        /// How many producers this container and its ancestors made (shared with them).
        let producerCount: Counter
        /// How far below the outermost container it is (0: that one).
        let depth: Int

        final class Counter {
            var value = 0
        }

        init(_ bindings: Bindings, parent: ModelContainer?) {
            self.bindings = bindings
            self.parent = parent
            producerCount = parent?.producerCount ?? Counter()
            depth = parent.map { $0.depth + 1 } ?? 0
            declarations = bindings.declarations
        }

        /// The keys the binder declared, once each, in order: what building checks.
        var declaredKeys: [ModelKey] {
            var seen: Set<ModelKey> = []
            return declarations.map(\.key).filter { seen.insert($0).inserted }
        }

        /// Whether this container or an ancestor declares `key`.
        func provides(_ key: ModelKey) -> Bool { bindings.declares(key) || parent?.provides(key) == true }
    }

    /// Problems a compilation reports.
    struct PredictedProblems: Equatable {
        /// The names of keys a required dependency found no binding for, one per report.
        var missing: [String] = []
        var cycles: [PredictedCycle] = []
        /// The messages of overrides a parent's kept instance reaches, which building a child reports.
        var overridesNotReaching: [String] = []

        var isEmpty: Bool { missing.isEmpty && cycles.isEmpty && overridesNotReaching.isEmpty }

        mutating func append(_ other: PredictedProblems) {
            missing += other.missing
            cycles += other.cycles
            overridesNotReaching += other.overridesNotReaching
        }
    }

    /// An unclosable cycle as the container must report it.
    struct PredictedCycle: Hashable, Comparable {
        let message: String
        let path: [String]
        /// Whether the fix may suggest a scope: some class on the cycle could record early.
        let scopeCanClose: Bool
        /// Found by the second walk (a cycle of producers that record nothing, met behind a recorded
        /// object): for the coverage count only, not part of what is compared.
        var bySecondWalk = false

        static func == (lhs: PredictedCycle, rhs: PredictedCycle) -> Bool {
            (lhs.message, lhs.path, lhs.scopeCanClose) == (rhs.message, rhs.path, rhs.scopeCanClose)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(message)
            hasher.combine(path)
            hasher.combine(scopeCanClose)
        }

        static func < (lhs: PredictedCycle, rhs: PredictedCycle) -> Bool {
            (lhs.message, lhs.path.joined(separator: " → ")) < (rhs.message, rhs.path.joined(separator: " → "))
        }
    }

    // MARK: - Compiling

    /// One compilation of a container (a build, a first resolve, a validation): links each key to
    /// its producer and collects problems; committed only if there are none.
    final class ModelCompiler {
        let container: ModelContainer
        private(set) var table: [ModelKey: ModelProducer]
        private(set) var problems = PredictedProblems()
        /// Unclosable cycles already reported in this compilation, by the producers on them.
        private var reported: Set<Set<Int>> = []
        /// Cycles are judged per entry: a build (and a validation's check of the declared keys)
        /// does not report a cycle met where it cannot close when entering it at another of its
        /// producers closes it; a resolve entering it there reports it.
        var defersEntryDependentCycles = false

        init(_ container: ModelContainer, startingEmpty: Bool = false) {
            self.container = container
            table = startingEmpty ? [:] : container.table
        }

        func commit() { container.table = table }

        /// The producer for `key`: a binding here, a contribution here, an ancestor's binding (made in
        /// the ancestor, which then owns it), an autowired node class, or a synthesized `Tagged`,
        /// `Provider` or `Lazy`.
        func producer(for key: ModelKey) -> ModelProducer? {
            if let existing = table[key] { return existing }
            if let declared = compileDeclaration(of: key, in: container) { return declared }
            if let parent = container.parent, parent.provides(key) { return inherited(key, from: parent) }
            if let parent = container.parent, let shared = shared(key, from: parent) { return shared }
            switch key {
            case .node(let node):
                return autowire(node, scope: defaultScopes[node], name: key.name, typeName: key.typeName, as: key)
            case .tagged(let node, let kind):
                guard let source = producer(for: .slot(node, kind)) else { return nil }
                let tagged = register(
                    ModelProducer(.forwarding, name: key.name, typeName: key.typeName, in: container), key)
                tagged.edges = [ModelEdge("value", source)]
                return tagged
            case .handle(let node, let kind):
                guard let target = producer(for: .tagged(node, kind)) else { return nil }
                let handle = register(
                    ModelProducer(.handle(isLazy: kind == .l), name: key.name, typeName: key.typeName, in: container),
                    key)
                handle.edges = [ModelEdge("", target, deferred: true)]
                return handle
            case .collection:
                // Nothing contributes: the collection is empty.
                return register(ModelProducer(.collection, name: key.name, typeName: key.typeName, in: container), key)
            case .slot:
                return nil
            }
        }

        /// The producer of `owner`'s own declaration of `key`, compiled in this container's view;
        /// nil when `owner` declares no `key`.
        private func compileDeclaration(of key: ModelKey, in owner: ModelContainer) -> ModelProducer? {
            let bindings = owner.bindings
            switch key {
            case .node(let node):
                if let provision = bindings.provisions[node] { return compile(node, provision) }
            case .slot(let node, let kind):
                if let target = bindings.slots[node][kind] {
                    guard let scope = bindings.slotScopes[node][kind] else { return compileAlias(key, to: target) }
                    // A tag with a scope of its own has its own producer of the class, in that scope;
                    // its properties are still the class's.
                    return autowire(target, scope: scope, name: key.name, typeName: nodeName(target), as: key)
                }
            case .collection(let node):
                if !bindings.contributions[node].isEmpty { return compileCollection(node, of: owner) }
            case .tagged, .handle:
                break
            }
            return nil
        }

        /// An ancestor's binding as this container sees it: the ancestor's producer (compiled and
        /// committed there) when the ancestor keeps its instances or when its graph reaches nothing
        /// bound between this container and the ancestor; otherwise the ancestor's declaration
        /// compiled here.
        private func inherited(_ key: ModelKey, from parent: ModelContainer, registering: Bool = true)
            -> ModelProducer?
        {
            let compiler = ModelCompiler(parent)
            let producer = compiler.producer(for: key)
            if compiler.problems.isEmpty { compiler.commit() }
            problems.missing += compiler.problems.missing
            guard let producer, !producer.keepsInstances, !isUnchangedHere(producer, comparedWith: parent) else {
                return producer
            }
            var owner: ModelContainer? = parent
            while let candidate = owner, !candidate.bindings.declares(key) { owner = candidate.parent }
            guard let owner else { return producer }
            if case .collection(let node) = key, !registering {
                return compileCollection(node, of: owner, registering: false)
            }
            return compileDeclaration(of: key, in: owner)
        }

        /// The parent's producer for `key`, which nothing binds, when the parent compiles it and its
        /// graph reaches nothing this container binds: an autowired singleton belongs to the
        /// outermost container that can provide all its dependencies. An isolated child shares none.
        private func shared(_ key: ModelKey, from parent: ModelContainer) -> ModelProducer? {
            let compiler = ModelCompiler(parent)
            guard let producer = compiler.producer(for: key), compiler.problems.isEmpty else { return nil }
            compiler.commit()
            return isUnchangedHere(producer, comparedWith: parent) ? producer : nil
        }

        /// Whether `producer`, compiled in the ancestor `compiledIn`, makes here what it makes
        /// there: its graph reaches, or found absent, no key bound by this container or by any
        /// container between it and `compiledIn`, and no closure factory when any of them binds
        /// anything. (A collection declared further up takes its inherited part from the declaring
        /// container's parent: a key rebound below that parent changes the part as much as one
        /// rebound here.)
        private func isUnchangedHere(_ producer: ModelProducer, comparedWith compiledIn: ModelContainer) -> Bool {
            var between: [RandomGraph.Bindings] = []
            var current: ModelContainer? = container
            while let candidate = current, candidate !== compiledIn {
                between.append(candidate.bindings)
                current = candidate.parent
            }
            let declares = { (key: ModelKey) in between.contains { $0.declares(key) } }
            let bindsAnything = between.contains { !$0.declarations.isEmpty }
            var seen: Set<ObjectIdentifier> = [ObjectIdentifier(producer)]
            var pending = [producer]
            while let next = pending.popLast() {
                if let reached = next.key, declares(reached) { return false }
                if next.absentKeys.contains(where: declares) { return false }
                if next.reachesUnseen, bindsAnything { return false }
                for edge in next.edges where seen.insert(ObjectIdentifier(edge.target)).inserted {
                    pending.append(edge.target)
                }
            }
            return true
        }

        private func register(_ producer: ModelProducer, _ key: ModelKey?) -> ModelProducer {
            if let key {
                table[key] = producer
                producer.key = key
            }
            return producer
        }

        private func compile(_ node: Int, _ provision: Provision) -> ModelProducer {
            let key = ModelKey.node(node)
            switch provision {
            case .bound(let scope):
                return autowire(node, scope: scope, name: key.name, typeName: key.typeName, as: key)
            case .typedFactory(let scope), .closureFactory(let scope):
                let typed = if case .typedFactory = provision { true } else { false }
                let factory = register(
                    ModelProducer(
                        .factory(node: node, typed: typed), scope: scope, name: key.name, typeName: key.typeName,
                        in: container), key)
                guard typed else { return factory }
                for (position, kind) in [SlotKind.f0, .f1].enumerated() {
                    if let parameter = producer(for: .tagged(node, kind)) {
                        factory.edges.append(ModelEdge("parameter \(position + 1)", parameter))
                    } else {
                        problems.missing.append(ModelKey.tagged(node, kind).name)
                    }
                }
                return factory
            }
        }

        /// A node class made by the container: `init()`, then `s0`, `s1`, `s2`, `p`, `l`, `c` in the
        /// order its `dependencies` list them.
        private func autowire(_ node: Int, scope: Scope, name: String, typeName: String, as key: ModelKey?)
            -> ModelProducer
        {
            let object = register(
                ModelProducer(.object(node: node), scope: scope, name: name, typeName: typeName, in: container), key)
            for kind in SlotKind.properties {
                if let target = producer(for: .slot(node, kind)) {
                    object.edges.append(ModelEdge(kind.label, target))
                } else if kind.isRequired {
                    problems.missing.append(ModelKey.slot(node, kind).name)
                } else {
                    object.absentKeys.append(.slot(node, kind))
                }
            }
            for kind in [SlotKind.p, .l] {
                if let handle = producer(for: .handle(node, kind)) {
                    object.edges.append(ModelEdge(kind.label, handle))
                } else {
                    object.absentKeys.append(.slot(node, kind))
                }
            }
            if let collection = producer(for: .collection(node)) { object.edges.append(ModelEdge("c", collection)) }
            return object
        }

        private func compileAlias(_ key: ModelKey, to target: Int) -> ModelProducer {
            let alias = register(ModelProducer(.forwarding, name: key.name, typeName: key.typeName, in: container), key)
            if let implementation = producer(for: .node(target)) { alias.edges = [ModelEdge("", implementation)] }
            return alias
        }

        /// The collection `owner` declares, in this container's view: its parent's collection
        /// first (when it has one), then `owner`'s contributions.
        private func compileCollection(_ node: Int, of owner: ModelContainer, registering: Bool = true)
            -> ModelProducer
        {
            let key = ModelKey.collection(node)
            let made = ModelProducer(.collection, name: key.name, typeName: key.typeName, in: container)
            let collection = registering ? register(made, key) : made
            if let parent = owner.parent, parent.provides(key),
                let inherited = inherited(key, from: parent, registering: false)
            {
                collection.edges.append(ModelEdge("", inherited))
            }
            let elementName = "\(graphNodeName) tagged \(nodeName(node))C"
            for (index, contribution) in owner.bindings.contributions[node].enumerated() {
                let element: ModelProducer
                if owner !== container, contribution.scope?.keepsInstancesInModel == true,
                    let kept = ModelWorld.keptElement(index, of: node, in: owner)
                {
                    // Kept instances belong to the container that binds them.
                    element = kept
                } else if let scope = contribution.scope {
                    // A scoped contribution has its own producer of the class, in that scope; its
                    // properties are still the class's.
                    element = autowire(
                        contribution.target, scope: scope, name: elementName, typeName: nodeName(contribution.target),
                        as: nil)
                } else {
                    element = ModelProducer(.forwarding, name: elementName, typeName: graphNodeName, in: container)
                    if let implementation = producer(for: .node(contribution.target)) {
                        element.edges = [ModelEdge("", implementation)]
                    }
                }
                collection.edges.append(ModelEdge("[\(index)]", element))
            }
            return collection
        }
    }
}

// MARK: - The static cycle rule

extension RandomGraph.ModelCompiler {
    private typealias Producer = RandomGraph.ModelProducer

    private struct Hop {
        let owner: RandomGraph.ModelProducer
        let edge: RandomGraph.ModelEdge

        var component: String { edge.pathComponent(of: owner) }
    }

    /// Checks the graph `root` reaches for cycles that can never close, as a top-level request
    /// starting at `root` meets them.
    ///
    /// The rule, from the documented semantics: walk the dependencies a resolve follows at once
    /// (never a `Provider`'s or `Lazy`'s), depth first, in the order they are declared. A dependency
    /// leading back to a producer on the current path is a cycle, and a resolve going round it from
    /// that producer again stops at the first object recorded early, but fails at a shared
    /// (non-transient) factory that is still running; transient objects, transient factories and
    /// forwarding bindings are simply entered again. Besides, a cycle made only of producers that never
    /// record early goes round forever wherever a resolve enters it, even where the walk met it behind
    /// a recorded object and so never saw it as a cycle of its own: those are found by a second walk over
    /// such producers only, from every producer the first walk finished, nearest the root first, and
    /// named by the path that first reached them. A cycle is reported once per compilation, however
    /// many roots reach it. A producer compiled by an ancestor is checked by the ancestor, not here.
    func checkRoot(_ root: RandomGraph.ModelProducer) {
        guard root.container === container else { return }
        let count = container.producerCount.value
        // Indexed by producer number: where on the path (-1: not on it), finished, the hop that first reached it.
        var onPath = Array(repeating: -1, count: count)
        var isFinished = Array(repeating: false, count: count)
        var firstHop: [Hop?] = Array(repeating: nil, count: count)
        var finished: [Producer] = []
        var hops: [Hop] = []
        var sawCycle = false

        func visit(_ producer: Producer) {
            onPath[producer.number] = hops.count
            for edge in producer.edges where !edge.isDeferred {
                let target = edge.target
                let hop = Hop(owner: producer, edge: edge)
                let start = onPath[target.number]
                if start >= 0 {
                    sawCycle = true
                    let cycle = Array(hops[start...]) + [hop]
                    if !closes(cycle) { report(cycle, entry: Array(hops[..<start]), closingAt: target) }
                } else if !isFinished[target.number] {
                    firstHop[target.number] = hop
                    hops.append(hop)
                    visit(target)
                    hops.removeLast()
                }
            }
            onPath[producer.number] = -1
            isFinished[producer.number] = true
            finished.append(producer)
        }
        visit(root)
        guard sawCycle else { return }

        func pathFromRoot(to producer: Producer) -> [Hop] {
            var path: [Hop] = []
            var current = producer
            while let hop = firstHop[current.number], path.count < finished.count {
                path.append(hop)
                current = hop.owner
            }
            return path.reversed()
        }

        var endlessOnPath = Array(repeating: -1, count: count)
        var endlessDone = Array(repeating: false, count: count)
        var endlessHops: [Hop] = []
        // A property that waits for a running factory stops a resolve going round through it: the
        // second walk does not follow it (walking it could finish what lies beyond before a cycle
        // through that was seen).
        func visitEndless(_ producer: Producer) {
            for edge in producer.edges
            where !edge.isDeferred && !edge.target.recordsEarly && !Self.waits(edge, of: producer) {
                let target = edge.target
                endlessHops.append(Hop(owner: producer, edge: edge))
                let start = endlessOnPath[target.number]
                if start >= 0 {
                    // A property that meets a running factory waits for it, recorded early or not.
                    if !closes(Array(endlessHops[start...])) {
                        report(
                            Array(endlessHops[start...]), entry: pathFromRoot(to: target), closingAt: target,
                            bySecondWalk: true)
                    }
                } else if !endlessDone[target.number] {
                    endlessOnPath[target.number] = endlessHops.count
                    visitEndless(target)
                }
                endlessHops.removeLast()
            }
            endlessOnPath[producer.number] = -1
            endlessDone[producer.number] = true
        }
        for start in finished.reversed() where !start.recordsEarly && !endlessDone[start.number] {
            endlessOnPath[start.number] = 0
            visitEndless(start)
        }
    }

    /// Whether a resolve meeting `cycle[0]` again (through the last hop), after going round, stops: at
    /// the first object recorded early, or at the first shared factory, which is still running, if
    /// the way back into it is a property, which waits for its product (except in `.weak`).
    private func closes(_ cycle: [Hop]) -> Bool {
        for (index, hop) in cycle.enumerated() {
            let producer = hop.owner
            if producer.recordsEarly { return true }
            if producer.isFactory, producer.scope != .transient {
                return producer.scope != .weak && wayIn(to: index, of: cycle).owner.isObject
            }
        }
        return false
    }

    /// Whether `edge` is a property that, meeting its factory running (directly or through
    /// forwarding bindings), waits for its object: the factory is shared, outside `.weak`.
    private static func waits(_ edge: RandomGraph.ModelEdge, of owner: Producer) -> Bool {
        guard owner.isObject else { return false }
        var maker = edge.target
        var passed = 0
        while case .forwarding = maker.kind, passed < 1_000 {
            maker = maker.edges[0].target
            passed += 1
        }
        return maker.isFactory && maker.scope != .transient && maker.scope != .weak
    }

    /// The hop by which going round `cycle` meets `cycle[index]` again: the one before it, or, when
    /// forwarding bindings lead into it (which only hand on its value), the one into the first of
    /// them, going back past the start to the last hop, which leads into the first.
    private func wayIn(to index: Int, of cycle: [Hop]) -> Hop {
        func before(_ position: Int) -> Int { position == 0 ? cycle.count - 1 : position - 1 }
        var position = before(index)
        var passed = 0
        while case .forwarding = cycle[position].owner.kind, passed < cycle.count - 1 {
            position = before(position)
            passed += 1
        }
        return cycle[position]
    }

    /// Whether a resolve entering `cycle` at another of its producers than the first stops.
    private func closesWhenEnteredElsewhere(_ cycle: [Hop]) -> Bool {
        cycle.indices.dropFirst().contains { start in closes(Array(cycle[start...] + cycle[..<start])) }
    }

    private func report(_ cycle: [Hop], entry: [Hop], closingAt target: Producer, bySecondWalk: Bool = false) {
        if defersEntryDependentCycles, closesWhenEnteredElsewhere(cycle) { return }
        guard reported.insert(Set(cycle.map(\.owner.number))).inserted else { return }
        let components = cycle.map(\.component) + [target.name]
        problems.cycles.append(
            RandomGraph.PredictedCycle(
                message: "Dependency cycle \(components.joined(separator: " → ")) can never close.",
                path: entry.map(\.component) + components,
                scopeCanClose: cycle.contains { $0.owner.isObject }, bySecondWalk: bySecondWalk))
    }
}

// MARK: - Simulating resolves

extension RandomGraph {
    /// An object the model creates, standing for one the container must create.
    final class ModelObject {
        let node: Int
        /// `s0`, `s1`, `s2`, `f0`, `f1`.
        var direct: [ModelObject?] = Array(repeating: nil, count: 5)
        var collection: [ModelObject]?
        var provider: ModelHandle?
        var lazy: ModelHandle?
        /// The depth of the container that keeps it, for an object a container keeps.
        var keptAtDepth: Int?

        init(node: Int) { self.node = node }

        /// Whether its graph (not through handles) holds an object kept by a container above
        /// `depth`.
        func madeAbove(_ depth: Int) -> Bool {
            var seen: Set<ObjectIdentifier> = []
            var pending = [self]
            while let object = pending.popLast() {
                guard seen.insert(ObjectIdentifier(object)).inserted else { continue }
                if let kept = object.keptAtDepth, kept < depth { return true }
                pending += object.direct.compactMap { $0 } + (object.collection ?? [])
            }
            return false
        }
    }

    /// A `Provider` or `Lazy` the model handed out: resolves `target` as a new top-level request.
    final class ModelHandle {
        let target: ModelProducer
        let isLazy: Bool
        /// A `Lazy`'s value once resolved.
        var value: ModelObject?

        init(target: ModelProducer, isLazy: Bool) {
            self.target = target
            self.isLazy = isLazy
        }
    }

    enum ModelValue {
        case object(ModelObject)
        case objects([ModelObject])
        case handle(ModelHandle)

        var object: ModelObject? { if case .object(let object) = self { object } else { nil } }
    }

    /// A failure the model predicts while resolving: a cycle met at run time.
    struct RuntimeFailure: Error {
        var message: String
        var path: [String]
        /// Went round a cycle of producers that record nothing, which the static rule must have
        /// rejected before anything ran: the model contradicts itself (or the library agreed with a
        /// wrong model).
        var isEndless = false
        /// Re-entered a factory whose cycle passes through a closure factory, which only running shows.
        var throughClosure = false
        /// What checking a key a closure factory resolves found, as a top-level request's check finds
        /// it (a cycle entered where it cannot close, which building left to the resolves entering it
        /// there), with `path` leading to the factory: the container throws these instead.
        var rejected: PredictedProblems?
    }

    /// Resolves one top-level request by the scope rules: `.transient` makes a new object every
    /// time, `.graph` one per top-level request, `.singleton` (and `.weak`, kept alive by the test) one
    /// per producer; an object is recorded before its properties are filled, a factory's object only
    /// once its parameters are resolved, and a factory met again while it runs is a cycle that can
    /// never close (for a transient factory, only when nothing was recorded in between).
    struct Simulator {
        private var graph: [ObjectIdentifier: ModelObject] = [:]
        /// The factories running, with how many objects had been recorded when each started.
        private var running: [ObjectIdentifier: Int] = [:]
        private var recorded = 0
        /// The transient objects being filled, with `recorded` and `factories` when each started: met
        /// again with nothing recorded and no factory started since, a resolve would go round forever.
        /// (With a factory started since, going round again meets that factory still running.)
        private var filling: [(producer: ObjectIdentifier, recorded: Int, factories: Int)] = []
        /// How many factories are running (a transient one may run more than once).
        private var factories = 0
        /// How deep the simulated resolve is: a bound on the model's own recursion.
        private var depth = 0
        /// How many closure factories are resolving their parameters.
        private var closureDepth = 0
        private var createdShared: [ModelProducer] = []
        /// Properties (`s0`, `s1`, `s2`) that met a running shared factory, directly or through
        /// forwarding bindings: written with its object when it returns.
        private var waiting: [(factory: ObjectIdentifier, object: ModelObject, slot: Int)] = []

        /// Resolves `producer` as a new top-level request. A failed resolve keeps none of the shared
        /// objects it made (the test stops comparing after one).
        static func resolve(_ producer: ModelProducer) -> Result<ModelValue, RuntimeFailure> {
            var simulator = Simulator()
            do {
                return .success(try simulator.produce(producer))
            } catch {
                for made in simulator.createdShared { made.sharedInstance = nil }
                return .failure(error)
            }
        }

        private mutating func produce(_ producer: ModelProducer) throws(RuntimeFailure) -> ModelValue {
            switch producer.kind {
            case .forwarding:
                return try produce(producer.edges[0].target)
            case .handle(let isLazy):
                return .handle(ModelHandle(target: producer.edges[0].target, isLazy: isLazy))
            case .collection:
                var objects: [ModelObject] = []
                for edge in producer.edges {
                    switch try produce(edge.target) {
                    case .object(let object): objects.append(object)
                    case .objects(let inherited): objects += inherited
                    case .handle: break
                    }
                }
                return .objects(objects)
            case .object(let node):
                if let existing = lookup(producer) { return .object(existing) }
                let object = ModelObject(node: node)
                if producer.scope == .transient {
                    let id = ObjectIdentifier(producer)
                    if filling.contains(where: { $0 == (id, recorded, factories) }) || depth > 1000 {
                        throw RuntimeFailure(
                            message: "\(producer.name) goes round a cycle forever", path: [producer.name],
                            isEndless: true)
                    }
                    filling.append((id, recorded, factories))
                } else {
                    record(producer, object)
                }
                depth += 1
                defer {
                    if producer.scope == .transient { filling.removeLast() }
                    depth -= 1
                }
                for edge in producer.edges {
                    do {
                        try fill(object, edge)
                    } catch {
                        throw error.prepending("\(nodeName(node)).\(edge.label)")
                    }
                }
                return .object(object)
            case .factory(let node, let typed):
                if let existing = lookup(producer) { return .object(existing) }
                let id = ObjectIdentifier(producer)
                if let since = running[id], producer.scope != .transient || since == recorded {
                    throw RuntimeFailure(
                        message: "\(producer.name) is needed again while its factory is still running, so the cycle "
                            + "can never close.",
                        path: [producer.name], throughClosure: closureDepth > 0)
                }
                let previous = running[id]
                running[id] = recorded
                factories += 1
                depth += 1
                defer {
                    running[id] = previous
                    factories -= 1
                    depth -= 1
                }
                let object = ModelObject(node: node)
                do {
                    if typed {
                        object.direct[3] = try produce(producer.edges[0].target).object
                        object.direct[4] = try produce(producer.edges[1].target).object
                    } else {
                        closureDepth += 1
                        defer { closureDepth -= 1 }
                        object.direct[3] = try resolveInside(producer.container, .slot(node, .f0))
                        object.direct[4] = try resolveInside(producer.container, .slot(node, .f1))
                    }
                } catch {
                    throw error.prepending(producer.name)
                }
                if producer.scope != .transient {
                    record(producer, object)
                    for fill in waiting where fill.factory == id { fill.object.direct[fill.slot] = object }
                    waiting.removeAll { $0.factory == id }
                }
                return .object(object)
            }
        }

        private mutating func fill(_ object: ModelObject, _ edge: ModelEdge) throws(RuntimeFailure) {
            if let slot = ["s0", "s1", "s2"].firstIndex(of: edge.label),
                let factory = runningFactory(behind: edge.target)
            {
                // Going on would meet the factory running: the property waits for its object.
                waiting.append((ObjectIdentifier(factory), object, slot))
                return
            }
            let value = try produce(edge.target)
            switch edge.label {
            case "s0": object.direct[0] = value.object
            case "s1": object.direct[1] = value.object
            case "s2": object.direct[2] = value.object
            case "p":
                if case .handle(let handle) = value { object.provider = handle }
            case "l":
                if case .handle(let handle) = value { object.lazy = handle }
            default:
                if case .objects(let objects) = value { object.collection = objects }
            }
        }

        /// What a closure factory's `resolver.resolve(tag:)` gives: the key as its container provides
        /// it, within the same top-level request.
        private mutating func resolveInside(_ container: ModelContainer, _ key: ModelKey) throws(RuntimeFailure)
            -> ModelObject?
        {
            let (producer, problems) = container.runtimeCompilation(for: key)
            guard problems.isEmpty else { throw RuntimeFailure(message: "", path: [], rejected: problems) }
            guard let producer else {
                throw RuntimeFailure(message: "no binding for \(key.name)", path: [key.name])
            }
            return try produce(producer).object
        }

        /// The shared factory (outside `.weak`) that `producer` is or forwards to, when it is running
        /// and has no object yet: a property resolving it waits for it rather than failing.
        private func runningFactory(behind producer: ModelProducer) -> ModelProducer? {
            var maker = producer
            var passed = 0
            while case .forwarding = maker.kind, passed < 1_000 {
                maker = maker.edges[0].target
                passed += 1
            }
            guard maker.isFactory, maker.scope != .transient, maker.scope != .weak,
                running[ObjectIdentifier(maker)] != nil, lookup(maker) == nil
            else { return nil }
            return maker
        }

        private func lookup(_ producer: ModelProducer) -> ModelObject? {
            switch producer.scope {
            case .transient: nil
            case .graph: graph[ObjectIdentifier(producer)]
            default: producer.sharedInstance
            }
        }

        private mutating func record(_ producer: ModelProducer, _ object: ModelObject) {
            if producer.scope == .graph {
                graph[ObjectIdentifier(producer)] = object
            } else {
                object.keptAtDepth = producer.container.depth
                producer.sharedInstance = object
                createdShared.append(producer)
            }
            recorded += 1
        }
    }
}

extension RandomGraph.RuntimeFailure {
    func prepending(_ component: String) -> Self {
        var copy = self
        copy.path.insert(component, at: 0)
        return copy
    }

    /// The problems `rejected` names, with the path to the closure factory in front of each cycle's.
    var rejectedFromTheTop: RandomGraph.PredictedProblems? {
        guard var problems = rejected else { return nil }
        problems.cycles = problems.cycles.map { cycle in
            RandomGraph.PredictedCycle(
                message: cycle.message, path: path + cycle.path, scopeCanClose: cycle.scopeCanClose,
                bySecondWalk: cycle.bySecondWalk)
        }
        return problems
    }
}

extension RandomGraph.ModelContainer {
    /// The producer a resolve inside a factory gets for `key`: compiled (and checked) on first use,
    /// as a top-level request would.
    func runtimeCompilation(for key: RandomGraph.ModelKey) -> (
        producer: RandomGraph.ModelProducer?, problems: RandomGraph.PredictedProblems
    ) {
        let compiler = RandomGraph.ModelCompiler(self)
        guard let producer = compiler.producer(for: key) else { return (nil, compiler.problems) }
        compiler.checkRoot(producer)
        guard compiler.problems.isEmpty else { return (nil, compiler.problems) }
        compiler.commit()
        return (producer, compiler.problems)
    }
}

// MARK: - One description's world

extension RandomGraph {
    /// The model of one description's containers, and of what was created in them so far.
    final class ModelWorld {
        let parent: ModelContainer
        /// The containers below the parent, each the child of the one before, once built; nil for
        /// one whose build (or an ancestor's) was rejected.
        private(set) var descendants: [ModelContainer?]
        private let descendantBindings: [Bindings]

        init(_ description: GraphDescription) {
            parent = ModelContainer(description.parent, parent: nil)
            descendantBindings = description.children
            descendants = Array(repeating: nil, count: description.children.count)
        }

        /// What building the parent must report; nothing when it builds.
        func buildParent() -> PredictedProblems { Self.build(parent) }

        /// The container at `level` (0: the parent), if it was built.
        func container(at level: Int) -> ModelContainer? { level == 0 ? parent : descendants[level - 1] }

        /// What building the container at `level` (1: the child) must report; nothing when it
        /// builds. Only a container whose parent was built is built.
        func buildDescendant(_ level: Int) -> PredictedProblems {
            guard let ancestor = container(at: level - 1) else { return PredictedProblems() }
            let container = ModelContainer(descendantBindings[level - 1], parent: ancestor)
            var problems = Self.build(container)
            if problems.isEmpty {
                problems.overridesNotReaching = Self.keptInstancesNotReached(by: container).map(\.message)
            }
            // Only a container that builds resolves anything.
            if problems.isEmpty { descendants[level - 1] = container }
            return problems
        }

        /// A kept instance of an ancestor (`keptKey` bound there, or the `keptElement` contribution
        /// of a collection) whose graph reaches, or found absent, `reached`, which the child
        /// declares: the instance is the ancestor's, made in the ancestor's view.
        struct NotReached {
            var keptKey: ModelKey?
            var keptElement: (node: Int, index: Int)?
            var reached: ModelKey
            var message: String
        }

        /// Every kept instance of `child`'s ancestors that a declaration of `child` cannot change
        /// (DESIGN: kept instances belong to the container that binds them; what a plan read,
        /// present or absent, is part of its reach).
        static func keptInstancesNotReached(by child: ModelContainer) -> [NotReached] {
            let declared = Set(child.declaredKeys)
            guard !declared.isEmpty else { return [] }
            var found: [NotReached] = []
            var seen: Set<ModelKey> = []
            var ancestor = child.parent
            while let current = ancestor {
                for key in current.declaredKeys {
                    if case .collection(let node) = key {
                        for (index, contribution) in current.bindings.contributions[node].enumerated()
                        where contribution.scope?.keepsInstancesInModel == true {
                            guard let element = keptElement(index, of: node, in: current) else { continue }
                            let name = "\(key.name)[\(index)]"
                            for (reached, absent) in reach(of: element, toAnyOf: declared) {
                                found.append(
                                    NotReached(
                                        keptElement: (node, index), reached: reached,
                                        message: message(child, reached, absent, name, element.scope)))
                            }
                        }
                        continue
                    }
                    guard !child.bindings.declares(key), seen.insert(key).inserted else { continue }
                    let compiler = ModelCompiler(current)
                    guard let kept = compiler.producer(for: key), compiler.problems.isEmpty else { continue }
                    compiler.commit()
                    guard kept.keepsInstances else { continue }
                    for (reached, absent) in reach(of: kept, toAnyOf: declared) {
                        found.append(
                            NotReached(
                                keptKey: key, reached: reached,
                                message: message(child, reached, absent, key.name, kept.scope)))
                    }
                }
                ancestor = current.parent
            }
            return found
        }

        /// The keys of `targets` the graph of `kept` reaches (not through a `Provider` or `Lazy`) or
        /// found absent, each once.
        private static func reach(of kept: ModelProducer, toAnyOf targets: Set<ModelKey>) -> [(ModelKey, Bool)] {
            var found: [(ModelKey, Bool)] = []
            var reported: Set<ModelKey> = []
            var seen: Set<ObjectIdentifier> = [ObjectIdentifier(kept)]
            var queue = [kept]
            var index = 0
            while index < queue.count {
                let producer = queue[index]
                index += 1
                if producer !== kept, let reached = producer.key, targets.contains(reached) {
                    if reported.insert(reached).inserted { found.append((reached, false)) }
                    continue
                }
                for absent in producer.absentKeys where targets.contains(absent) && reported.insert(absent).inserted {
                    found.append((absent, true))
                }
                for edge in producer.edges where !edge.isDeferred && seen.insert(ObjectIdentifier(edge.target)).inserted
                {
                    queue.append(edge.target)
                }
            }
            return found
        }

        private static func message(
            _ child: ModelContainer, _ reached: ModelKey, _ absent: Bool, _ kept: String, _ scope: Scope
        ) -> String {
            let what =
                if case .collection = reached {
                    "The contribution to \(reached.name)"
                } else if child.parent?.provides(reached) == true {
                    "The override of \(reached.name)"
                } else {
                    "The binding of \(reached.name)"
                }
            let uses =
                absent
                ? "was made without \(reached.name), which the parent does not provide"
                : "uses the parent's \(reached.name)"
            return "\(what) does not reach \(kept), which a parent container keeps in the `.\(scope)` scope: "
                + "\(kept) belongs to the parent and \(uses)."
        }

        /// The element `owner`'s own collection of `node` makes for its contribution `index`, as
        /// `owner` compiled it.
        static func keptElement(_ index: Int, of node: Int, in owner: ModelContainer) -> ModelProducer? {
            let compiler = ModelCompiler(owner)
            guard let collection = compiler.producer(for: .collection(node)), compiler.problems.isEmpty else {
                return nil
            }
            compiler.commit()
            return collection.edges.first { $0.label == "[\(index)]" }?.target
        }

        /// Compiles every declared key and checks each as a root, in the order they were declared;
        /// a cycle that closes when entered at another of its producers is left to the resolves
        /// that enter it where it cannot close.
        ///
        /// (A `Provider`'s or `Lazy`'s target is checked as a root of its own too, but only after
        /// these, and it is always a declared tag checked here already: it can add no cycle.)
        private static func build(_ container: ModelContainer) -> PredictedProblems {
            let compiler = ModelCompiler(container)
            compiler.defersEntryDependentCycles = true
            for key in container.declaredKeys {
                if let producer = compiler.producer(for: key) { compiler.checkRoot(producer) }
            }
            if compiler.problems.isEmpty { compiler.commit() }
            return compiler.problems
        }

        enum Outcome {
            /// Rejected before anything is created, with these problems.
            case rejected(PredictedProblems)
            /// Failed while creating objects.
            case failed(RuntimeFailure)
            case resolved(ModelObject)
        }

        /// What `container.resolve(Nk.self)` must do, in the container at `level` (0: the parent).
        func resolve(_ node: Int, level: Int) -> Outcome {
            guard let container = container(at: level) else { return .rejected(PredictedProblems()) }
            let compiler = ModelCompiler(container)
            guard let root = compiler.producer(for: .node(node)) else { return .rejected(compiler.problems) }
            compiler.checkRoot(root)
            guard compiler.problems.isEmpty else { return .rejected(compiler.problems) }
            compiler.commit()
            switch Simulator.resolve(root) {
            case .success(let value): return value.object.map(Outcome.resolved) ?? .rejected(PredictedProblems())
            case .failure(let failure): return .failed(failure)
            }
        }

        /// What `get()` on a `Provider` (a new top-level request every time) or a `Lazy` (the first
        /// request's object from then on) must give.
        func get(_ handle: ModelHandle) -> Result<ModelObject, RuntimeFailure> {
            if let value = handle.value { return .success(value) }
            switch Simulator.resolve(handle.target) {
            case .success(let value):
                guard let object = value.object else {
                    return .failure(RuntimeFailure(message: "a handle made no object", path: []))
                }
                if handle.isLazy { handle.value = object }
                return .success(object)
            case .failure(let failure):
                return .failure(failure)
            }
        }

        /// What `Container.validate(Nroot.self) { parent bindings }` must report: building's problems
        /// and those of checking the root, then every declared key (as building checks them), in one
        /// compilation; a cycle found both ways with the same text once.
        static func validation(of description: GraphDescription) -> PredictedProblems {
            let container = ModelContainer(description.parent, parent: nil)
            let building = build(container)
            let compiler = ModelCompiler(container)
            if let root = compiler.producer(for: .node(description.validationRoot)) { compiler.checkRoot(root) }
            // The declared keys are possible entries, judged as building judges them.
            compiler.defersEntryDependentCycles = true
            for key in container.declaredKeys {
                if let producer = compiler.producer(for: key) { compiler.checkRoot(producer) }
            }
            var all = compiler.problems
            all.append(building)
            var seenMessages: Set<String> = []
            var seenMissing: Set<String> = []
            return PredictedProblems(
                missing: all.missing.filter { seenMissing.insert($0).inserted },
                cycles: all.cycles.filter { seenMessages.insert($0.message).inserted })
        }
    }
}

extension Scope {
    /// Whether the container keeps its instances beyond one resolve (the model's own reading of
    /// the scopes, not the library's).
    var keepsInstancesInModel: Bool { self == .singleton || self == .weak }
}
