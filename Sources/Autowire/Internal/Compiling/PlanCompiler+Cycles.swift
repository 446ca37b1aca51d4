/// The first time a producer serves a top-level request, its reachable graph is walked once: to
/// find cycles that can never close (reported with their whole path) and to size the table a
/// resolve starting there needs.
extension PlanCompiler {
    private enum Visit {
        case onPath(Int)
        /// Finished, with how many producers the walk from it reached (a table-size hint).
        case done(reach: Int)
    }

    private struct Hop {
        let producer: AnyProducer
        /// Where the edge taken is in `producer.edges`: hops are copied and dropped all along a
        /// walk, and an `Edge` (a label closure, a location) costs retains and releases to copy.
        let edgeIndex: Int

        var edge: Edge { producer.edge(at: edgeIndex) }
    }

    /// One walk's bookkeeping.
    private struct Walk {
        var visits = IdentityTable<Visit>()
        var hops: [Hop] = []
        /// Producers finished in this walk, with their reach.
        var finished: [(producer: AnyProducer, reach: Int)] = []
        /// The hop that first reached each producer, naming the path to a cycle found later; kept
        /// only when `recordsFirstHops`: its insertions cost a sixth of a walk, and only a walk
        /// that saw a cycle reads it.
        var firstHop = IdentityTable<Hop>()
        var recordsFirstHops = false
        /// Whether any edge led back onto the current path.
        var sawCycle = false
        /// Whether an unclosable cycle is reachable, reported now or already for another root.
        var foundUnclosable = false
        /// Producers reached so far, counting those of skipped checked subgraphs.
        var reached = 0

        /// Room for a small graph from the start, rather than a reallocation at each doubling.
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
            // Walked again, the same way, for the first hops that name where a cycle is entered.
            // Whatever the first walk reported is not reported twice (see `reportUnclosable`).
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

    /// Checks `producer`, whose edges are complete, when each leads to a producer checked before
    /// and found acyclic (see `reachThroughCheckedEdges`). Done as each producer of a new graph is
    /// finished, it leaves root checks nothing to walk. Not in a `RequestScope`'s container, whose
    /// root check also looks for kept objects that reach the request.
    func checkWhenEdgesAreChecked(_ producer: AnyProducer) {
        guard producer.rootCheck == nil, producer.registry === registry, !registry.settings.bindsRequest,
            let reach = reachThroughCheckedEdges(of: producer)
        else { return }
        producer.rootCheck = RootCheck(slotCapacity: reach, isAcyclic: true)
    }

    /// What the walk from `root` would find when each edge leads to a producer checked before and
    /// found acyclic: no cycle, and the distinct targets' reach plus one. Nil when the walk must
    /// run (which allocates its tables even for the many roots that lead straight to checked ones).
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

    /// A producer being walked: how far through its edges the walk is, and its reach so far.
    private struct Frame {
        let producer: AnyProducer
        var nextEdge = 0
        var reach = 1
        let reachedBefore: Int
    }

    /// Walks `root`'s static graph depth first, with a stack of its own (no recursion); returns how
    /// many producers it reaches (at most all reached so far, as shared ones may be counted on
    /// several branches). While a frame's target is walked, the hop to it stays on `walk.hops`.
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
                if !closes(through: Array(cycle), closingEdge: edge) {
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

    /// Marks `producer` as on the walk's path and returns its frame.
    private func enter(_ producer: AnyProducer, _ walk: inout Walk) -> Frame {
        walk.visits[ObjectIdentifier(producer)] = .onPath(walk.hops.count)
        walk.reached += 1
        return Frame(producer: producer, reachedBefore: walk.reached)
    }

    /// The next edge of `frame`'s producer that a resolve follows at once (deferred edges take no
    /// part in a cycle), advancing past it. With `endlessOnly`, only edges to producers that do not
    /// record early, and no property waiting for a running factory: going round stops there, so it
    /// hides no endless cycle, and walking it could mark what lies beyond finished too soon.
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

    /// Whether a resolve that meets `cycle.first` again through `closingEdge`, after going round
    /// `cycle`, stops.
    ///
    /// Going round from the producer met again: an object recorded before it is filled (an
    /// autowired class outside `.transient`) ends the cycle; a running factory outside `.transient`
    /// cannot be entered again, unless met through a property, then written when it returns;
    /// transient producers and aliases are entered again, so the cycle goes on.
    private func closes(through cycle: [Hop], closingEdge: Edge) -> Bool {
        for (index, hop) in cycle.enumerated() {
            let producer = hop.producer
            if producer.registersEarly { return true }
            if producer.isFactory, producer.scope != .transient {
                return wayIn(to: index, of: cycle, closingEdge: closingEdge).waitsForRunningFactory
            }
        }
        return false
    }

    /// The edge by which going round `cycle` meets `cycle[index]` again: the edge before it, or,
    /// when aliases lead into it (which only hand on its value), the edge into the first of them
    /// (going back past the cycle's start to the closing edge and before, as the resolve went round).
    private func wayIn(to index: Int, of cycle: [Hop], closingEdge: Edge) -> Edge {
        func before(_ position: Int) -> Int { position == 0 ? cycle.count - 1 : position - 1 }
        var position = before(index)
        var passed = 0
        while cycle[position].producer is any ForwardingProducer, passed < cycle.count - 1 {
            position = before(position)
            passed += 1
        }
        // The hop before the first is the closing one: its edge is `closingEdge`.
        return position == cycle.count - 1 ? closingEdge : cycle[position].edge
    }

    /// A cycle of producers that never record an instance early (transient classes, aliases,
    /// factories) goes round forever wherever it is entered, even when the first walk reached it
    /// through a shared object and so never saw it as a cycle (a resolve would overflow the stack).
    private func findEndlessCycles(_ walk: inout Walk) {
        var visits = IdentityTable<Visit>()
        var hops: [Hop] = []
        // Nearest the root first, so that a cycle is named from where a resolve enters it.
        for (start, _) in walk.finished.reversed() where !start.registersEarly && visits[ObjectIdentifier(start)] == nil
        {
            visitEndless(start, visits: &visits, hops: &hops, &walk)
        }
    }

    /// Walks, depth first and without recursing, the edges between producers that never record
    /// early, from `start`, reporting each cycle met.
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
                if !closes(through: Array(hops[start...]), closingEdge: edge) {
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

    /// The producers of `cycle` (which does not close entered at its first producer) where a
    /// resolve entering it goes round and stops.
    ///
    /// Those are exactly the producers that stop a resolve coming back to them (recorded early, or
    /// a shared factory met again through a property, which waits), as `closes` decides: one look
    /// at each, rather than `closes` for each turn of the cycle (quadratic in its length).
    private func entriesWhereItCloses(_ cycle: [Hop]) -> [AnyProducer] {
        guard let closingEdge = cycle.last?.edge else { return [] }
        return cycle.indices.compactMap { index in
            let producer = cycle[index].producer
            if producer.registersEarly { return producer }
            guard producer.isFactory, producer.scope != .transient else { return nil }
            return wayIn(to: index, of: cycle, closingEdge: closingEdge).waitsForRunningFactory ? producer : nil
        }
    }

    /// The hops by which the walk first reached `producer` from its root.
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
