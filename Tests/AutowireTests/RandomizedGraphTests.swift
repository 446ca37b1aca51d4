import Autowire
import Foundation
import Testing

// Random containers against a reference model.
//
// Each seed makes a `GraphDescription` (`RandomizedGraph/GraphDescription.swift`): twelve node
// classes, each autowired, bound in a scope, or made by a typed or closure factory; tagged
// properties pointing at other nodes, some bound with a scope of their own; `Provider` and `Lazy` properties; `intoCollection()`
// collections with shared or scoped contributions; sometimes a child container that overrides or adds
// bindings; and a sequence of resolves from either container. The reference model
// (`RandomizedGraph/ReferenceModel.swift`) works out from the description alone what building,
// resolving and validating must do: the missing bindings, every unclosable cycle with the text and
// path it is reported with, and, object by object, which instances are shared (within one resolve for
// `.graph`, across resolves for `.singleton`, never for `.transient`) and what each `Provider.get()`
// and `Lazy.get()` returns.
//
// Seeds. By default every run, CI included, checks the same graphs: seeds `defaultFirstSeed` up,
// `defaultGraphCount` of them, so a failure in CI is a failure on every machine. Two environment
// variables change that:
//
//     AUTOWIRE_GRAPH_SEED=random       a random first seed (printed), to explore new graphs
//     AUTOWIRE_GRAPH_SEED=<n>          start at seed n (to replay a failure)
//     AUTOWIRE_GRAPH_COUNT=<n>         check n graphs (1 replays one graph)
//
// Every disagreement is recorded as an issue of the test (and batch) that found it, naming the
// graph's seed, the graph, what differed, and the command that replays it; past five in a batch, one
// more issue lists the other seeds. Each batch prints its seeds before building any graph, so that
// even a crash can be replayed.

@Suite struct RandomizedGraphTests {
    static let defaultFirstSeed: UInt64 = 1
    static let defaultGraphCount = 200
    /// Graphs are checked in batches, each its own test case (named by its first seed), in parallel.
    static let batchCount = 4

    static let graphCount =
        ProcessInfo.processInfo.environment["AUTOWIRE_GRAPH_COUNT"].flatMap(Int.init) ?? defaultGraphCount

    static let firstSeed: UInt64 = {
        switch ProcessInfo.processInfo.environment["AUTOWIRE_GRAPH_SEED"] {
        case nil: defaultFirstSeed
        case "random": UInt64.random(in: 0...UInt64(1 << 53))
        case let text?: UInt64(text) ?? defaultFirstSeed
        }
    }()

    /// The seeds of each batch.
    static var batches: [Range<UInt64>] {
        let count = UInt64(max(graphCount, 0))
        let perBatch = max(1, (count + UInt64(batchCount) - 1) / UInt64(batchCount))
        return stride(from: UInt64(0), to: count, by: Int(perBatch)).map { start in
            (firstSeed &+ start)..<(firstSeed &+ min(start + perBatch, count))
        }
    }

    // MARK: The tests

    @Test(arguments: batches)
    func containersAgreeWithTheReferenceModel(seeds: Range<UInt64>) {
        print("RandomizedGraphTests: building and resolving graphs \(seeds.lowerBound)..<\(seeds.upperBound)")
        var tally = Tally()
        var disagreeing = Disagreements()
        for seed in seeds {
            let graph = RandomGraph.GraphDescription(seed: seed)
            if let problem = Self.checkContainers(graph, &tally) {
                tally.disagreements += 1
                disagreeing.record(problem, graph)
            }
        }
        disagreeing.recordTheRest()
        print("RandomizedGraphTests: \(tally)")
    }

    /// Graphs outside the default seeds that once disagreed with the model, checked on every run.
    /// 23273: a kept object's `Lazy` whose program's static graph meets a running factory again
    /// inside a region the run skips (the program fails there only when the region runs).
    /// 24939: the model's mistake, not the library's: the root's collection contribution of a
    /// class that level 2 rebinds as a singleton with a tag of its own, resolved from level 3 (a
    /// contribution is evaluated in the resolving child's view, so it is level 2's singleton). The
    /// model reused level 1's collection there: it compared that collection's graph with level 3's
    /// bindings only, not with level 2's.
    static let graphsThatOnceDisagreed: [UInt64] = [23273, 24939]

