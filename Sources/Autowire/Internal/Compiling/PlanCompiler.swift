import Synchronization

/// Turns bindings and `Injectable` declarations into producers: looks up each dependency once, links steps
/// to their producers directly, and collects every problem rather than stopping at the first. Runs under the
/// registry's table lock; its tables, path and stack of fills are `CompilerStorage`'s.
final class PlanCompiler: CompilerStorage {
    let registry: Registry
    private(set) var problems: [Diagnostic] = []
    /// In order: creation locks are grouped over these, not the whole `table`, however few a compilation adds.
    private(set) var registered: [AnyProducer] = []
    /// How many of `registered` the last `groupCreationLocks` grouped.
    var groupedCount = 0
    /// Roots of later resolves (behind a `Provider` or `Lazy`): checked by `finish()`, once edges are complete.
    private var scheduledRoots: [AnyProducer] = []
    /// Cycles already reported, as their producers: one reached from many roots is reported once.
    var reportedCycles: Set<Set<ObjectIdentifier>> = []
    /// Whether a root entering a cycle where it cannot close, which closes entered elsewhere, is left unchecked
    /// rather than reported: cycles are judged per entry, so the build leaves it to a resolve or `validate`.
    var defersEntryDependentCycles = false
    /// The class an `AssistedFactory` creates, whose `.assisted` properties may be filled, and its seed type.
    var assistedTarget: (type: ObjectIdentifier, seed: Any.Type)?
    /// Once set, the rest is left uncompiled and unreported: one `resolution-too-deep` problem says why.
    private(set) var ranOutOfStack = false
    private let stack = StackBounds.current
    /// The user member being read (`dependencies`, `scope`): user code that may call back into the container.
    var readingMember: (type: Any.Type, name: String)?
    /// The object being injected: its untagged key, and a producer giving it to its graph if nothing else does.
    var injectedObject: (key: BindingKey, make: () -> AnyProducer)?

    var path: [String] { lazyPath?.components ?? [] }

    func pushPath(_ label: PathComponent.Label) { lazyPath = PathComponent(label, after: lazyPath) }

    func popPath() { lazyPath = lazyPath?.parent }

    init(registry: Registry, table: [BindingKey: AnyProducer], reservingRoomFor count: Int = 0) {
        self.registry = registry
        super.init(committed: table, reservingRoomFor: count)
        // One allocation rather than one per doubling.
        if count > 0 { registered.reserveCapacity(count) }
        registry.compilations.add(1, ordering: .relaxed)
    }

    func report(_ diagnostic: Diagnostic) { problems.append(diagnostic) }

    func register(_ producer: AnyProducer) {
        insertCompiled(producer)
        registered.append(producer)
    }

    func scheduleRootCheck(_ producer: AnyProducer) { scheduledRoots.append(producer) }

    /// Runs the scheduled root checks; call once before committing. A `Provider`'s or `Lazy`'s target is
    /// entered only by `get()`: a cycle that cannot close there fails that call, not the compilation.
    func finish() {
        let defers = defersEntryDependentCycles
        defersEntryDependentCycles = true
        while let root = scheduledRoots.popLast() { checkRoot(root) }
        defersEntryDependentCycles = defers
        groupCreationLocks()
    }

    /// Compiles `key` and all it reaches if needed; nil when nothing can provide it.
    func producer(for key: BindingKey) -> AnyProducer? {
        let base = pendingFillsDepth
        let producer = producerLeavingFills(for: key)
        compileFills(above: base)
        return producer
    }

