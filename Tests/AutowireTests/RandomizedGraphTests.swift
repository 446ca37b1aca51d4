import Autowire
import Foundation
import Testing

/// What the checker reads from a resolved node.
private protocol GraphNode: AnyObject {
    var nodeIndex: Int { get }
    var slots: [(any GraphNode)?] { get }
}

private protocol PoolNode: GraphNode, Injectable {
    static var index: Int { get }
    var s0: (any GraphNode)! { get }
    var s1: (any GraphNode)! { get }
    var s2: (any GraphNode)? { get }
}

extension PoolNode {
    var nodeIndex: Int { Self.index }
    var slots: [(any GraphNode)?] { [s0, s1, s2] }
}

/// Binds one slot's tag to a node class, whatever the two concrete types are.
private struct SlotTag {
    let bind: (Binder, any PoolNode.Type) -> Void

    init<T: Autowire.Tag>(_ tag: T.Type) where T.Value == any GraphNode {
        bind = { binder, node in bindSlot(binder, tag, node) }
    }
}

private func bindSlot<T: Autowire.Tag, Node: PoolNode>(_ binder: Binder, _ tag: T.Type, _ node: Node.Type)
where T.Value == any GraphNode {
    binder.bind((any GraphNode).self).tagged(tag).to(node)
}

private func bindNode<Node: PoolNode>(_ binder: Binder, _ node: Node.Type, scope: Scope) {
    binder.bind(Node.self).scoped(scope).to(Node.self)
}

private func resolveNode<Node: PoolNode>(_ container: Container, _ node: Node.Type) throws(ResolutionError)
    -> any GraphNode
{
    try container.resolve(Node.self)
}

// MARK: - Generating descriptions

/// SplitMix64: small, fast and the same on every platform, so a seed replays exactly.
private struct SplitMix64 {
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
}

/// One random container: which nodes are bound in which scope, where each slot points, and which
/// nodes are resolved in what order.
private struct GraphDescription: CustomStringConvertible {
    static let nodeCount = 12
    static let allScopes: [Scope] = [.transient, .graph, .singleton, .weak]

    let seed: UInt64
    /// The scope a binding gives each node, or nil when the node is left to autowiring.
    var boundScopes: [Scope?] = []
    /// Per node, the node each of its three slots is bound to, or nil when the slot is not bound.
    var slots: [[Int?]] = []
    var roots: [Int] = []

    init(seed: UInt64) {
        self.seed = seed
        var random = SplitMix64(seed: seed)
        // Slots point only into an "active" subset, so that the other nodes are reached only when
        // resolved directly: their problems surface at resolve time rather than when building.
        var order = Array(0..<Self.nodeCount)
        for index in order.indices.reversed() { order.swapAt(index, random.below(index + 1)) }
        let active = Array(order.prefix(3 + random.below(Self.nodeCount - 2)))
        let bindNodePercent = [0, 25, 60][random.below(3)]
        let requiredPercent = [100, 97, 90][random.below(3)]
        let optionalPercent = [15, 50][random.below(2)]
        for node in 0..<Self.nodeCount {
            boundScopes.append(random.chance(bindNodePercent) ? Self.allScopes[random.below(4)] : nil)
            // Inactive nodes miss more, to give resolve-time failures a fair share.
            let required = active.contains(node) ? requiredPercent : requiredPercent - 15
            slots.append(
                (0..<3).map { slot in
                    random.chance(slot < 2 ? required : optionalPercent) ? active[random.below(active.count)] : nil
                })
        }
        roots = (0..<(2 + random.below(5))).map { _ in random.below(Self.nodeCount) }
    }

    func scope(of node: Int) -> Scope { boundScopes[node] ?? defaultScopes[node] }

    func edges(of node: Int) -> [Int] { slots[node].compactMap { $0 } }

    var description: String {
        (0..<Self.nodeCount).map { node in
            let scope = boundScopes[node].map { "bound \($0)" } ?? "autowired \(defaultScopes[node])"
            let targets = slots[node].map { $0.map { "N\($0)" } ?? "–" }.joined(separator: ",")
            return "N\(node)(\(scope))→\(targets)"
        }.joined(separator: " ") + " roots: " + roots.map { "N\($0)" }.joined(separator: ",")
    }