    @Test(arguments: graphsThatOnceDisagreed)
    func aGraphThatOnceDisagreedAgreesWithTheReferenceModel(seed: UInt64) {
        var tally = Tally()
        let graph = RandomGraph.GraphDescription(seed: seed)
        if let problem = Self.checkContainers(graph, &tally) {
            Issue.record(Comment(rawValue: Self.report(problem, graph)))
        }
        #expect(tally.comparedResolves > 0)
    }

    /// Validates every other graph (validation compiles everything twice, and walks the same
    /// graphs as building does).
    @Test(arguments: batches)
    func validationAgreesWithTheReferenceModel(seeds: Range<UInt64>) {
        print("RandomizedGraphTests: validating graphs \(seeds.lowerBound)..<\(seeds.upperBound), every other one")
        var disagreeing = Disagreements()
        defer { disagreeing.recordTheRest() }
        for seed in seeds where seed % 2 == 0 || seeds.count == 1 {
            let graph = RandomGraph.GraphDescription(seed: seed)
            let root = RandomGraph.poolTypes[graph.validationRoot]
            let diagnostics: [Diagnostic]
            do {
                try Container.validate(root, injectingProbes: false) { binder in graph.bindParent(into: binder) }
                diagnostics = []
            } catch {
                diagnostics = error.diagnostics
            }
            let expected = RandomGraph.ModelWorld.validation(of: graph)
            if let problem = Self.compare(diagnostics, expected, what: "validating N\(graph.validationRoot)") {
                disagreeing.record(problem, graph)
            }
        }
    }

    /// The model's two halves agree: a root the static cycle rule rejects is one whose resolve,
    /// simulated object by object, goes round forever or re-enters a running factory, and a root it
    /// accepts resolves (roots that reach a closure factory are left out: only running shows what
    /// those resolve). This is what makes the static rule, which the library must follow to the
    /// letter, more than a second copy of the library's algorithm.
    @Test func theStaticCycleRuleAgreesWithTheSimulation() {
        var checked = 0
        var disagreeing = Disagreements()
        defer { disagreeing.recordTheRest() }
        for seed in Self.firstSeed..<(Self.firstSeed &+ UInt64(max(Self.graphCount, 0))) {
            let graph = RandomGraph.GraphDescription(seed: seed)
            for node in 0..<RandomGraph.GraphDescription.nodeCount {
                let container = RandomGraph.ModelContainer(graph.parent, parent: nil)
                let compiler = RandomGraph.ModelCompiler(container)
                guard let root = compiler.producer(for: .node(node)), !Self.reachesClosureFactory(root) else {
                    continue
                }
                compiler.checkRoot(root)
                let rejected = !compiler.problems.cycles.isEmpty
                checked += 1
                switch RandomGraph.Simulator.resolve(root) {
                case .success:
                    if rejected {
                        disagreeing.record(
                            "the static rule rejects N\(node) (\(compiler.problems.cycles.map(\.message))), "
                                + "but its simulated resolve succeeds", graph)
                    }
                case .failure(let failure):
                    if !rejected {
                        disagreeing.record(
                            "the static rule accepts N\(node), but its simulated resolve fails: "
                                + "\(failure.message) (path \(failure.path.joined(separator: " → ")))", graph)
                    }
                }
            }
        }
        #expect(checked > 0)
    }