    /// Leaves the fills of classes it autowires on `pendingFills`, each registered first so a cycle finds it.
    private func producerLeavingFills(for key: BindingKey) -> AnyProducer? {
        if let existing = producer(registeredFor: key) { return existing }
        guard !ranOutOfStack else { return nil }
        // What is left recurses once per binding, factory parameter or `Provider` on the way
        // (plain autowired chains do not): stop with an error before the stack runs out.
        if stack.isExhausted() {
            ranOutOfStack = true
            report(.resolutionTooDeep(stackSize: stack.size, path: path + [key.description]))
            return nil
        }
        if let declaration = registry.bindings[key] { return declaration.compile(self, true) }
        if let contributions = registry.contributions[key] {
            return compileCollection(key, contributions, inheritingFrom: registry.parent)
        }
        if let parent = registry.parent, parent.provides(key) {
            return inheritedProducer(for: key, from: parent, register: true)
        }
        // Nothing binds `key`: a parent that can make it without this container's bindings shares its producer.
        if registry.sharesParentPlans, let parent = registry.parent,
            let shared = parent.sharedProducer(for: key, unlessReaching: registry.ownKeys)
        {
            return shared
        }
        let kind = UnboundKind.of(key.type)
        if case .collection(let collection) = kind {
            let empty = collection.emptyProducer(key: key, registry: registry)
            register(empty)
            return empty
        }
        guard key.tag == nil else { return nil }
        switch kind {
        case .collection:
            return nil
        case .synthesized(let synthesized):
            guard let producer = synthesized.synthesize(key, in: self) else { return nil }
            // Met again while synthesizing (an `AssistedFactory<Seed, Node>` that `Node` itself
            // depends on): keep the producer registered then, which the inner use links to.
            if let registered = self.producer(registeredFor: key) { return registered }
            register(producer)
            return producer
        case .constructed(let constructed):
            return construct(constructed, key: key)
        case .injectable(let injectable):
            return autowireLeavingFills(injectable, key: key)
        case .none:
            return injectedObjectProducer(for: key)
        }
    }

    /// Autowires an opened `any Injectable.Type` in its own scope, leaving its fills on `pendingFills`.
    private func autowireLeavingFills<X: Injectable>(_ type: X.Type, key: BindingKey) -> AnyProducer {
        let scope = reading("scope", of: type) { type.scope }
        let made = AutowiredClass.of(type, declaring: scope).producer(key: key, scope: scope, registry: registry)
        let (producer, plan) = made ?? autowiredProducer(type, as: X.self, key: key, scope: scope, origin: .autowired)
        register(producer)
        pushFills(fills(of: type, into: plan, edgesOf: producer))
        return producer
    }

    func autowiredProducer<X: Injectable, T>(
        _ type: X.Type, as provided: T.Type, key: BindingKey, scope: Scope, origin: Origin,
        conversion: ImplementationConversion? = nil
    ) -> (Producer<T>, InjectionPlan) {
        let plan = InjectionPlan()
        let location = origin.location
        let boxing =
            T.self is AnyClass ? nil : AliasConversion<T, X>(key: key, location: location, specialized: conversion)
        let recipe = Recipe<T>(autowired: type, filledBy: plan, boxing: boxing)
        return (makeScoped(key: key, scope: scope, origin: origin, recipe: recipe), plan)
    }

    /// Compiles the fills of `type` (its dynamic metatype: subclass lists are used) and of all they autowire.
    func compileSteps<X: PropertyInjectable>(of type: X.Type, into plan: InjectionPlan, edgesOf producer: AnyProducer) {
        let base = pendingFillsDepth
        pushFills(fills(of: type, into: plan, edgesOf: producer))
        compileFills(above: base)
    }

    /// `type`'s declared fills, still to compile, for `pendingFills`; sets up what its plan checks at run time.
    private func fills<X: PropertyInjectable>(of type: X.Type, into plan: InjectionPlan, edgesOf producer: AnyProducer)
        -> PendingFills.Entry
    {
        if MainActorIsolation.isMainActorIsolated(type) { plan.mainActor = (type, MainActorThread()) }
        // Read once: a computed `dependencies` may build its list on every call. Entries lose their root type
        // at once: generic code on a `Dependency<Root>` looks up its metadata at every turn.
        let dependencies = withoutRepeats(
            reading("dependencies", of: type) { DeclaredDependency.all(type.dependencies) })
        plan.reserveCapacity(dependencies.count)
        if dependencies.count > 1 { producer.reserveEdgeCapacity(dependencies.count) }
        plan.prepare(type: type, dependencies: dependencies, registry: registry)
        plan.hook = InjectionHook.of(type)
        return PendingFills.Entry(dependencies, of: type, into: plan, edgesOf: producer, path: lazyPath)
    }