    func bind(into binder: Binder) {
        for (node, scope) in boundScopes.enumerated() {
            if let scope { bindNode(binder, poolTypes[node], scope: scope) }
        }
        for (node, targets) in slots.enumerated() {
            for (slot, target) in targets.enumerated() {
                if let target { slotTags[node][slot].bind(binder, poolTypes[target]) }
            }
        }
    }

    func makeContainer() throws -> Container {
        try Container { binder in bind(into: binder) }
    }

    /// The errors `Container.validate(root) { bindings }` reports, by code.
    func validationErrors(from root: Int) -> [Diagnostic] {
        do {
            try Container.validate(poolTypes[root], injectingProbes: true) { binder in bind(into: binder) }
            return []
        } catch {
            return error.diagnostics.filter { $0.severity == .error }
        }
    }
}

// MARK: - The reference model

/// What the description implies, computed from the description alone.
private struct ReferenceModel {
    let graph: GraphDescription

    /// Every node reachable from `starts` through bound slots.
    func reachable(from starts: [Int]) -> Set<Int> {
        var seen = Set(starts)
        var pending = starts
        while let node = pending.popLast() {
            for target in graph.edges(of: node) where seen.insert(target).inserted { pending.append(target) }
        }
        return seen
    }

    /// Required slots left unbound on nodes in `nodes`, as (node, slot).
    func missingSlots(in nodes: Set<Int>) -> Int {
        nodes.reduce(0) { count, node in count + graph.slots[node].prefix(2).filter { $0 == nil }.count }
    }

    /// Whether `nodes` hold a cycle of transient nodes only: one that recreates objects forever.
    func hasEndlessCycle(in nodes: Set<Int>) -> Bool {
        let transient = nodes.filter { graph.scope(of: $0) == .transient }
        var state: [Int: Bool] = [:]  // false: on the path, true: done
        func visit(_ node: Int) -> Bool {
            state[node] = false
            for target in graph.edges(of: node) where transient.contains(target) {
                if state[target] == false { return true }
                if state[target] == nil, visit(target) { return true }
            }
            state[node] = true
            return false
        }
        return transient.contains { state[$0] == nil && visit($0) }
    }

    /// The error codes (and how many missing bindings) checking `nodes` must find.
    func expectedProblems(in nodes: Set<Int>) -> (codes: Set<Diagnostic.Code>, missing: Int) {
        let missing = missingSlots(in: nodes)
        var codes: Set<Diagnostic.Code> = []
        if missing > 0 { codes.insert(.missingBinding) }
        if hasEndlessCycle(in: nodes) { codes.insert(.unclosableCycle) }
        return (codes, missing)
    }

    /// What building the container checks: every bound node and every node a slot is bound to.
    var declaredNodes: [Int] {
        (0..<GraphDescription.nodeCount).filter { graph.boundScopes[$0] != nil }
            + graph.slots.joined().compactMap { $0 }
    }
}

/// An object the model creates, mirroring one the container must create.
private final class ModelObject {
    let node: Int
    var slots: [ModelObject?] = [nil, nil, nil]
    init(node: Int) { self.node = node }
}

/// Creates objects by the documented scope rules. `.weak` instances behave as singletons here,
/// because the test holds every resolved object for the container's whole life.
private struct Simulator {
    let graph: GraphDescription
    var shared: [Int: ModelObject] = [:]

    mutating func resolve(_ root: Int) -> ModelObject {
        var perResolve: [Int: ModelObject] = [:]
        return make(root, &perResolve)
    }

    private mutating func make(_ node: Int, _ perResolve: inout [Int: ModelObject]) -> ModelObject {
        let scope = graph.scope(of: node)
        if scope == .singleton || scope == .weak, let existing = shared[node] { return existing }
        if scope == .graph, let existing = perResolve[node] { return existing }
        let object = ModelObject(node: node)
        if scope == .singleton || scope == .weak { shared[node] = object }
        if scope == .graph { perResolve[node] = object }
        for (slot, target) in graph.slots[node].enumerated() {
            if let target { object.slots[slot] = make(target, &perResolve) }
        }
        return object
    }
}