    /// The generator reaches what the test claims to cover, judged by the model alone over the
    /// default seeds (whatever the environment says, so that this is a property of the generator):
    /// most graphs build and have their objects compared, and every kind of binding, handle and
    /// problem turns up.
    @Test func theGeneratorCoversEveryKind() {
        let coverage = Coverage(seeds: Self.defaultFirstSeed..<(Self.defaultFirstSeed + UInt64(Self.defaultGraphCount)))
        print("RandomizedGraphTests coverage: \(coverage)")
        #expect(coverage.builtAndCompared * 2 > coverage.graphs, "most graphs must build and reach the identity check")
        #expect(coverage.comparedResolves * 2 > coverage.resolves, "most resolves must reach the identity check")
        #expect(
            coverage.comparedChildResolves * 2 > coverage.childResolves,
            "most resolves meant for a child or deeper must be compared there")
        #expect(coverage.builtChildren * 3 > coverage.children * 2, "most children must build")
        for (kind, count) in coverage.kinds {
            #expect(count * 100 >= coverage.graphs, "\(kind) turns up in fewer than 1% of the graphs")
        }
    }

    // MARK: Checking one graph

    /// Builds, resolves and compares one graph; returns the first disagreement with the model.
    private static func checkContainers(_ graph: RandomGraph.GraphDescription, _ tally: inout Tally) -> String? {
        tally.graphs += 1
        let world = RandomGraph.ModelWorld(graph)
        let parent: Container
        do {
            parent = try Container { binder in graph.bindParent(into: binder) }
        } catch let error as ConfigurationError {
            tally.rejectedBuilds += 1
            return compare(error.diagnostics, world.buildParent(), what: "building the parent")
        } catch {
            return "building the parent threw \(error)"
        }
        let expectedParent = world.buildParent()
        guard expectedParent.isEmpty else { return "building the parent succeeded, expected \(expectedParent)" }
        // The chain below the parent, level by level: a level whose build is rejected (as predicted)
        // builds nothing below it, and resolves meant for those levels go to the nearest one built.
        var containers: [Container?] = [parent]
        for level in graph.children.indices.map({ $0 + 1 }) {
            let expected = world.buildDescendant(level)
            guard let above = containers[level - 1] else {
                containers.append(nil)
                continue
            }
            do {
                containers.append(try above.child { binder in graph.bindDescendant(level, into: binder) })
                tally.builtChildren += 1
            } catch let error as ConfigurationError {
                tally.rejectedBuilds += 1
                containers.append(nil)
                if let difference = compare(error.diagnostics, expected, what: "building level \(level)") {
                    return difference
                }
                continue
            } catch {
                return "building level \(level) threw \(error)"
            }
            if !expected.isEmpty { return "building level \(level) succeeded, expected \(expected)" }
        }
        var identities = IdentityMap()
        for resolve in graph.resolves {
            let level = (0...resolve.level).last { containers[$0] != nil } ?? 0
            let container = containers[level] ?? parent
            let expected = world.resolve(resolve.node, level: level)
            let what = "resolving \(resolve)"
            let resolved: any RandomGraph.GraphNode
            do {
                resolved = try resolveNode(container, RandomGraph.poolTypes[resolve.node])
            } catch {
                tally.rejectedResolves += 1
                switch expected {
                case .rejected(let problems): return compare(error.diagnostics, problems, what: what)
                case .failed(let failure):
                    // The graph stops here: which shared objects a failed resolve leaves behind is not modelled.
                    return compare(error.diagnostics, failure, what: what)
                case .resolved: return "\(what) threw, expected it to succeed:\n\(error)"
                }
            }
            guard case .resolved(let model) = expected else { return "\(what) succeeded, expected \(expected)" }
            tally.comparedResolves += 1
            if level > 0 { tally.comparedChildResolves += 1 }
            // Every root runs a program, a closure's included.
            guard hasProgram(container, RandomGraph.poolTypes[resolve.node]) else {
                return "\(what): its root has no resolve program"
            }
            tally.withPrograms += 1
            if let difference = identities.compare(resolved, model, from: "\(resolve)") {
                return "\(what): \(difference)"
            }
            if let difference = identities.exerciseHandles(world, tally: &tally) { return "\(what): \(difference)" }
            // As after a failed resolve: what a failed `get()` leaves behind is not modelled.
            if identities.aGetFailed { return nil }
        }
        return nil
    }

    /// Compares what the container reported with what the model predicts: the same keys missing a
    /// binding (as a set: a key may be reported once per producer that needs it), and the same
    /// unclosable cycles, as many, each with the same message, path and kind of fix; no other error.
    static func compare(_ diagnostics: [Diagnostic], _ expected: RandomGraph.PredictedProblems, what: String)
        -> String?
    {
        let errors = diagnostics.filter { $0.severity == .error }
        let unexpected = errors.filter {
            $0.code != .missingBinding && $0.code != .unclosableCycle && $0.code != .overrideNotReaching
        }
        let notReaching = errors.filter { $0.code == .overrideNotReaching }.map(\.message)
        let missing = errors.filter { $0.code == .missingBinding }.compactMap(\.path.last)
        let cycles = errors.filter { $0.code == .unclosableCycle }.map { diagnostic in
            RandomGraph.PredictedCycle(
                message: diagnostic.message, path: diagnostic.path,
                scopeCanClose: !diagnostic.fix.hasPrefix("No scope can close"))
        }
        if unexpected.isEmpty, Set(missing) == Set(expected.missing), cycles.sorted() == expected.cycles.sorted(),
            notReaching.sorted() == expected.overridesNotReaching.sorted()
        {
            return nil
        }
        return """
            \(what) disagrees with the model.
            missing bindings found: \(Set(missing).sorted())
                        expected: \(Set(expected.missing).sorted())
            overrides not reaching found: \(notReaching.sorted())
                                expected: \(expected.overridesNotReaching.sorted())
            unclosable cycles found:
            \(describe(cycles.sorted()))
            expected:
            \(describe(expected.cycles.sorted()))
            all errors:
            \(errors.map(\.description).joined(separator: "\n"))
            """
    }

    /// Compares an error thrown while resolving with the run-time failure the model predicts.
    static func compare(_ diagnostics: [Diagnostic], _ failure: RandomGraph.RuntimeFailure, what: String) -> String? {
        if let rejected = failure.rejectedFromTheTop { return compare(diagnostics, rejected, what: what) }
        if failure.isEndless {
            return "\(what): the model's simulation went round a cycle its static rule accepted: \(failure.message); "
                + "the container reported:\n\(diagnostics.map(\.description).joined(separator: "\n"))"
        }
        let errors = diagnostics.filter { $0.severity == .error }
        if errors.count == 1, errors[0].code == .unclosableCycle, errors[0].message == failure.message,
            errors[0].path == failure.path
        {
            return nil
        }
        return """
            \(what) disagrees with the model.
            expected: unclosable-cycle "\(failure.message)" path \(failure.path.joined(separator: " → "))
            found:
            \(errors.map(\.description).joined(separator: "\n"))
            """
    }

    private static func describe(_ cycles: [RandomGraph.PredictedCycle]) -> String {
        guard !cycles.isEmpty else { return "  (none)" }
        return cycles.map { cycle in
            "  \(cycle.message)\n    path: \(cycle.path.joined(separator: " → "))"
                + (cycle.scopeCanClose ? "" : "\n    (no scope can close it)")
        }.joined(separator: "\n")
    }

    static func report(_ problem: String, _ graph: RandomGraph.GraphDescription) -> String {
        """
        Graph seed \(graph.seed) disagrees with the reference model:
        \(problem)
        \(graph)
        replay: AUTOWIRE_GRAPH_SEED=\(graph.seed) AUTOWIRE_GRAPH_COUNT=1 swift test --filter RandomizedGraphTests
        """
    }

    private static func reachesClosureFactory(_ root: RandomGraph.ModelProducer) -> Bool {
        var seen: Set<ObjectIdentifier> = []
        var pending = [root]
        while let producer = pending.popLast() {
            guard seen.insert(ObjectIdentifier(producer)).inserted else { continue }
            if case .factory(_, typed: false) = producer.kind { return true }
            pending += producer.edges.filter { !$0.isDeferred }.map(\.target)
        }
        return false
    }
}

