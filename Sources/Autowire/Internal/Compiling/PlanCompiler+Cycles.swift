/// A producer's first top-level request walks its reachable graph once: to report cycles that can never
/// close, with their whole path, and to size the table a resolve starting there needs.
extension PlanCompiler {
    private enum Visit {
        case onPath(Int)
        /// Finished, with how many producers the walk from it reached (a table-size hint).
        case done(reach: Int)
    }

    private struct Hop {
        let producer: AnyProducer
        /// An index, not an `Edge`: hops are copied all along a walk, and an `Edge` copy retains and releases.
        let edgeIndex: Int

        var edge: Edge { producer.edge(at: edgeIndex) }
    }

    private struct Walk {
        var visits = IdentityTable<Visit>()
        var hops: [Hop] = []
        var finished: [(producer: AnyProducer, reach: Int)] = []
        /// The hop that first reached each producer, naming the path to a cycle; only with `recordsFirstHops`:
        /// its insertions cost a sixth of a walk, and only a walk that saw a cycle reads it.
        var firstHop = IdentityTable<Hop>()
        var recordsFirstHops = false
        var sawCycle = false
        /// Whether an unclosable cycle is reachable, reported now or already for another root.
        var foundUnclosable = false
        /// Producers reached so far, counting those of skipped checked subgraphs.
        var reached = 0

        /// Room for a small graph up front, not a reallocation per doubling.
        init() {
            hops.reserveCapacity(Walk.initialCapacity)
            finished.reserveCapacity(Walk.initialCapacity)
        }

        static let initialCapacity = 16
    }

    func checkRoot(_ root: AnyProducer) {
        // A producer is written only under its own registry's lock; an ancestor's producer is
        // checked when the ancestor resolves it, and until then a resolve sizes its table itself.
        guard root.rootCheck == nil, root.registry === registry else { return }
        checkKeptObjectsReachingRequest(from: root)
        if let reach = reachThroughCheckedEdges(of: root) {
            root.rootCheck = RootCheck(slotCapacity: reach, isAcyclic: true)
            return
        }
        var walk = Walk()
        let problemsBefore = problems.count
        let reach = visit(root, &walk)
        if walk.sawCycle {
            // Walked again recording first hops, to name where a cycle is entered; nothing is reported twice.
            var mapped = Walk()
            mapped.recordsFirstHops = true
            _ = visit(root, &mapped)
            walk.firstHop = mapped.firstHop
            findEndlessCycles(&walk)
        }
        guard problems.count == problemsBefore, !walk.foundUnclosable else { return }
        root.rootCheck = RootCheck(slotCapacity: reach, isAcyclic: !walk.sawCycle)
        // With no cycle below the root, every producer reached is checked too: marked, later walks
        // (other roots, validation probes) stop there rather than walk it again (O(n²) on a chain).
        guard !walk.sawCycle else { return }
        for (producer, reach) in walk.finished where producer.rootCheck == nil && producer.registry === registry {
            producer.rootCheck = RootCheck(slotCapacity: reach, isAcyclic: true)
        }
    }

    /// Checks `producer` once its edges are complete, if each leads to a checked acyclic producer: root checks
    /// then have nothing to walk. Not in a `RequestScope`'s container, whose root check also looks for kept
    /// objects reaching the request.
    func checkWhenEdgesAreChecked(_ producer: AnyProducer) {
        guard producer.rootCheck == nil, producer.registry === registry, !registry.settings.bindsRequest,
            let reach = reachThroughCheckedEdges(of: producer)
        else { return }
        producer.rootCheck = RootCheck(slotCapacity: reach, isAcyclic: true)
    }

    /// The walk's result when every edge leads to a checked acyclic producer (no cycle, the distinct targets'
    /// reach plus one), sparing its table allocations for the many such roots; nil when the walk must run.
    private func reachThroughCheckedEdges(of root: AnyProducer) -> Int? {
        let edges = root.compiledEdges
        guard edges.count <= 16 else { return nil }
        var reach = 1
        for (index, edge) in edges.enumerated() where !edge.isDeferred {
            guard let check = edge.target.rootCheck, check.isAcyclic else { return nil }
            // A target met through an earlier edge counts once, as in the walk.
            if edges[..<index].contains(where: { !$0.isDeferred && $0.target === edge.target }) { continue }
            reach += check.slotCapacity
        }
        return reach
    }

