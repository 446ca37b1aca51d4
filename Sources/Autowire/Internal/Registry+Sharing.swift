/// What a child container takes from its ancestors as they compiled it, and what it must compile
/// in its own view (DESIGN.md, "Composition"; see `PlanCompiler+ChildViews.swift`).
extension Registry {
    /// The nearest ancestor-or-self registry that binds or contributes to `key`.
    func nearestRegistry(binding key: BindingKey) -> Registry? {
        sequence(first: self, next: \.parent).first { $0.bindings[key] != nil || $0.contributions[key] != nil }
    }

    /// The keys bound or contributed to by this registry and its ancestors below `ancestor`: what
    /// a producer of `ancestor` must not reach to be used here as it is.
    func keysBound(below ancestor: Registry) -> Set<BindingKey> {
        guard let parent, parent !== ancestor else { return ownKeys }
        return sequence(first: parent, next: \.parent).lazy.prefix { $0 !== ancestor }
            .reduce(into: ownKeys) { $0.formUnion($1.ownKeys) }
    }

    /// Whether a producer can be shared with children.
    enum Sharing {
        /// Shared with each child binding none of `reaching` (keys its graph reaches or found absent); if
        /// `reachesUnseen` (a closure factory's: its reach is unknown), only with a child binding nothing.
        case shared(AnyProducer, reaching: Set<BindingKey>, reachesUnseen: Bool)
        /// Never shared: it does not compile here, or it reaches an offered instance, which each
        /// container offers for itself.
        case unsharable
    }

    /// This registry's producer for `key`, which nothing binds, when its graph reaches none of `childKeys`:
    /// a child uses it instead of compiling `key` again, sharing this registry's plans and singletons (an
    /// autowired singleton belongs to the outermost container that can provide all its dependencies). Nil
    /// when the child must compile `key` itself, or a lock fails: compiling in the child is always correct.
    func sharedProducer(for key: BindingKey, unlessReaching childKeys: Set<BindingKey>) -> AnyProducer? {
        if PlanCompiler.compiling(self) != nil { return nil }
        var known = try? table.read { _ in sharing[key] }
        if known == nil {
            let found: Sharing
            if let producer = try? producer(for: key), let reach = Self.reach(of: producer) {
                found = .shared(producer, reaching: reach.keys, reachesUnseen: reach.unseen)
            } else {
                found = .unsharable
            }
            _ = try? table.write { _ in sharing[key] = found }
            known = found
        }
        guard case .shared(let producer, let reached, let unseen)? = known,
            unseen ? childKeys.isEmpty : reached.isDisjoint(with: childKeys)
        else { return nil }
        return producer
    }

    /// The keys of every producer `root`'s static graph reaches, itself included, and the keys
    /// it looked for and found absent; `unseen` when it reaches a closure factory, which resolves
    /// what it likes. Nil when it reaches an offered instance (see `Sharing.unsharable`).
    private static func reach(of root: AnyProducer) -> (keys: Set<BindingKey>, unseen: Bool)? {
        var keys: Set<BindingKey> = [root.key]
        var unseen = false
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        var pending = [root]
        while let producer = pending.popLast() {
            if producer is any OfferedSlot { return nil }
            if case .closure = producer.origin { unseen = true }
            keys.formUnion(producer.compiledAbsentKeys)
            for edge in producer.compiledEdges where seen.insert(ObjectIdentifier(edge.target)).inserted {
                keys.insert(edge.target.key)
                pending.append(edge.target)
            }
        }
        return (keys, unseen)
    }
}