/// Whether `node` has a resolve program in `container` (lowered by its first resolve).
private func hasProgram<Node: RandomGraph.PoolNode>(_ container: Container, _ node: Node.Type) -> Bool {
    (try? container.hasProgram(of: Node.self)) ?? false
}

private func resolveNode<Node: RandomGraph.PoolNode>(_ container: Container, _ node: Node.Type) throws(ResolutionError)
    -> any RandomGraph.GraphNode
{
    try container.resolve(Node.self)
}

// MARK: - Comparing objects

/// Pairs real objects with model objects one to one, across every resolve of one graph (parent and
/// child alike), and the `Provider`s and `Lazy`s met on the way with the model's.
private struct IdentityMap {
    var realToModel: [ObjectIdentifier: ObjectIdentifier] = [:]
    var modelToReal: [ObjectIdentifier: ObjectIdentifier] = [:]
    /// Keeps every real and model object alive, so identifiers are never reused (and `.weak`
    /// instances stay shared).
    var kept: [AnyObject] = []
    /// Handles met and not exercised yet, in the order met.
    var pendingHandles: [(real: () throws -> any RandomGraph.GraphNode, model: RandomGraph.ModelHandle, path: String)] =
        []
    var exercised: Set<ObjectIdentifier> = []
    /// Set once a `get()` failed as the model predicts: the objects a failed resolve made and left
    /// behind (a `.weak` one that a reference cycle keeps alive, say) are not modelled, so the
    /// graph's comparison stops there.
    var aGetFailed = false

