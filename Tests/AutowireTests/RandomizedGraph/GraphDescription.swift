import Autowire

/// The randomized model test's types: the node classes (`NodePool.swift`), random container
/// descriptions (this file) and the reference model that predicts what containers built from them
/// do (`ReferenceModel.swift`). `RandomizedGraphTests.swift` compares the two.
enum RandomGraph {}

extension RandomGraph {
    /// SplitMix64: small, fast and the same on every platform, so a seed replays exactly.
    struct SplitMix64 {
        private var state: UInt64

        init(seed: UInt64) { state = seed }

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        /// A number in `0..<bound`.
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

        /// True with probability `percent`%.
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

        mutating func scope() -> Scope { [Scope.transient, .graph, .singleton, .weak][below(4)] }

        mutating func element<T>(of array: [T]) -> T { array[below(array.count)] }
    }

    /// A node's tagged dependencies: the properties `s0`, `s1`, `s2`, `p`, `l` and the factory
    /// parameters `f0`, `f1`.
    enum SlotKind: Int, CaseIterable, Hashable, Comparable {
        case s0, s1, s2, p, l, f0, f1

        static let properties: [SlotKind] = [.s0, .s1, .s2]

        var isRequired: Bool { self == .s0 || self == .s1 }

        /// The end of the tag's name: `N3` + `S0`.
        var tagSuffix: String { ["S0", "S1", "S2", "P", "L", "F0", "F1"][rawValue] }

        /// The property's name.
        var label: String { ["s0", "s1", "s2", "p", "l", "f0", "f1"][rawValue] }

