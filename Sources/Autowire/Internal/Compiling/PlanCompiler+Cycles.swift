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
        let edge: Edge
    }

    /// One walk's bookkeeping.
    private struct Walk {
        var visits: [ObjectIdentifier: Visit] = [:]
        var hops: [Hop] = []
        /// Producers finished in this walk, with their reach.
        var finished: [(producer: AnyProducer, reach: Int)] = []
        /// Whether any edge led back onto the current path.
        var sawCycle = false
        /// Producers reached so far, counting those of skipped checked subgraphs.
        var reached = 0
    }

    func checkRoot(_ root: AnyProducer) {
        // A producer is written only under its own registry's lock; an ancestor's producer is
        // checked when the ancestor resolves it, and until then a resolve sizes its table itself.
        guard root.rootCheck == nil, root.registry === registry else { return }
        var walk = Walk()
        let problemsBefore = problems.count
        let reach = visit(root, &walk)
        guard problems.count == problemsBefore else { return }
        root.rootCheck = RootCheck(slotCapacity: reach, isAcyclic: !walk.sawCycle)
        // With no cycle below the root, every producer reached was checked too: marking them lets
        // later walks (other roots, validation probes) stop there instead of walking the same
        // subgraph again, which made checking a chain of n classes from each of them O(n²).
        guard !walk.sawCycle else { return }
        for (producer, reach) in walk.finished where producer.rootCheck == nil && producer.registry === registry {
            producer.rootCheck = RootCheck(slotCapacity: reach, isAcyclic: true)
        }
    }

    /// Walks `producer`'s static graph; returns how many producers it reaches (at most all reached
    /// so far, as shared ones may be counted on several branches).
    private func visit(_ producer: AnyProducer, _ walk: inout Walk) -> Int {
        walk.visits[ObjectIdentifier(producer)] = .onPath(walk.hops.count)
        walk.reached += 1
        let reachedBefore = walk.reached
        var reach = 1
        for edge in producer.edges where !edge.isDeferred {
            let target = edge.target
            walk.hops.append(Hop(producer: producer, edge: edge))
            defer { walk.hops.removeLast() }
            switch walk.visits[ObjectIdentifier(target)] {
            case nil:
                if let check = target.rootCheck, check.isAcyclic {
                    // Checked before and acyclic: it cannot lead back onto this path.
                    walk.visits[ObjectIdentifier(target)] = .done(reach: check.slotCapacity)
                    walk.reached += check.slotCapacity
                    reach += check.slotCapacity
                } else {
                    reach += visit(target, &walk)
                }
            case .onPath(let start):
                walk.sawCycle = true
                let cycle = walk.hops[start...]
                if !closes(at: target, through: cycle.map(\.producer)) {
                    report(
                        .unclosableCycle(
                            cycle.map(render) + [target.key.description], location: edge.location,
                            path: walk.hops.map(render) + [target.key.description]))
                }
            case .done(let targetReach):
                reach += targetReach
            }
        }
        reach = min(reach, walk.reached - reachedBefore + 1)
        walk.visits[ObjectIdentifier(producer)] = .done(reach: reach)
        walk.finished.append((producer, reach))
        return reach
    }

    /// A cycle closes when the object met again is already recorded (an autowired class outside
    /// `.transient`), or when a transient one (or an alias, which only forwards) is met again after
    /// some object on the way was recorded, so that the next round stops there.
    private func closes(at target: AnyProducer, through cycle: [AnyProducer]) -> Bool {
        if target.registersEarly { return true }
        guard target.scope == .transient || target is any ForwardingProducer else { return false }
        return cycle.contains { $0.registersEarly }
    }

    private func render(_ hop: Hop) -> String {
        hop.edge.label.isEmpty ? hop.producer.key.description : "\(hop.producer.key.typeName).\(hop.edge.label)"
    }
}
