/// Singletons whose static dependencies form a cycle share one creation lock: two threads each holding one
/// would wait for each other forever. A compilation's new producers are split into strongly connected groups
/// (iterative Tarjan); edges between groups lead only to groups compiled no later, so locks go in one order.
extension PlanCompiler {
    func groupCreationLocks() {
        // Filtered in place: making a list of the new producers costs a generic append each.
        func isNew(_ producer: AnyProducer) -> Bool {
            !producer.isGroupedForCreation && producer.registry === registry
        }
        // A group never reaches producers compiled before (published with edges to what existed then), so the
        // walk is skipped with fewer than two new singletons, or when the cycle check found none below them.
        // Only producers registered since the last grouping are read: validation finishes a compiler per probe.
        let registered = self.registered[groupedCount...]
        defer { groupedCount = self.registered.count }
        var newSingletons = 0
        var mayBeInACycle = false
        for producer in registered where isNew(producer) {
            if producer.isSingletonProducer { newSingletons += 1 }
            if producer.rootCheck?.isAcyclic != true { mayBeInACycle = true }
        }
        guard newSingletons > 1, mayBeInACycle else {
            for producer in registered where isNew(producer) { producer.isGroupedForCreation = true }
            return
        }
        var tarjan = Tarjan()
        for producer in registered where isNew(producer) {
            tarjan.visit(producer, in: registry) { group in
                let singletons = group.compactMap { $0 as? any SingletonCreation }
                guard singletons.count > 1, let first = singletons.first else { return }
                let shared = CreationLock(subject: first.key)
                for singleton in singletons { singleton.creationLock = shared }
            }
        }
    }
}

/// Gives a singleton producer's creation lock without its value type.
protocol SingletonCreation: AnyProducer {
    var creationLock: CreationLock { get set }
}

extension SingletonProducer: SingletonCreation {}

/// Tarjan's strongly connected components over producers not grouped yet, with an explicit stack.
private struct Tarjan {
    private struct Entry {
        let producer: AnyProducer
        var nextEdge = 0
    }

    private var order = IdentityTable<Int>()
    private var lowLink = IdentityTable<Int>()
    private var onStack = IdentityTable<Void>()
    private var stack: [AnyProducer] = []
    /// The producers being walked, innermost last: empty between visits, kept for its capacity.
    private var path: [Entry] = []

    /// Groups everything `root` reaches in `registry` not grouped yet; calls `found` only for groups of more
    /// than one (most are one, and finding singletons costs a conformance lookup per member).
    mutating func visit(_ root: AnyProducer, in registry: Registry, found: ([AnyProducer]) -> Void) {
        guard order[ObjectIdentifier(root)] == nil else { return }
        path.append(Entry(producer: root))
        enter(root)
        while let top = path.last {
            let producer = top.producer
            let id = ObjectIdentifier(producer)
            if top.nextEdge < producer.edgeCount {
                let edge = producer.edge(at: top.nextEdge)
                path[path.count - 1].nextEdge += 1
                let target = edge.target
                let targetID = ObjectIdentifier(target)
                guard !edge.isDeferred, !target.isGroupedForCreation, target.registry === registry else {
                    continue
                }
                if let targetOrder = order[targetID] {
                    if onStack.contains(targetID), let low = lowLink[id] { lowLink[id] = min(low, targetOrder) }
                } else {
                    enter(target)
                    path.append(Entry(producer: target))
                }
                continue
            }
            path.removeLast()
            if let parent = path.last?.producer, let low = lowLink[id],
                let parentLow = lowLink[ObjectIdentifier(parent)]
            {
                lowLink[ObjectIdentifier(parent)] = min(parentLow, low)
            }
            guard lowLink[id] == order[id] else { continue }
            if stack.last === producer {
                // A group of one, as most are: no list to make.
                stack.removeLast()
                onStack.remove(id)
                producer.isGroupedForCreation = true
                continue
            }
            var group: [AnyProducer] = []
            while let member = stack.popLast() {
                onStack.remove(ObjectIdentifier(member))
                member.isGroupedForCreation = true
                group.append(member)
                if member === producer { break }
            }
            found(group)
        }
    }

    private mutating func enter(_ producer: AnyProducer) {
        let id = ObjectIdentifier(producer)
        order[id] = order.count
        lowLink[id] = order[id]
        onStack.insert(id)
        stack.append(producer)
    }
}