        static func < (lhs: SlotKind, rhs: SlotKind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// How a binding provides a node class itself.
    enum Provision: Hashable, CustomStringConvertible {
        /// `bind(Nk.self).scoped(scope).to(Nk.self)`: autowired, in that scope.
        case bound(Scope)
        /// `bind(Nk.self).scoped(scope).to(factory: Nk.make)`: `f0`, `f1` as parameters.
        case typedFactory(Scope)
        /// `bind(Nk.self).scoped(scope).to { resolver in … }`: resolves `f0`, `f1` inside.
        case closureFactory(Scope)

        var scope: Scope {
            switch self {
            case .bound(let scope), .typedFactory(let scope), .closureFactory(let scope): scope
            }
        }

        var isFactory: Bool { if case .bound = self { false } else { true } }

        var description: String {
            switch self {
            case .bound(let scope): "bound \(scope)"
            case .typedFactory(let scope): "typed factory \(scope)"
            case .closureFactory(let scope): "closure factory \(scope)"
            }
        }
    }

    /// One `intoCollection()` contribution to a node's `c`.
    struct Contribution: Hashable, CustomStringConvertible {
        var target: Int
        /// With a scope the contribution has instances of its own; without, it shares the target's.
        var scope: Scope?

        var description: String { scope.map { "N\(target)(\($0))" } ?? "N\(target)" }
    }

    /// What one container's binder declares.
    struct Bindings {
        /// Per node: how the node class is bound here, or nil when it is not.
        var provisions: [Provision?]
        /// Per node: the node each bound tag points to.
        var slots: [[SlotKind: Int]]
        /// Per node: the scope of a bound tag that has instances of its own
        /// (`bind((any GraphNode).self).tagged(…).scoped(scope).to(Nk.self)`); without one, the tag
        /// shares the target's instances.
        var slotScopes: [[SlotKind: Scope]]
        /// Per node: the contributions to its collection, in order.
        var contributions: [[Contribution]]

        init(nodeCount: Int) {
            provisions = Array(repeating: nil, count: nodeCount)
            slots = Array(repeating: [:], count: nodeCount)
            slotScopes = Array(repeating: [:], count: nodeCount)
            contributions = Array(repeating: [], count: nodeCount)
        }

        /// Every binding, in the order the binder declares them.
        var declarations: [Declaration] {
            var result: [Declaration] = []
            for (node, provision) in provisions.enumerated() {
                if let provision { result.append(.node(node, provision)) }
            }
            for (node, targets) in slots.enumerated() {
                for kind in SlotKind.allCases {
                    if let target = targets[kind] { result.append(.slot(node, kind, target, slotScopes[node][kind])) }
                }
            }
            for (node, list) in contributions.enumerated() {
                for contribution in list { result.append(.contribution(node, contribution)) }
            }
            return result
        }

        /// Points `node`'s tag `kind` at `target` (nil: unbound), sharing the target's instances.
        mutating func point(_ node: Int, _ kind: SlotKind, to target: Int?) {
            slots[node][kind] = target
            slotScopes[node][kind] = nil
        }

        /// Binds `key` here as the nearest of `ancestors` (the outermost first) binds it.
        mutating func copy(_ key: ModelKey, fromNearestOf ancestors: [Bindings]) {
            guard let source = ancestors.last(where: { $0.declares(key) }) else { return }
            switch key {
            case .node(let node): provisions[node] = source.provisions[node]
            case .slot(let node, let kind):
                slots[node][kind] = source.slots[node][kind]
                slotScopes[node][kind] = source.slotScopes[node][kind]
            case .collection, .tagged, .handle: break
            }
        }

        /// Drops the binding of `key` here (a collection's contributions).
        mutating func remove(_ key: ModelKey) {
            switch key {
            case .node(let node): provisions[node] = nil
            case .slot(let node, let kind): point(node, kind, to: nil)
            case .collection(let node): contributions[node] = []
            case .tagged, .handle: break
            }
        }

        func declares(_ key: ModelKey) -> Bool {
            switch key {
            case .node(let node): provisions[node] != nil
            case .slot(let node, let kind): slots[node][kind] != nil
            case .collection(let node): !contributions[node].isEmpty
            case .tagged, .handle: false
            }
        }

        func describe(_ node: Int) -> String {
            let targets = SlotKind.allCases.compactMap { kind in
                slots[node][kind].map { target in
                    "\(kind.label)→N\(target)" + (slotScopes[node][kind].map { "(\($0))" } ?? "")
                }
            }
            let collection =
                contributions[node].isEmpty
                ? [] : ["c→[\(contributions[node].map(\.description).joined(separator: ","))]"]
            return (targets + collection).joined(separator: " ")
        }
    }

    /// One binding of a `Bindings`.
    enum Declaration {
        case node(Int, Provision)
        /// A tag of `node` bound to a node class, with a scope of its own or none.
        case slot(Int, SlotKind, Int, Scope?)
        case contribution(Int, Contribution)

        var key: ModelKey {
            switch self {
            case .node(let node, _): .node(node)
            case .slot(let node, let kind, _, _): .slot(node, kind)
            case .contribution(let node, _): .collection(node)
            }
        }
    }

    /// One resolve the test makes, in order.
    struct Resolve: CustomStringConvertible {
        /// The container: 0 the parent, 1 its child, 2 the grandchild, …
        var level: Int
        var node: Int

        var description: String { level == 0 ? "N\(node)" : "level\(level):N\(node)" }
    }

    /// One random parent container, maybe a chain of descendants below it (a child, a grandchild,
    /// …), and what the test resolves from them.
    struct GraphDescription: CustomStringConvertible {
        static let nodeCount = 12
        /// The most containers below the parent.
        static let maximumDepth = 3

        let seed: UInt64
        var parent = Bindings(nodeCount: nodeCount)
        /// Each the child of the one before (the first, of the parent).
        var children: [Bindings] = []
        var resolves: [Resolve] = []
        /// The root `Container.validate` is asked about.
        var validationRoot = 0

        // A sound graph (three in four) is built to have no problem: every required tag bound, and
        // every cycle closable. Nodes get ranks, factories the lowest; a dependency points to a node
        // of higher rank, or back to an *anchor* (a node class recorded before it is filled: autowired
        // or bound outside `.transient`). Every cycle then goes through an anchor and through no
        // factory, so it closes wherever a resolve enters it. A faulty graph points anywhere and
        // leaves some required tags unbound. Probabilities are in percent, chosen so that most graphs
        // build and reach the identity check while every kind of problem still turns up (see
        // `theGeneratorCoversEveryKind`).
        init(seed: UInt64) {
            self.seed = seed
            var random = SplitMix64(seed: seed)
            let count = Self.nodeCount
            let faulty = random.chance(25)
            let bindNodePercent = random.element(of: [0, 30, 60])
            let factoryPercent = random.element(of: [0, 40, 60])
            for node in 0..<count where random.chance(bindNodePercent) {
                parent.provisions[node] = Self.randomProvision(&random, factoryPercent: factoryPercent)
            }
            // Ranks: factories lowest, the rest in random order.
            var order = Array(0..<count)
            for index in order.indices.reversed() { order.swapAt(index, random.below(index + 1)) }
            let bound = parent
            order =
                order.filter { bound.provisions[$0]?.isFactory == true }
                + order.filter { bound.provisions[$0]?.isFactory != true }
            var rank = Array(repeating: 0, count: count)
            for (position, node) in order.enumerated() { rank[node] = position }
            // Slots point only into an "active" subset, so that the other nodes are reached only when
            // resolved directly: their problems surface at resolve time rather than when building.
            var shuffled = Array(0..<count)
            for index in shuffled.indices.reversed() { shuffled.swapAt(index, random.below(index + 1)) }
            var active = Array(shuffled.prefix(3 + random.below(count - 2)))
            let parentBindings = parent
            func isAnchor(_ node: Int) -> Bool { Self.isAnchor(node, parentBindings.provisions[node]) }
            if !faulty, !active.contains(where: isAnchor) {
                // A sound graph needs an anchor to point back to.
                let anchor = 3 + random.below(count - 3)
                parent.provisions[anchor] = nil
                if !active.contains(anchor) { active.append(anchor) }
            }
            let sound = parent
            func target(from source: Int, _ random: inout SplitMix64) -> Int? {
                if faulty { return random.element(of: active) }
                let candidates = active.filter { rank[$0] > rank[source] || Self.isAnchor($0, sound.provisions[$0]) }
                return candidates.isEmpty ? nil : random.element(of: candidates)
            }
            let requiredPercent = faulty ? random.element(of: [97, 90]) : 100
            for node in 0..<count {
                // Inactive nodes, reached only as roots, miss more: their problems surface at resolve time.
                let required = !faulty || active.contains(node) ? requiredPercent : requiredPercent - 40
                for kind in SlotKind.allCases {
                    let percent =
                        switch kind {
                        case .s0, .s1: required
                        case .s2: 40
                        case .p, .l: 30
                        case .f0, .f1: parent.provisions[node]?.isFactory == true ? 100 : 0
                        }
                    guard random.chance(percent) else { continue }
                    // A `Provider` or `Lazy` takes part in no cycle: it may point anywhere.
                    let pointee = kind == .p || kind == .l ? random.element(of: active) : target(from: node, &random)
                    parent.slots[node][kind] = pointee
                    if let pointee, random.chance(15) {
                        parent.slotScopes[node][kind] = Self.ownScope(&random, pointee, faulty: faulty, sound)
                    }
                }
                if random.chance(20) {
                    parent.contributions[node] = (0...random.below(3)).compactMap { _ in
                        target(from: node, &random).map { target in
                            Contribution(
                                target: target, scope: Self.contributionScope(&random, target, faulty: faulty, sound))
                        }
                    }
                }
            }
            if faulty, random.chance(40) { plantTransientPairBehindAnAnchor(&random) }
            if faulty, random.chance(20) { plantFactoriesNeedingEachOther(&random) }
            if random.chance(50) {
                let depth = 1 + random.below(Self.maximumDepth)
                for _ in 0..<depth {
                    var child = Self.randomChild(&random, ancestors: [parent] + children, faulty: faulty) {
                        source, random in target(from: source, &random)
                    }
                    // Most children are repaired so that they build, the way the error's fix says; the
                    // rest keep the binding a kept instance of an ancestor cannot see, and are rejected.
                    if random.chance(90) { Self.repair(&child, &random, ancestors: [parent] + children) }
                    children.append(child)
                }
            }
            resolves = (0..<(2 + random.below(5) + 2 * children.count)).map { _ in
                Resolve(
                    level: children.isEmpty || random.chance(30) ? 0 : 1 + random.below(children.count),
                    node: random.below(count))
            }
            if random.chance(10) {
                plantRootMissingABinding(&random, inactive: (0..<count).filter { !active.contains($0) })
            }
            if random.chance(8) { plantClosureFactoryCycle(&random) }
            if random.chance(10) { plantClosureBeforeAScopedTag(&random) }
            validationRoot = random.below(count)
        }

        /// Plants what the random walk rarely makes: transient `A` and `C` that need each other, first
        /// reached through a `.graph` `B` (`A.s0 → B.s0 → C.s0 → A`, then `A.s1 → C`). Going round
        /// through `B` closes, but `A.s1 → C.s0 → A` never does, and the first walk from `A` (declared
        /// first) meets it only as an object finished already.
        private mutating func plantTransientPairBehindAnAnchor(_ random: inout SplitMix64) {
            var nodes = Array(0..<Self.nodeCount)
            for index in nodes.indices.reversed() { nodes.swapAt(index, random.below(index + 1)) }
            let a = nodes.prefix(3).min()!
            let (b, c) = (nodes.prefix(3).filter { $0 != a }[0], nodes.prefix(3).filter { $0 != a }[1])
            parent.provisions[a] = .bound(.transient)
            parent.provisions[b] = .bound(.graph)
            parent.provisions[c] = .bound(.transient)
            parent.point(a, .s0, to: b)
            parent.point(a, .s1, to: c)
            parent.point(b, .s0, to: c)
            parent.point(c, .s0, to: a)
        }

        /// Plants a root that nothing else needs, with a required tag left unbound: the container
        /// builds, and only resolving that root (last) finds the missing binding.
        private mutating func plantRootMissingABinding(_ random: inout SplitMix64, inactive: [Int]) {
            let candidates = inactive.filter { parent.provisions[$0] == nil }
            guard !candidates.isEmpty else { return }
            let root = random.element(of: candidates)
            parent.point(root, .s1, to: nil)
            resolves.append(Resolve(level: 0, node: root))
        }

        /// Plants two singleton typed factories whose parameters need each other: a cycle no scope
        /// can close, since neither object exists before its parameters do.
        private mutating func plantFactoriesNeedingEachOther(_ random: inout SplitMix64) {
            let first = random.below(Self.nodeCount)
            let second = (first + 1 + random.below(Self.nodeCount - 1)) % Self.nodeCount
            parent.provisions[first] = .typedFactory(.singleton)
            parent.provisions[second] = .typedFactory(.singleton)
            parent.point(first, .f0, to: second)
            parent.point(first, .f1, to: second)
            parent.point(second, .f0, to: first)
            parent.point(second, .f1, to: first)
        }

        /// Plants a cycle only running finds: a `.graph` closure factory `F` whose parameters need
        /// `X`, which needs `F` back. Building cannot see inside the closure; resolving `F` (last, so
        /// that the resolves before it are compared) re-enters it while it runs.
        private mutating func plantClosureFactoryCycle(_ random: inout SplitMix64) {
            let factory = random.below(Self.nodeCount)
            let needy = (factory + 1 + random.below(Self.nodeCount - 1)) % Self.nodeCount
            parent.provisions[factory] = .closureFactory(.graph)
            parent.provisions[needy] = .bound(.graph)
            parent.point(factory, .f0, to: needy)
            parent.point(factory, .f1, to: needy)
            parent.point(needy, .s0, to: factory)
            resolves.append(Resolve(level: 0, node: factory))
        }

        /// Plants what resolve programs make in their run's joined resolution:
        /// a `.graph` root `R` whose `s0` is a closure factory `F`, and whose `s1` is a tag bound to
        /// `X` with a `.graph` scope of its own, made after the closure has run
        /// (`R.s0 → F(f0, f1 → X)`, `R.s1 → X(graph)`, `X.s0, X.s1 → R`, no `s2` or `c` for either). `R` is resolved twice
        /// (last), so that a resolve runs its published program.
        private mutating func plantClosureBeforeAScopedTag(_ random: inout SplitMix64) {
            var nodes = Array(0..<Self.nodeCount)
            for index in nodes.indices.reversed() { nodes.swapAt(index, random.below(index + 1)) }
            let (root, factory, target) = (nodes[0], nodes[1], nodes[2])
            parent.provisions[root] = .bound(.graph)
            parent.provisions[factory] = .closureFactory(.graph)
            parent.provisions[target] = nil
            parent.point(root, .s0, to: factory)
            parent.point(root, .s1, to: target)
            parent.slotScopes[root][.s1] = .graph
            parent.point(factory, .f0, to: target)
            parent.point(factory, .f1, to: target)
            parent.point(target, .s0, to: root)
            parent.point(target, .s1, to: root)
            // Nothing `X` reads may need `F`, still running when the closure asks for `X`, and
            // nothing else of `R` may lead into `F` from elsewhere.
            for node in [root, target] {
                parent.point(node, .s2, to: nil)
                parent.contributions[node] = []
            }
            resolves += [Resolve(level: 0, node: root), Resolve(level: 0, node: root)]
        }

        /// Whether `node`, provided this way (nil: autowired), records its object before filling it.
        static func isAnchor(_ node: Int, _ provision: Provision?) -> Bool {
            switch provision {
            case nil: defaultScopes[node] != .transient
            case .bound(let scope): scope != .transient
            case .typedFactory, .closureFactory: false
            }
        }

        /// A scoped contribution makes objects of its own (30% of them).
        private static func contributionScope(
            _ random: inout SplitMix64, _ target: Int, faulty: Bool, _ bindings: Bindings
        ) -> Scope? {
            guard random.chance(30) else { return nil }
            return ownScope(&random, target, faulty: faulty, bindings)
        }

        /// The scope of a binding to `target` that makes objects of its own: in a sound graph, one
        /// pointed back to must still record early.
        private static func ownScope(_ random: inout SplitMix64, _ target: Int, faulty: Bool, _ bindings: Bindings)
            -> Scope
        {
            guard !faulty, isAnchor(target, bindings.provisions[target]) else { return random.scope() }
            return random.element(of: [.graph, .singleton, .weak])
        }

        private static func randomProvision(_ random: inout SplitMix64, factoryPercent: Int) -> Provision {
            guard random.chance(factoryPercent) else { return .bound(random.scope()) }
            return random.chance(50) ? .typedFactory(random.scope()) : .closureFactory(random.scope())
        }

        /// A child that overrides or adds a few bindings and contributions, some of them optional,
        /// tagged, collection or handle keys no ancestor binds; in a sound graph it keeps the
        /// parent's ranks and anchors.
        private static func randomChild(
            _ random: inout SplitMix64, ancestors: [Bindings], faulty: Bool,
            target: (Int, inout SplitMix64) -> Int?
        ) -> Bindings {
            let parent = ancestors[0]
            func nearest(_ node: Int) -> Provision? { ancestors.last { $0.provisions[node] != nil }?.provisions[node] }
            func boundAbove(_ node: Int, _ kind: SlotKind) -> Bool {
                ancestors.contains { $0.slots[node][kind] != nil }
            }
            var child = Bindings(nodeCount: nodeCount)
            for node in 0..<nodeCount {
                if random.chance(12) {
                    let provision: Provision
                    if faulty {
                        provision = randomProvision(&random, factoryPercent: 50)
                    } else if parent.provisions[node]?.isFactory == true || nearest(node)?.isFactory == true {
                        provision = randomProvision(&random, factoryPercent: 100)
                    } else if isAnchor(node, parent.provisions[node]) {
                        provision = .bound(random.element(of: [.graph, .singleton, .weak]))
                    } else {
                        provision = .bound(random.scope())
                    }
                    child.provisions[node] = provision
                    // A factory's parameters must be bound somewhere the child sees.
                    if provision.isFactory {
                        for kind in [SlotKind.f0, .f1] where !boundAbove(node, kind) {
                            child.slots[node][kind] = target(node, &random)
                        }
                    }
                }
                for kind in [SlotKind.s0, .s1, .s2, .p, .l] {
                    // Optional and handle keys no ancestor binds are bound in children more often.
                    let onlyHere = kind != .s0 && kind != .s1 && !boundAbove(node, kind)
                    guard random.chance(onlyHere ? 15 : 6) else { continue }
                    let pointee = target(node, &random)
                    child.slots[node][kind] = pointee
                    if let pointee, random.chance(15) {
                        child.slotScopes[node][kind] = ownScope(&random, pointee, faulty: faulty, parent)
                    }
                }
                let collectionAbove = ancestors.contains { !$0.contributions[node].isEmpty }
                if random.chance(collectionAbove ? 8 : 12), let target = target(node, &random) {
                    child.contributions[node] = [
                        Contribution(target: target, scope: contributionScope(&random, target, faulty: faulty, parent))
                    ]
                }
            }
            return child
        }

        /// Makes `child` build as the error's fix says: where an ancestor's kept instance reaches, or
        /// found absent, a key the child binds, the child overrides that kept binding too (copying
        /// the nearest ancestor's), or, for a kept contribution (and now and then), drops its own
        /// binding of the key. Judged by the reference model.
        ///
        /// (Without repairs, about one child in two was rejected, and with it everything below it.)
        private static func repair(_ child: inout Bindings, _ random: inout SplitMix64, ancestors: [Bindings]) {
            for attempt in 0..<20 {
                var container: ModelContainer?
                for bindings in ancestors { container = ModelContainer(bindings, parent: container) }
                let problems = ModelWorld.keptInstancesNotReached(by: ModelContainer(child, parent: container))
                guard !problems.isEmpty else { return }
                for problem in problems {
                    // Later attempts only drop bindings, which always ends.
                    if let kept = problem.keptKey, attempt < 10, random.chance(75) {
                        child.copy(kept, fromNearestOf: ancestors)
                    } else {
                        child.remove(problem.reached)
                    }
                }
            }
        }

        var description: String {
            var lines = ["parent:"]
            for node in 0..<Self.nodeCount {
                let provision = parent.provisions[node].map(\.description) ?? "autowired \(defaultScopes[node])"
                lines.append("  N\(node) \(provision): \(parent.describe(node))")
            }
            for (depth, child) in children.enumerated() {
                lines.append("level \(depth + 1) (\(depth == 0 ? "child" : "child of level \(depth)")):")
                for node in 0..<Self.nodeCount {
                    let provision = child.provisions[node].map { "\($0) " } ?? ""
                    let slots = child.describe(node)
                    if !provision.isEmpty || !slots.isEmpty { lines.append("  N\(node) \(provision): \(slots)") }
                }
            }
            lines.append("resolves: \(resolves.map(\.description).joined(separator: ", "))")
            lines.append("validates: N\(validationRoot)")
            return lines.joined(separator: "\n")
        }

        // MARK: Binding

        func bindParent(into binder: Binder) {
            for declaration in parent.declarations { Self.declare(declaration, override: false, into: binder) }
        }

        /// Declares the bindings of the container at `level` (1: the child).
        func bindDescendant(_ level: Int, into binder: Binder) {
            let ancestors = [parent] + children.prefix(level - 1)
            for declaration in children[level - 1].declarations {
                // Contributions add to the ancestors' collection; anything else an ancestor binds needs `override`.
                let override: Bool
                if case .contribution = declaration {
                    override = false
                } else {
                    override = ancestors.contains { $0.declares(declaration.key) }
                }
                Self.declare(declaration, override: override, into: binder)
            }
        }

        private static func declare(_ declaration: Declaration, override: Bool, into binder: Binder) {
            switch declaration {
            case .node(let node, let provision):
                bindNode(binder, poolTypes[node], provision, override: override)
            case .slot(let node, let kind, let target, let scope):
                bindSlot(binder, poolTypes[node], kind, poolTypes[target], scope: scope, override: override)
            case .contribution(let node, let contribution):
                contribute(binder, poolTypes[node], poolTypes[contribution.target], scope: contribution.scope)
            }
        }
    }
}

// MARK: - Binding helpers (generic, so that the node types open from `any PoolNode.Type`)

private func bindNode<Node: RandomGraph.PoolNode>(
    _ binder: Binder, _ node: Node.Type, _ provision: RandomGraph.Provision, override: Bool
) {
    let builder = (override ? binder.override(Node.self) : binder.bind(Node.self)).scoped(provision.scope)
    switch provision {
    case .bound: builder.to(Node.self)
    case .typedFactory:
        builder.to(factory: { (first: Tagged<Node.F0>, second: Tagged<Node.F1>) in Node.make(first, second) })
    case .closureFactory: builder.to { resolver in try Node.build(resolver) }
    }
}

private func bindSlot<Node: RandomGraph.PoolNode, Target: RandomGraph.PoolNode>(
    _ binder: Binder, _ node: Node.Type, _ kind: RandomGraph.SlotKind, _ target: Target.Type, scope: Scope?,
    override: Bool
) {
    let builder =
        override ? binder.override((any RandomGraph.GraphNode).self) : binder.bind((any RandomGraph.GraphNode).self)
    let tagged =
        switch kind {
        case .s0: builder.tagged(Node.S0.self)
        case .s1: builder.tagged(Node.S1.self)
        case .s2: builder.tagged(Node.S2.self)
        case .p: builder.tagged(Node.P.self)
        case .l: builder.tagged(Node.L.self)
        case .f0: builder.tagged(Node.F0.self)
        case .f1: builder.tagged(Node.F1.self)
        }
    if let scope { tagged.scoped(scope).to(Target.self) } else { tagged.to(Target.self) }
}

private func contribute<Node: RandomGraph.PoolNode, Target: RandomGraph.PoolNode>(
    _ binder: Binder, _ node: Node.Type, _ target: Target.Type, scope: Scope?
) {
    let builder = binder.bind((any RandomGraph.GraphNode).self).tagged(Node.C.self).intoCollection()
    if let scope { builder.scoped(scope).to(Target.self) } else { builder.to(Target.self) }
}