    private struct Frame {
        let producer: AnyProducer
        var nextEdge = 0
        var reach = 1
        let reachedBefore: Int
    }

    /// Walks `root`'s static graph depth first, without recursing; returns its reach (capped at all reached
    /// so far: shared producers count on each branch). While a target is walked, its hop is on `walk.hops`.
    private func visit(_ root: AnyProducer, _ walk: inout Walk) -> Int {
        var frames: [Frame] = []
        frames.reserveCapacity(Walk.initialCapacity)
        frames.append(enter(root, &walk))
        while let top = frames.indices.last {
            let producer = frames[top].producer
            guard let edge = nextEdge(of: &frames[top], endlessOnly: false) else {
                let reach = min(frames[top].reach, walk.reached - frames[top].reachedBefore + 1)
                walk.visits[ObjectIdentifier(producer)] = .done(reach: reach)
                walk.finished.append((producer, reach))
                frames.removeLast()
                guard !frames.isEmpty else { return reach }
                walk.hops.removeLast()
                frames[frames.count - 1].reach += reach
                continue
            }
            let target = edge.target
            // `nextEdge` moved the frame just past the edge it returned.
            let hop = Hop(producer: producer, edgeIndex: frames[top].nextEdge - 1)
            switch walk.visits[ObjectIdentifier(target)] {
            case nil:
                if let check = target.rootCheck, check.isAcyclic {
                    // Checked before and acyclic: it cannot lead back onto this path.
                    walk.visits[ObjectIdentifier(target)] = .done(reach: check.slotCapacity)
                    walk.reached += check.slotCapacity
                    frames[top].reach += check.slotCapacity
                } else {
                    if walk.recordsFirstHops { walk.firstHop[ObjectIdentifier(target)] = hop }
                    walk.hops.append(hop)
                    frames.append(enter(target, &walk))
                }
            case .onPath(let start):
                walk.sawCycle = true
                walk.hops.append(hop)
                let cycle = walk.hops[start...]
                if !closes(through: Array(cycle)) {
                    reportUnclosable(
                        cycle: Array(cycle), closingAt: target, entry: Array(walk.hops[..<start]), at: edge, &walk)
                }
                walk.hops.removeLast()
            case .done(let targetReach):
                frames[top].reach += targetReach
            }
        }
        return 0
    }

    private func enter(_ producer: AnyProducer, _ walk: inout Walk) -> Frame {
        walk.visits[ObjectIdentifier(producer)] = .onPath(walk.hops.count)
        walk.reached += 1
        return Frame(producer: producer, reachedBefore: walk.reached)
    }

    /// The next edge of `frame` a resolve follows at once (deferred ones are in no cycle), advancing past it.
    /// `endlessOnly` skips edges to producers that record early and properties waiting for a running factory:
    /// going round stops there, and walking them could mark what lies beyond finished too soon.
    private func nextEdge(of frame: inout Frame, endlessOnly: Bool) -> Edge? {
        let edges = frame.producer.compiledEdges
        while frame.nextEdge < edges.count {
            let edge = edges[frame.nextEdge]
            frame.nextEdge += 1
            if !edge.isDeferred, !endlessOnly || (!edge.target.registersEarly && !edge.waitsForRunningFactory) {
                return edge
            }
        }
        return nil
    }

    /// Whether a resolve going round `cycle` (its last hop's edge leads back to `cycle.first`) stops at
    /// `cycle[index]`: yes at an object recorded before it is filled (autowired, not `.transient`); at a
    /// non-transient factory only if met through a property, written when it returns; nil where it goes on
    /// (transient producers, aliases).
    private func stops(at index: Int, of cycle: [Hop]) -> Bool? {
        let producer = cycle[index].producer
        if producer.registersEarly { return true }
        guard producer.isFactory, producer.scope != .transient else { return nil }
        return wayIn(to: index, of: cycle).waitsForRunningFactory
    }

    /// Whether a resolve going round `cycle` stops: the first hop that decides, decides.
    private func closes(through cycle: [Hop]) -> Bool {
        for index in cycle.indices {
            if let stops = stops(at: index, of: cycle) { return stops }
        }
        return false
    }