/// Pairs real objects with model objects one to one, across every resolve of one container.
private struct IdentityMap {
    var realToModel: [ObjectIdentifier: ObjectIdentifier] = [:]
    var modelToReal: [ObjectIdentifier: ObjectIdentifier] = [:]
    /// Keeps every real and model object alive, so identifiers are never reused (and `.weak`
    /// instances stay shared).
    var kept: [AnyObject] = []

    /// Walks both object graphs side by side; returns the first difference.
    mutating func compare(_ real: any GraphNode, _ model: ModelObject) -> String? {
        var pending: [(real: any GraphNode, model: ModelObject, path: String)] = [(real, model, "N\(model.node)")]
        var walked: Set<ObjectIdentifier> = []
        while let (real, model, path) = pending.popLast() {
            let realID = ObjectIdentifier(real)
            let modelID = ObjectIdentifier(model)
            if real.nodeIndex != model.node { return "\(path) is N\(real.nodeIndex), expected N\(model.node)" }
            switch (realToModel[realID], modelToReal[modelID]) {
            case (nil, nil):
                realToModel[realID] = modelID
                modelToReal[modelID] = realID
                kept.append(real)
                kept.append(model)
            case (modelID?, realID?):
                break
            case (_?, _):
                return "\(path) is an instance already seen elsewhere, expected a new N\(model.node) (scope broken)"
            case (nil, _?):
                return "\(path) is a new N\(model.node), expected the shared instance (scope broken)"
            }
            guard walked.insert(modelID).inserted else { continue }
            for slot in 0..<3 {
                switch (real.slots[slot], model.slots[slot]) {
                case (nil, nil): break
                case (let realChild?, let modelChild?):
                    pending.append((realChild, modelChild, "\(path).s\(slot)→N\(modelChild.node)"))
                case (nil, _?): return "\(path).s\(slot) is nil, expected an object"
                case (_?, nil): return "\(path).s\(slot) is set, expected nil"
                }
            }
        }
        return nil
    }
}

// MARK: - The tests

@Suite struct RandomizedGraphTests {
    /// How many graphs a run tries; `AUTOWIRE_GRAPH_COUNT` changes it.
    static let graphCount = ProcessInfo.processInfo.environment["AUTOWIRE_GRAPH_COUNT"].flatMap(Int.init) ?? 600

    /// The first graph's seed; `AUTOWIRE_GRAPH_SEED` replays a run (or, with a count of 1, one graph).
    static let firstSeed =
        ProcessInfo.processInfo.environment["AUTOWIRE_GRAPH_SEED"].flatMap { UInt64($0) }
        ?? UInt64.random(in: 0...UInt64(1 << 53))

    @Test func containersAgreeWithTheReferenceModel() {
        // Printed before anything runs, so that even a crash can be replayed.
        print("RandomizedGraphTests: \(Self.graphCount) graphs from seed \(Self.firstSeed)")
        var tally = Tally()
        var failures = 0
        for index in 0..<Self.graphCount {
            let graph = GraphDescription(seed: Self.firstSeed &+ UInt64(index))
            if let problem = check(graph, tally: &tally) {
                failures += 1
                Issue.record(
                    """
                    Graph seed \(graph.seed) disagrees with the reference model:
                    \(problem)
                    graph: \(graph)
                    replay: AUTOWIRE_GRAPH_SEED=\(graph.seed) AUTOWIRE_GRAPH_COUNT=1 swift test --filter RandomizedGraphTests
                    """)
                if failures == 5 { break }
            }
        }
        print("RandomizedGraphTests: \(tally)")
        #expect(tally.graphs == Self.graphCount || failures > 0)
    }