    /// Drops entries written again (a copy-pasted `.inject(\.x)`), so that a property is filled and reported
    /// once. Compared pairwise, key first, with no set: hashing a key path walks its components.
    private func withoutRepeats(_ dependencies: [DeclaredDependency]) -> [DeclaredDependency] {
        guard dependencies.count > 1 else { return dependencies }
        func repeatsAnEarlierEntry(_ index: Int) -> Bool {
            let requirement = dependencies[index].requirement
            func sameKey(_ earlier: DeclaredDependency) -> Bool { earlier.requirement.key == requirement.key }
            // Key paths only for an entry whose key was met before: reading one is a dynamic cast.
            guard dependencies[..<index].contains(where: sameKey), let keyPath = requirement.anyKeyPath else {
                return false
            }
            return dependencies[..<index].contains { earlier in
                sameKey(earlier) && earlier.requirement.anyKeyPath == keyPath
            }
        }
        guard dependencies.indices.contains(where: repeatsAnEarlierEntry) else { return dependencies }
        return dependencies.indices.filter { !repeatsAnEarlierEntry($0) }.map { dependencies[$0] }
    }

    /// Compiles the fills above `base`, always the innermost class's next: a depth-first recursion's order,
    /// paths and problems, with the stack on the heap (a class met uncompiled pushes its fills, done next).
    private func compileFills(above base: Int) {
        let outerPath = lazyPath
        defer { lazyPath = outerPath }
        while let step = nextFill(above: base) {
            switch step {
            case .fill(let fills, let index):
                lazyPath = fills.path
                fills.compile(index, self)
            case .finished(let producer):
                checkWhenEdgesAreChecked(producer)
            }
        }
    }

    /// Compiles one fill into `plan`; a class it autowires leaves its own fills on `pendingFills`.
    func compileFill(
        _ dependency: DeclaredDependency, of type: AnyObject.Type, into plan: InjectionPlan,
        edgesOf producer: AnyProducer
    ) {
        let requirement = dependency.requirement
        if requirement.isNotInjected { return }
        guard requirement.applies(to: type) else {
            report(.misdeclared(requirement, injecting: type))
            return
        }
        pushPath(.property(of: type, requirement))
        defer { popPath() }
        if requirement.isAssisted {
            guard let assistedTarget, assistedTarget.type == ObjectIdentifier(type) else {
                report(.assistedOutsideFactory(requirement, owner: type, path: path))
                return
            }
            guard ObjectIdentifier(assistedTarget.seed) == ObjectIdentifier(requirement.key.type) else {
                report(.assistedSeedMismatch(requirement, owner: type, seed: assistedTarget.seed, path: path))
                return
            }
        }
        guard let target = producerLeavingFills(for: requirement.key) else {
            if requirement.isOptional { producer.addAbsentKeys(Self.keysLookedFor(requirement.key)) }
            if !requirement.isOptional, !ranOutOfStack {
                report(
                    .missingBinding(
                        requirement.key, location: requirement.location, path: path + [requirement.key.description],
                        propertyHint: requirement.knownPropertyName, requestScope: registry.settings.request))
            }
            return
        }
        guard let step = dependency.makeStep(target) else {
            report(.internalInconsistency("the producer for \(requirement.key) has another type"))
            return
        }
        plan.append(step)
        if requirement.requiresMainActor, plan.mainActor == nil { plan.mainActor = (type, MainActorThread()) }
        producer.appendEdge(
            Edge(
                label: requirement.propertyName, location: requirement.location, target: target, isDeferred: false,
                isPropertyFill: true))
    }

    /// `key` and, for a `Provider`, `Lazy`, `Tagged` or optional of something, the keys looked
    /// for to synthesize it: what an absent optional dependency found missing.
    static func keysLookedFor(_ key: BindingKey) -> [BindingKey] {
        var keys = [key]
        var last = key
        while last.tag == nil, case .synthesized(let synthesized) = UnboundKind.of(last.type) {
            last = synthesized.underlyingKey
            keys.append(last)
        }
        return keys
    }

}

extension Diagnostic {
    /// The same diagnostic reached through `prefix` first.
    func prefixedPath(_ prefix: [String]) -> Diagnostic {
        prefix.reversed().reduce(self) { $0.prependingPath($1) }
    }
}