    /// The edge by which going round `cycle` meets `cycle[index]` again: the one before it, or, past the
    /// aliases leading into it (they only hand its value on), the one into the first of them.
    private func wayIn(to index: Int, of cycle: [Hop]) -> Edge {
        func before(_ position: Int) -> Int { position == 0 ? cycle.count - 1 : position - 1 }
        var position = before(index)
        var passed = 0
        while cycle[position].producer is any ForwardingProducer, passed < cycle.count - 1 {
            position = before(position)
            passed += 1
        }
        return cycle[position].edge
    }

    /// Finds cycles of producers that never record early (transient classes, aliases, factories), which go
    /// round forever wherever entered (overflowing the stack), even where the first walk reached them through
    /// a shared object and so saw no cycle.
    private func findEndlessCycles(_ walk: inout Walk) {
        var visits = IdentityTable<Visit>()
        var hops: [Hop] = []
        // Nearest the root first, so that a cycle is named from where a resolve enters it.
        for (start, _) in walk.finished.reversed() where !start.registersEarly && visits[ObjectIdentifier(start)] == nil
        {
            visitEndless(start, visits: &visits, hops: &hops, &walk)
        }
    }

    /// From `start`, walks the edges between producers that never record early; reports each cycle met.
    private func visitEndless(
        _ start: AnyProducer, visits: inout IdentityTable<Visit>, hops: inout [Hop], _ walk: inout Walk
    ) {
        visits[ObjectIdentifier(start)] = .onPath(hops.count)
        var frames = [Frame(producer: start, reachedBefore: 0)]
        while let top = frames.indices.last {
            let producer = frames[top].producer
            guard let edge = nextEdge(of: &frames[top], endlessOnly: true) else {
                visits[ObjectIdentifier(producer)] = .done(reach: 0)
                frames.removeLast()
                if !frames.isEmpty { hops.removeLast() }
                continue
            }
            let target = edge.target
            hops.append(Hop(producer: producer, edgeIndex: frames[top].nextEdge - 1))
            switch visits[ObjectIdentifier(target)] {
            case nil:
                visits[ObjectIdentifier(target)] = .onPath(hops.count)
                frames.append(Frame(producer: target, reachedBefore: 0))
                continue
            case .onPath(let start):
                if !closes(through: Array(hops[start...])) {
                    reportUnclosable(
                        cycle: Array(hops[start...]), closingAt: target, entry: pathFromRoot(to: target, walk),
                        at: edge, &walk)
                }
            case .done:
                break
            }
            hops.removeLast()
        }
    }

    /// Reports a cycle that can never close, once per compilation however many roots reach it.
    private func reportUnclosable(
        cycle: [Hop], closingAt target: AnyProducer, entry: [Hop], at edge: Edge, _ walk: inout Walk
    ) {
        walk.foundUnclosable = true
        let closingEntries = entriesWhereItCloses(cycle)
        // Judged per entry: building leaves a cycle that closes when entered elsewhere to the
        // resolves that enter it here, which find it again (this root stays unchecked).
        if defersEntryDependentCycles, !closingEntries.isEmpty { return }
        guard reportedCycles.insert(Set(cycle.map { ObjectIdentifier($0.producer) })).inserted else { return }
        var closingNames: [String] = []
        for producer in closingEntries where !closingNames.contains(producer.key.description) {
            closingNames.append(producer.key.description)
        }
        report(
            .unclosableCycle(
                cycle.map(render) + [target.key.description], location: edge.location,
                path: (entry + cycle).map(render) + [target.key.description],
                scopeCanClose: cycle.contains { $0.producer.registersEarlyWhenShared },
                closesWhenEnteredAt: closingNames))
    }

    /// The producers of `cycle` where a resolve entering it stops on going round, found in one look each
    /// rather than `closes` per turn (quadratic in the cycle's length).
    private func entriesWhereItCloses(_ cycle: [Hop]) -> [AnyProducer] {
        cycle.indices.compactMap { stops(at: $0, of: cycle) == true ? cycle[$0].producer : nil }
    }

    private func pathFromRoot(to producer: AnyProducer, _ walk: Walk) -> [Hop] {
        var path: [Hop] = []
        var current = producer
        while let hop = walk.firstHop[ObjectIdentifier(current)], path.count < walk.finished.count {
            path.append(hop)
            current = hop.producer
        }
        return path.reversed()
    }

    private func render(_ hop: Hop) -> String { EdgeLabel.pathComponent(hop.edge, of: hop.producer) }
}