    /// Checks one graph; returns what disagreed with the model, or nil.
    private func check(_ graph: GraphDescription, tally: inout Tally) -> String? {
        tally.graphs += 1
        let model = ReferenceModel(graph: graph)
        let declared = model.reachable(from: model.declaredNodes)
        let expectedAtBuild = model.expectedProblems(in: declared)
        // Validation sees the bindings and the root, whether or not they build.
        for root in Set(graph.roots) {
            let expected = model.expectedProblems(in: model.reachable(from: model.declaredNodes + [root]))
            let found = graph.validationErrors(from: root)
            tally.validations += 1
            if !found.isEmpty { tally.failedValidations += 1 }
            if let problem = compare(found, expected, what: "validating N\(root)") { return problem }
        }
        let container: Container
        do {
            container = try graph.makeContainer()
        } catch let error as ConfigurationError {
            tally.failedBuilds += 1
            tally.count(error.diagnostics)
            return compare(error.diagnostics, expectedAtBuild, what: "building the container")
        } catch {
            return "building the container threw \(error)"
        }
        guard expectedAtBuild.codes.isEmpty else {
            return "building the container succeeded, expected \(expectedAtBuild.codes.map(\.rawValue).sorted())"
        }
        var simulator = Simulator(graph: graph)
        var identities = IdentityMap()
        for root in graph.roots {
            let expected = model.expectedProblems(in: model.reachable(from: [root]))
            let resolved: any GraphNode
            do {
                resolved = try resolveNode(container, poolTypes[root])
            } catch {
                tally.failedResolves += 1
                tally.count(error.diagnostics)
                return compare(error.diagnostics, expected, what: "resolving N\(root)")
            }
            guard expected.codes.isEmpty else {
                return "resolving N\(root) succeeded, expected \(expected.codes.map(\.rawValue).sorted())"
            }
            tally.resolves += 1
            if let difference = identities.compare(resolved, simulator.resolve(root)) {
                return "resolving N\(root): \(difference)"
            }
        }
        return nil
    }

    private func compare(
        _ diagnostics: [Diagnostic], _ expected: (codes: Set<Diagnostic.Code>, missing: Int), what: String
    )
        -> String?
    {
        let codes = Set(diagnostics.map(\.code))
        let missing = diagnostics.filter { $0.code == .missingBinding }.count
        if codes == expected.codes, missing == expected.missing { return nil }
        return """
            \(what) found \(codes.map(\.rawValue).sorted()) with \(missing) missing bindings, \
            expected \(expected.codes.map(\.rawValue).sorted()) with \(expected.missing):
            \(diagnostics.map(\.description).joined(separator: "\n"))
            """
    }
}

/// What a run went through, printed so that its coverage is visible.
private struct Tally: CustomStringConvertible {
    var graphs = 0
    var failedBuilds = 0
    var failedResolves = 0
    var resolves = 0
    var validations = 0
    var failedValidations = 0
    var missingBindings = 0
    var unclosableCycles = 0

    mutating func count(_ diagnostics: [Diagnostic]) {
        missingBindings += diagnostics.filter { $0.code == .missingBinding }.count
        unclosableCycles += diagnostics.filter { $0.code == .unclosableCycle }.count
    }

    var description: String {
        "\(graphs) graphs: \(failedBuilds) rejected when built, \(failedResolves) resolves rejected "
            + "(\(missingBindings) missing bindings, \(unclosableCycles) unclosable cycles reported), "
            + "\(resolves) resolves compared object by object; \(validations) validations "
            + "(\(failedValidations) with errors) agreed"
    }
}

// MARK: - The pool

// 12 node classes. Default scopes: N0–N2 transient, N3–N5 graph, N6–N8 singleton, N9–N11 weak (a
// description may rebind a node in another scope). Each has two required slots and one optional
// slot, every slot a tagged `any GraphNode` that exists only when the description binds it.

