/// Creation locks shared by singletons that need each other.
///
/// Singletons whose static dependencies form a cycle must be created by one thread: two threads
/// each holding one of them would wait for each other forever. So, once a compilation is complete,
/// the new producers are split into strongly connected groups (Tarjan's algorithm, iteratively, so
/// depth costs no stack), and the singletons of each group get one lock. Edges between groups only
/// lead to groups compiled no later, so threads creating along static edges take locks in one order.
extension PlanCompiler {
    func groupCreationLocks() {
        // Read in place, with no list of the new producers made: filtering into one costs a
        // generic append per producer.
        func isNew(_ producer: AnyProducer) -> Bool {
            !producer.isGroupedForCreation && producer.registry === registry
        }
        // A group never reaches producers compiled before (theirs were published with edges to
        // what existed then), so the walk is skipped with fewer than two new singletons, or when
        // the cycle check (which follows every edge this walk would) found no cycle below them:
        // every group is then one producer. The last grouping grouped every producer registered
        // before it: a compiler that finishes many times (validation compiles each probe apart)
        // reads only the new ones.
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

    /// Visits everything `root` reaches in `registry` that is not grouped yet, marking each group
    /// grouped as it is completed; calls `found` with each group of more than one producer (most
    /// are one, and casting each member to find its singletons costs a conformance lookup).
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