    /// How many handles each resolve exercises at most (each `get()` is a resolve of its own).
    static let handleBudget = 4

    /// Walks both object graphs side by side; returns the first difference.
    mutating func compare(_ real: any RandomGraph.GraphNode, _ model: RandomGraph.ModelObject, from start: String)
        -> String?
    {
        var pending: [(real: any RandomGraph.GraphNode, model: RandomGraph.ModelObject, path: String)] = [
            (real, model, start)
        ]
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
                return "\(path) is an N\(model.node) already met elsewhere, expected a new one (scope broken)"
            case (nil, _?):
                return "\(path) is a new N\(model.node), expected the one met before (scope broken)"
            }
            guard walked.insert(modelID).inserted else { continue }
            let names = ["s0", "s1", "s2", "f0", "f1"]
            for (slot, name) in names.enumerated() {
                switch (real.directSlots[slot], model.direct[slot]) {
                case (nil, nil): break
                case (let realChild?, let modelChild?): pending.append((realChild, modelChild, "\(path).\(name)"))
                case (nil, _?): return "\(path).\(name) is nil, expected an object"
                case (_?, nil): return "\(path).\(name) is set, expected nil"
                }
            }
            switch (real.collection, model.collection) {
            case (nil, nil): break
            case (let realList?, let modelList?):
                guard realList.count == modelList.count else {
                    return "\(path).c has \(realList.count) elements, expected \(modelList.count)"
                }
                for (index, pair) in zip(realList, modelList).enumerated() {
                    pending.append((pair.0, pair.1, "\(path).c[\(index)]"))
                }
            case (nil, _?): return "\(path).c is nil, expected a collection"
            case (_?, nil): return "\(path).c is set, expected nil"
            }
            for (name, realGet, handle) in [("p", real.providerGet, model.provider), ("l", real.lazyGet, model.lazy)] {
                switch (realGet, handle) {
                case (nil, nil): break
                case (let get?, let handle?):
                    if !exercised.contains(ObjectIdentifier(handle)) {
                        pendingHandles.append((get, handle, "\(path).\(name)"))
                    }
                case (nil, _?): return "\(path).\(name) is nil, expected a handle"
                case (_?, nil): return "\(path).\(name) is set, expected nil"
                }
            }
        }
        return nil
    }

    /// Calls `get()` twice on up to `handleBudget` handles met so far, comparing each result with
    /// the model's: a `Provider` resolves anew every time, a `Lazy` once.
    mutating func exerciseHandles(_ world: RandomGraph.ModelWorld, tally: inout Tally) -> String? {
        var budget = Self.handleBudget
        while budget > 0, !pendingHandles.isEmpty {
            let (get, handle, path) = pendingHandles.removeFirst()
            guard exercised.insert(ObjectIdentifier(handle)).inserted else { continue }
            budget -= 1
            for call in 1...2 {
                let what = "\(path).get() (call \(call))"
                if handle.isLazy { tally.lazyGets += 1 } else { tally.providerGets += 1 }
                let expected = world.get(handle)
                let real: any RandomGraph.GraphNode
                do {
                    real = try get()
                } catch let error as ResolutionError {
                    switch expected {
                    case .success: return "\(what) threw, expected an object:\n\(error)"
                    case .failure(let failure):
                        aGetFailed = true
                        return RandomizedGraphTests.compare(error.diagnostics, failure, what: what)
                    }
                } catch {
                    return "\(what) threw \(error)"
                }
                switch expected {
                case .success(let model):
                    if let difference = compare(real, model, from: what) { return difference }
                case .failure(let failure):
                    return "\(what) returned an N\(real.nodeIndex), expected \(failure.message)"
                }
            }
        }
        return nil
    }
}

