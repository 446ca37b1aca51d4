/// A child's overrides against the instances its ancestors keep (DESIGN: kept instances belong to
/// the container that binds them).
extension Registry {
    /// An error for each override of this child that an ancestor's kept binding (`.singleton`,
    /// `.weak`, a custom scope) reaches: that instance is the ancestor's, made with the ancestor's
    /// binding, so the override silently would not apply to it. A kept binding this child overrides
    /// too is its own, and fine.
    func overridesNotReachingKeptInstances() -> [Diagnostic] {
        let overrides = declarations.filter { $0.isOverride && !$0.isContribution }
        guard !overrides.isEmpty else { return [] }
        let overridden = Dictionary(overrides.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        var problems: [Diagnostic] = []
        var seen: Set<BindingKey> = []
        var ancestor = parent
        while let current = ancestor {
            for declaration in current.declarations
            where !declaration.isContribution && bindings[declaration.key] == nil
                && seen.insert(declaration.key).inserted
            {
                guard let kept = try? current.producer(for: declaration.key), kept.keepsInstances else { continue }
                for (key, path) in Self.paths(from: kept, toAnyOf: overridden) {
                    guard let override = overridden[key] else { continue }
                    problems.append(
                        .overrideNotReaching(
                            key, location: override.location, kept: declaration.key, scope: kept.scope,
                            keptLocation: declaration.location, path: path))
                }
            }
            ancestor = current.parent
        }
        return problems
    }

    /// The path from `root` to each key of `targets` its graph reaches, the shortest first found
    /// (breadth first, not following `Provider`s and `Lazy`s, which resolve in the child's view).
    private static func paths(
        from root: AnyProducer, toAnyOf targets: [BindingKey: BindingDeclaration]
    ) -> [(BindingKey, [String])] {
        var cameFrom: [ObjectIdentifier: (producer: AnyProducer, edge: Edge)] = [:]
        var queue = [root]
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        var found: [(BindingKey, [String])] = []
        var index = 0
        while index < queue.count {
            let producer = queue[index]
            index += 1
            if producer !== root, targets[producer.key] != nil {
                var path = [producer.key.description]
                var current = producer
                while let step = cameFrom[ObjectIdentifier(current)] {
                    path.append(EdgeLabel.pathComponent(step.edge, of: step.producer))
                    current = step.producer
                }
                found.append((producer.key, path.reversed()))
                continue
            }
            for edge in producer.edges where !edge.isDeferred && seen.insert(ObjectIdentifier(edge.target)).inserted {
                cameFrom[ObjectIdentifier(edge.target)] = (producer, edge)
                queue.append(edge.target)
            }
        }
        return found
    }
}
