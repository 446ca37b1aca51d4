/// The first time a producer serves a top-level request, its reachable graph is walked once: to
/// find cycles that can never close (reported with their whole path) and to size the table a
/// resolve starting there needs.
extension PlanCompiler {
    private enum Visit {
        case onPath(Int)
        case done
    }

    private struct Hop {
        let producer: AnyProducer
        let edge: Edge
    }

    func checkRoot(_ root: AnyProducer) {
        // A producer is written only under its own registry's lock; an ancestor's producer is
        // checked when the ancestor resolves it, and until then a resolve sizes its table itself.
        guard root.rootCheck == nil, root.registry === registry else { return }
        var visits: [ObjectIdentifier: Visit] = [:]
        var hops: [Hop] = []
        let problemsBefore = problems.count
        visit(root, visits: &visits, hops: &hops)
        if problems.count == problemsBefore {
            root.rootCheck = RootCheck(slotCapacity: visits.count)
        }
    }

    private func visit(_ producer: AnyProducer, visits: inout [ObjectIdentifier: Visit], hops: inout [Hop]) {
        visits[ObjectIdentifier(producer)] = .onPath(hops.count)
        for edge in producer.edges where !edge.isDeferred {
            let target = edge.target
            hops.append(Hop(producer: producer, edge: edge))
            defer { hops.removeLast() }
            switch visits[ObjectIdentifier(target)] {
            case nil:
                visit(target, visits: &visits, hops: &hops)
            case .onPath(let start):
                let cycle = hops[start...]
                if !closes(at: target, through: cycle.map(\.producer)) {
                    report(
                        .unclosableCycle(
                            cycle.map(render) + [target.key.description], location: edge.location,
                            path: hops.map(render) + [target.key.description]))
                }
            case .done:
                break
            }
        }
        visits[ObjectIdentifier(producer)] = .done
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
