/// A child's bindings against the instances its ancestors keep (DESIGN: kept instances belong to
/// the container that binds them).
extension Registry {
    /// An error for each binding, override or contribution of this child that an ancestor's kept instance
    /// (`.singleton`, `.weak` or custom scope, or a contribution in one) reaches or found absent: that
    /// instance is the ancestor's, made in its view, so the child's binding silently would not apply. A kept
    /// binding this child also overrides is its own, and fine.
    func overridesNotReachingKeptInstances() -> [Diagnostic] {
        var declared: [BindingKey: BindingDeclaration] = [:]
        for declaration in declarations where declared[declaration.providedKey] == nil {
            declared[declaration.providedKey] = declaration
        }
        guard !declared.isEmpty else { return [] }
        var problems: [Diagnostic] = []
        var seen: Set<BindingKey> = []
        for current in sequence(first: self, next: \.parent).dropFirst() {
            for declaration in current.declarations {
                for (kept, name) in Self.keptInstances(of: declaration, in: current, below: self, seen: &seen) {
                    for (key, path, absent) in Self.paths(from: kept, toAnyOf: declared) {
                        guard let binding = declared[key] else { continue }
                        problems.append(
                            .overrideNotReaching(
                                key, binding, absent: absent, kept: name, scope: kept.scope,
                                keptLocation: declaration.location, path: path))
                    }
                }
            }
        }
        return problems
    }

    /// The producers of `declaration`, made by `owner`, whose instances `owner` keeps, each with
    /// its name: the bound key's, unless `child` (or a container between) binds that key too; or,
    /// for a contribution in a scope that keeps instances, its element of the collection.
    private static func keptInstances(
        of declaration: BindingDeclaration, in owner: Registry, below child: Registry, seen: inout Set<BindingKey>
    ) -> [(AnyProducer, KeptName)] {
        guard declaration.isContribution else {
            guard child.bindings[declaration.key] == nil, seen.insert(declaration.key).inserted,
                let kept = try? owner.producer(for: declaration.key), kept.keepsInstances
            else { return [] }
            return [(kept, .binding(declaration.key))]
        }
        let key = declaration.providedKey
        guard declaration.explicitScope?.keepsInstances == true,
            let index = owner.contributions[key]?.firstIndex(where: { $0 === declaration }),
            let collection = try? owner.producer(for: key)
        else { return [] }
        let label = declaration.contribution?.dictionaryKey.map { "[\(String(reflecting: $0.base))]" } ?? "[\(index)]"
        guard let element = collection.compiledEdges.first(where: { $0.label == label })?.target else { return [] }
        return [(element, .element(key, label))]
    }

    /// The path from `root` to each key of `targets` its graph reaches, or found absent (then
    /// ending with that key), the shortest first found (breadth first, not following `Provider`s
    /// and `Lazy`s, which resolve in the child's view).
    private static func paths(
        from root: AnyProducer, toAnyOf targets: [BindingKey: BindingDeclaration]
    ) -> [(key: BindingKey, path: [String], absent: Bool)] {
        var cameFrom: [ObjectIdentifier: (producer: AnyProducer, edge: Edge)] = [:]
        var queue = [root]
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        var found: [(key: BindingKey, path: [String], absent: Bool)] = []
        var reported: Set<BindingKey> = []
        func path(to producer: AnyProducer) -> [String] {
            var path: [String] = []
            var current = producer
            while let step = cameFrom[ObjectIdentifier(current)] {
                path.append(EdgeLabel.pathComponent(step.edge, of: step.producer))
                current = step.producer
            }
            return path.reversed()
        }
        var index = 0
        while index < queue.count {
            let producer = queue[index]
            index += 1
            if producer !== root, targets[producer.key] != nil {
                if reported.insert(producer.key).inserted {
                    found.append((producer.key, path(to: producer) + [producer.key.description], false))
                }
                continue
            }
            for absent in producer.compiledAbsentKeys where targets[absent] != nil && reported.insert(absent).inserted {
                found.append((absent, path(to: producer) + [absent.description], true))
            }
            for edge in producer.compiledEdges
            where !edge.isDeferred && seen.insert(ObjectIdentifier(edge.target)).inserted {
                cameFrom[ObjectIdentifier(edge.target)] = (producer, edge)
                queue.append(edge.target)
            }
        }
        return found
    }
}

/// How an override-not-reaching diagnostic names the kept instance.
enum KeptName {
    case binding(BindingKey)
    /// The element a contribution in a kept scope adds to a collection (`label` is `[0]` or `[key]`).
    case element(BindingKey, String)
}