private enum N0S0: Autowire.Tag { typealias Value = any GraphNode }
private enum N0S1: Autowire.Tag { typealias Value = any GraphNode }
private enum N0S2: Autowire.Tag { typealias Value = any GraphNode }
private enum N1S0: Autowire.Tag { typealias Value = any GraphNode }
private enum N1S1: Autowire.Tag { typealias Value = any GraphNode }
private enum N1S2: Autowire.Tag { typealias Value = any GraphNode }
private enum N2S0: Autowire.Tag { typealias Value = any GraphNode }
private enum N2S1: Autowire.Tag { typealias Value = any GraphNode }
private enum N2S2: Autowire.Tag { typealias Value = any GraphNode }
private enum N3S0: Autowire.Tag { typealias Value = any GraphNode }
private enum N3S1: Autowire.Tag { typealias Value = any GraphNode }
private enum N3S2: Autowire.Tag { typealias Value = any GraphNode }
private enum N4S0: Autowire.Tag { typealias Value = any GraphNode }
private enum N4S1: Autowire.Tag { typealias Value = any GraphNode }
private enum N4S2: Autowire.Tag { typealias Value = any GraphNode }
private enum N5S0: Autowire.Tag { typealias Value = any GraphNode }
private enum N5S1: Autowire.Tag { typealias Value = any GraphNode }
private enum N5S2: Autowire.Tag { typealias Value = any GraphNode }
private enum N6S0: Autowire.Tag { typealias Value = any GraphNode }
private enum N6S1: Autowire.Tag { typealias Value = any GraphNode }
private enum N6S2: Autowire.Tag { typealias Value = any GraphNode }
private enum N7S0: Autowire.Tag { typealias Value = any GraphNode }
private enum N7S1: Autowire.Tag { typealias Value = any GraphNode }
private enum N7S2: Autowire.Tag { typealias Value = any GraphNode }
private enum N8S0: Autowire.Tag { typealias Value = any GraphNode }
private enum N8S1: Autowire.Tag { typealias Value = any GraphNode }
private enum N8S2: Autowire.Tag { typealias Value = any GraphNode }
private enum N9S0: Autowire.Tag { typealias Value = any GraphNode }
private enum N9S1: Autowire.Tag { typealias Value = any GraphNode }
private enum N9S2: Autowire.Tag { typealias Value = any GraphNode }
private enum N10S0: Autowire.Tag { typealias Value = any GraphNode }
private enum N10S1: Autowire.Tag { typealias Value = any GraphNode }
private enum N10S2: Autowire.Tag { typealias Value = any GraphNode }
private enum N11S0: Autowire.Tag { typealias Value = any GraphNode }
private enum N11S1: Autowire.Tag { typealias Value = any GraphNode }
private enum N11S2: Autowire.Tag { typealias Value = any GraphNode }

private final class N0: PoolNode {
    static let index = 0
    static var scope: Scope { .transient }
    var s0: (any GraphNode)!
    var s1: (any GraphNode)!
    var s2: (any GraphNode)?
    static let dependencies: [Dependency<N0>] = [
        .inject(\.s0, tag: N0S0.self), .inject(\.s1, tag: N0S1.self), .optional(\.s2, tag: N0S2.self),
    ]
}
private final class N1: PoolNode {
    static let index = 1
    static var scope: Scope { .transient }
    var s0: (any GraphNode)!
    var s1: (any GraphNode)!
    var s2: (any GraphNode)?
    static let dependencies: [Dependency<N1>] = [
        .inject(\.s0, tag: N1S0.self), .inject(\.s1, tag: N1S1.self), .optional(\.s2, tag: N1S2.self),
    ]
}
private final class N2: PoolNode {
    static let index = 2
    static var scope: Scope { .transient }
    var s0: (any GraphNode)!
    var s1: (any GraphNode)!
    var s2: (any GraphNode)?
    static let dependencies: [Dependency<N2>] = [
        .inject(\.s0, tag: N2S0.self), .inject(\.s1, tag: N2S1.self), .optional(\.s2, tag: N2S2.self),
    ]
}
private final class N3: PoolNode {
    static let index = 3
    static var scope: Scope { .graph }
    var s0: (any GraphNode)!
    var s1: (any GraphNode)!
    var s2: (any GraphNode)?
    static let dependencies: [Dependency<N3>] = [
        .inject(\.s0, tag: N3S0.self), .inject(\.s1, tag: N3S1.self), .optional(\.s2, tag: N3S2.self),
    ]
}
private final class N4: PoolNode {
    static let index = 4
    static var scope: Scope { .graph }
    var s0: (any GraphNode)!
    var s1: (any GraphNode)!
    var s2: (any GraphNode)?
    static let dependencies: [Dependency<N4>] = [
        .inject(\.s0, tag: N4S0.self), .inject(\.s1, tag: N4S1.self), .optional(\.s2, tag: N4S2.self),
    ]
}
private final class N5: PoolNode {
    static let index = 5
    static var scope: Scope { .graph }
    var s0: (any GraphNode)!
    var s1: (any GraphNode)!
    var s2: (any GraphNode)?
    static let dependencies: [Dependency<N5>] = [
        .inject(\.s0, tag: N5S0.self), .inject(\.s1, tag: N5S1.self), .optional(\.s2, tag: N5S2.self),
    ]
}
private final class N6: PoolNode {
    static let index = 6
    static var scope: Scope { .singleton }
    var s0: (any GraphNode)!
    var s1: (any GraphNode)!
    var s2: (any GraphNode)?
    static let dependencies: [Dependency<N6>] = [
        .inject(\.s0, tag: N6S0.self), .inject(\.s1, tag: N6S1.self), .optional(\.s2, tag: N6S2.self),
    ]
}
private final class N7: PoolNode {
    static let index = 7
    static var scope: Scope { .singleton }
    var s0: (any GraphNode)!
    var s1: (any GraphNode)!
    var s2: (any GraphNode)?
    static let dependencies: [Dependency<N7>] = [
        .inject(\.s0, tag: N7S0.self), .inject(\.s1, tag: N7S1.self), .optional(\.s2, tag: N7S2.self),
    ]
}
private final class N8: PoolNode {
    static let index = 8
    static var scope: Scope { .singleton }
    var s0: (any GraphNode)!
    var s1: (any GraphNode)!
    var s2: (any GraphNode)?
    static let dependencies: [Dependency<N8>] = [
        .inject(\.s0, tag: N8S0.self), .inject(\.s1, tag: N8S1.self), .optional(\.s2, tag: N8S2.self),
    ]
}
private final class N9: PoolNode {
    static let index = 9
    static var scope: Scope { .weak }
    var s0: (any GraphNode)!
    var s1: (any GraphNode)!
    var s2: (any GraphNode)?
    static let dependencies: [Dependency<N9>] = [
        .inject(\.s0, tag: N9S0.self), .inject(\.s1, tag: N9S1.self), .optional(\.s2, tag: N9S2.self),
    ]
}
private final class N10: PoolNode {
    static let index = 10
    static var scope: Scope { .weak }
    var s0: (any GraphNode)!
    var s1: (any GraphNode)!
    var s2: (any GraphNode)?
    static let dependencies: [Dependency<N10>] = [
        .inject(\.s0, tag: N10S0.self), .inject(\.s1, tag: N10S1.self), .optional(\.s2, tag: N10S2.self),
    ]
}
private final class N11: PoolNode {
    static let index = 11
    static var scope: Scope { .weak }
    var s0: (any GraphNode)!
    var s1: (any GraphNode)!
    var s2: (any GraphNode)?
    static let dependencies: [Dependency<N11>] = [
        .inject(\.s0, tag: N11S0.self), .inject(\.s1, tag: N11S1.self), .optional(\.s2, tag: N11S2.self),
    ]
}