// MARK: - Tallies

/// Records the first disagreements of a test case in full, then one issue naming the seeds of the rest.
private struct Disagreements {
    static let inFull = 5
    var recorded = 0
    var otherSeeds: [UInt64] = []

    mutating func record(_ problem: String, _ graph: RandomGraph.GraphDescription) {
        guard recorded < Self.inFull else {
            otherSeeds.append(graph.seed)
            return
        }
        recorded += 1
        Issue.record(Comment(rawValue: RandomizedGraphTests.report(problem, graph)))
    }

    func recordTheRest() {
        guard !otherSeeds.isEmpty else { return }
        Issue.record(
            Comment(
                rawValue: "\(otherSeeds.count) more graphs disagree with the reference model, seeds "
                    + otherSeeds.map(String.init).joined(separator: ", ")))
    }
}

/// What one batch went through, printed so that its coverage is visible.
private struct Tally: CustomStringConvertible {
    var graphs = 0
    var rejectedBuilds = 0
    var rejectedResolves = 0
    var comparedResolves = 0
    /// Of those, resolves in a child (or deeper).
    var comparedChildResolves = 0
    var builtChildren = 0
    /// Compared resolves whose root had a resolve program once they returned.
    var withPrograms = 0
    var providerGets = 0
    var lazyGets = 0
    var disagreements = 0

    var description: String {
        "\(graphs) graphs: \(builtChildren) children built, \(rejectedBuilds) builds rejected, "
            + "\(rejectedResolves) resolves rejected, \(comparedResolves) resolves compared object by object "
            + "(\(comparedChildResolves) in a child or deeper, \(withPrograms) with a program), \(providerGets) Provider.get() and "
            + "\(lazyGets) Lazy.get() calls compared; "
            + (disagreements == 0 ? "all agreed with the model" : "\(disagreements) DISAGREED with the model")
    }
}

/// What the generator produces over a range of seeds, judged by the model alone.
private struct Coverage: CustomStringConvertible {
    var graphs = 0
    var builtAndCompared = 0
    var resolves = 0
    var comparedResolves = 0
    /// Resolves meant for a child or deeper, and those compared in the container meant.
    var childResolves = 0
    var comparedChildResolves = 0
    var children = 0
    var builtChildren = 0
    var kinds: [(String, Int)] = []

