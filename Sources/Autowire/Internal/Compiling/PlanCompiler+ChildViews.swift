/// Children resolve in their own view (DESIGN.md, "Composition"): how a key an ancestor binds is
/// compiled in a child, and the collections that gather contributions across containers.
extension PlanCompiler {
    /// The producer of `key`, bound by an ancestor, as this container sees it: the ancestor's own if it keeps
    /// instances or reaches (or found absent) none of this container's keys; else compiled here, so that what
    /// it reaches sees this container's bindings and a `.graph` object is one per key per resolve.
    func inheritedProducer(for key: BindingKey, from parent: Registry, register: Bool) -> AnyProducer? {
        let inherited: AnyProducer
        do {
            inherited = try parent.producer(for: key)
        } catch {
            for diagnostic in error.diagnostics { report(diagnostic.prefixedPath(path)) }
            return nil
        }
        // An offer made to this container must not reach the parent or its other children.
        if let offered = inherited as? any OfferedSlot {
            let slot = offered.slot(for: registry)
            if register { self.register(slot) }
            return slot
        }
        if inherited.keepsInstances { return inherited }
        if registry.sharesParentPlans,
            parent.sharedProducer(for: key, unlessReaching: registry.keysBound(below: parent)) != nil
        {
            return inherited
        }
        guard let owner = parent.nearestRegistry(binding: key) else { return inherited }
        if let declaration = owner.bindings[key] { return declaration.compile(self, register) }
        if let contributions = owner.contributions[key] {
            return compileCollection(
                key, contributions, inheritingFrom: owner.parent, keptBy: owner, register: register)
        }
        return inherited
    }

    /// Makes handles contributed to `inherited` (an ancestor's collection compiled here, which no table holds)
    /// find themselves through edge `index` of the collection that adds to it, registered under the key.
    private func reroute(handlesContributedTo inherited: AnyProducer, through index: Int) {
        guard inherited.registry === registry else { return }  // the ancestor's own: found there
        var pending = [inherited]
        while let collection = pending.popLast() {
            for edge in collection.compiledEdges {
                if let handle = edge.target as? any HandleProducer, let contributed = handle.contributed,
                    contributed.collection == inherited.key
                {
                    handle.contributed = (contributed.collection, [index] + contributed.edges)
                } else if edge.target.key == inherited.key, edge.target.registry === registry, edge.label.isEmpty {
                    pending.append(edge.target)
                }
            }
        }
    }

    /// Compiles a collection from `contributions`, added to `ancestor`'s (the parent's, for this container's
    /// own) unless one is written with `override`. Elements `owner`, an ancestor, keeps are those it compiled.
    func compileCollection(
        _ key: BindingKey, _ contributions: [BindingDeclaration], inheritingFrom ancestor: Registry?,
        keptBy owner: Registry? = nil, register: Bool = true
    ) -> AnyProducer? {
        guard let first = contributions.first?.contribution else { return nil }
        let collection = first.makeCollection(key, contributions.map(\.location), registry)
        if register { self.register(collection) }
        var seenKeys: [AnyHashable: SourceLocation] = [:]
        if !contributions.contains(where: \.isOverride), let ancestor, ancestor.provides(key) {
            if let inherited = inheritedProducer(for: key, from: ancestor, register: false),
                first.inherit(collection, inherited)
            {
                let edgeIndex = collection.appendEdge(
                    Edge(label: "", location: nil, target: inherited, isDeferred: false))
                reroute(handlesContributedTo: inherited, through: edgeIndex)
            }
            seenKeys = ancestor.dictionaryKeys(of: key)
        }
        for (index, declaration) in contributions.enumerated() {
            guard let contribution = declaration.contribution else { continue }
            let label = contribution.dictionaryKey.map { "[\(String(reflecting: $0.base))]" } ?? "[\(index)]"
            if let dictionaryKey = contribution.dictionaryKey {
                if let earlier = seenKeys[dictionaryKey] {
                    report(.duplicateDictionaryKey(key, entry: label, first: earlier, second: declaration.location))
                    continue
                }
                seenKeys[dictionaryKey] = declaration.location
            }
            pushPath(.text { "\(key.description)\(label)" })
            defer { popPath() }
            let element =
                owner.flatMap { Self.keptElement(label, of: key, declaredBy: declaration, in: $0) }
                ?? declaration.compile(self, false)
            if contribution.append(collection, element, contribution.dictionaryKey) {
                let edgeIndex = collection.appendEdge(
                    Edge(label: label, location: declaration.location, target: element, isDeferred: false))
                // A handle bound under no key of its own finds its producer through this edge.
                if let handle = element as? any HandleProducer {
                    handle.contributed = (key, [edgeIndex])
                }
            }
        }
        return collection
    }

    /// `owner`'s own element under `label`, when `declaration` keeps instances (they belong to the container
    /// that binds them); nil when `owner`'s collection does not compile, which compiling here then reports.
    static func keptElement(
        _ label: String, of key: BindingKey, declaredBy declaration: BindingDeclaration, in owner: Registry
    ) -> AnyProducer? {
        guard declaration.explicitScope?.keepsInstances == true,
            let collection = try? owner.producer(for: key)
        else { return nil }
        return collection.compiledEdges.first { $0.label == label }?.target
    }
}