private var poolTypes: [any PoolNode.Type] {
    [N0.self, N1.self, N2.self, N3.self, N4.self, N5.self, N6.self, N7.self, N8.self, N9.self, N10.self, N11.self]
}
private let defaultScopes: [Scope] = [
    .transient, .transient, .transient, .graph, .graph, .graph, .singleton, .singleton, .singleton, .weak, .weak, .weak,
]
private var slotTags: [[SlotTag]] {
    [
        [SlotTag(N0S0.self), SlotTag(N0S1.self), SlotTag(N0S2.self)],
        [SlotTag(N1S0.self), SlotTag(N1S1.self), SlotTag(N1S2.self)],
        [SlotTag(N2S0.self), SlotTag(N2S1.self), SlotTag(N2S2.self)],
        [SlotTag(N3S0.self), SlotTag(N3S1.self), SlotTag(N3S2.self)],
        [SlotTag(N4S0.self), SlotTag(N4S1.self), SlotTag(N4S2.self)],
        [SlotTag(N5S0.self), SlotTag(N5S1.self), SlotTag(N5S2.self)],
        [SlotTag(N6S0.self), SlotTag(N6S1.self), SlotTag(N6S2.self)],
        [SlotTag(N7S0.self), SlotTag(N7S1.self), SlotTag(N7S2.self)],
        [SlotTag(N8S0.self), SlotTag(N8S1.self), SlotTag(N8S2.self)],
        [SlotTag(N9S0.self), SlotTag(N9S1.self), SlotTag(N9S2.self)],
        [SlotTag(N10S0.self), SlotTag(N10S1.self), SlotTag(N10S2.self)],
        [SlotTag(N11S0.self), SlotTag(N11S1.self), SlotTag(N11S2.self)],
    ]
}