    init(seeds: Range<UInt64>) {
        var counts: [String: Int] = [:]
        func saw(_ kind: String, _ condition: Bool) { if condition { counts[kind, default: 0] += 1 } }
        for seed in seeds {
            let graph = RandomGraph.GraphDescription(seed: seed)
            graphs += 1
            let parent = graph.parent
            let provisions = ([parent] + graph.children).flatMap { $0.provisions.compactMap { $0 } }
            saw("a typed factory", provisions.contains { if case .typedFactory = $0 { true } else { false } })
            saw("a closure factory", provisions.contains { if case .closureFactory = $0 { true } else { false } })
            saw("a Provider", parent.slots.contains { $0[.p] != nil })
            saw("a Lazy", parent.slots.contains { $0[.l] != nil })
            saw("a collection", parent.contributions.contains { !$0.isEmpty })
            saw("a scoped contribution", parent.contributions.joined().contains { $0.scope != nil })
            saw("a tag with a scope of its own", parent.slotScopes.contains { !$0.isEmpty })
            saw("a child container", !graph.children.isEmpty)
            saw("a grandchild", graph.children.count >= 2)
            saw("a container three levels below the parent", graph.children.count >= 3)
            for (depth, child) in graph.children.enumerated() {
                let above = [parent] + graph.children.prefix(depth)
                func onlyHere(_ kind: RandomGraph.SlotKind) -> Bool {
                    (0..<RandomGraph.GraphDescription.nodeCount).contains { node in
                        child.slots[node][kind] != nil && !above.contains { $0.slots[node][kind] != nil }
                    }
                }
                let overrides = child.declarations.contains { declaration in
                    if case .contribution = declaration { return false }
                    return above.contains { $0.declares(declaration.key) }
                }
                saw("a child override", depth == 0 && overrides)
                saw("an override below a child", depth > 0 && overrides)
                saw("an optional key bound only in a child", onlyHere(.s2))
                saw("a Provider key bound only in a child", onlyHere(.p))
                saw("a Lazy key bound only in a child", onlyHere(.l))
                saw(
                    "a collection only a child contributes to",
                    (0..<RandomGraph.GraphDescription.nodeCount).contains { node in
                        !child.contributions[node].isEmpty && !above.contains { !$0.contributions[node].isEmpty }
                    })
            }
            let world = RandomGraph.ModelWorld(graph)
            let building = world.buildParent()
            saw("a missing binding at build", !building.missing.isEmpty)
            saw("an unclosable cycle at build", !building.cycles.isEmpty)
            saw("an unclosable cycle no scope can close", building.cycles.contains { !$0.scopeCanClose })
            saw("an unclosable cycle behind a recorded object", building.cycles.contains(where: \.bySecondWalk))
            guard building.isEmpty else { continue }
            var built = [true]
            for level in graph.children.indices.map({ $0 + 1 }) {
                children += 1
                let problems = world.buildDescendant(level)
                saw("an override not reaching a kept instance", !problems.overridesNotReaching.isEmpty)
                built.append(built[level - 1] && problems.isEmpty)
                if built[level] { builtChildren += 1 }
            }
            var compared = 0
            for resolve in graph.resolves {
                resolves += 1
                if resolve.level > 0 { childResolves += 1 }
                let level = (0...resolve.level).last { built[$0] } ?? 0
                switch world.resolve(resolve.node, level: level) {
                case .resolved(let object):
                    compared += 1
                    if resolve.level > 0, level == resolve.level { comparedChildResolves += 1 }
                    saw("a resolve in a child", level > 0)
                    saw("a resolve in a grandchild or deeper", level > 1)
                    saw("a kept instance of an ancestor resolved in a child", level > 0 && object.madeAbove(level))
                case .rejected(let problems):
                    saw("a missing binding at resolve", !problems.missing.isEmpty)
                case .failed:
                    saw("a cycle only running finds (through a closure factory)", true)
                }
            }
            comparedResolves += compared
            if compared > 0 { builtAndCompared += 1 }
        }
        kinds = counts.sorted { $0.key < $1.key }
        for kind in Self.expectedKinds where counts[kind] == nil { kinds.append((kind, 0)) }
    }

    static let expectedKinds = [
        "a typed factory", "a closure factory", "a Provider", "a Lazy", "a collection", "a scoped contribution",
        "a tag with a scope of its own",
        "a child container", "a grandchild", "a container three levels below the parent", "a child override",
        "an override below a child", "an optional key bound only in a child", "a Provider key bound only in a child",
        "a Lazy key bound only in a child", "a collection only a child contributes to",
        "a missing binding at build", "an unclosable cycle at build",
        "an unclosable cycle no scope can close", "an unclosable cycle behind a recorded object",
        "a resolve in a child", "a resolve in a grandchild or deeper",
        "a kept instance of an ancestor resolved in a child", "a missing binding at resolve",
        "a cycle only running finds (through a closure factory)", "an override not reaching a kept instance",
    ]

    var description: String {
        "\(graphs) graphs, \(builtAndCompared) built with objects compared; \(comparedResolves) of \(resolves) "
            + "resolves compared (\(comparedChildResolves) of \(childResolves) meant for a child or deeper, in it); "
            + "\(builtChildren) of \(children) children built; "
            + kinds.map { "\($0.1)× \($0.0)" }.joined(separator: ", ")
    }
}
