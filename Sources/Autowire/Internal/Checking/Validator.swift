/// Runs `validate`: compiles every binding and root in a registry of its own, walks the graph, probes each
/// reachable autowired class, runs the user's checks, and gathers one report. The registry is a copy, so
/// nothing validation compiles or creates (probe dependencies, singletons) reaches the validated container.
struct Validator {
    let registry: Registry
    let roots: [Any.Type]
    let checks: [any ValidationCheck]
    let injectingProbes: Bool

    func run(buildProblems: [Diagnostic]) -> ValidationReport {
        let bindingKeys = uniqueBindingKeys()
        // Compile under the lock, probe outside it: a probe's closure factory resolves through the registry.
        let compiler: PlanCompiler
        let snapshot: GraphSnapshot
        do {
            (compiler, snapshot) =
                try registry.withScratchCompiler { compiler in
                    func checked(_ producer: AnyProducer?) -> AnyProducer? {
                        if let producer { compiler.checkRoot(producer) }
                        return producer
                    }
                    let rootProducers = roots.compactMap { checked(rootProducer($0, compiler)) }
                    // Bindings are possible entries, as the build checks them; the roots named are
                    // the entries a resolve takes.
                    compiler.defersEntryDependentCycles = true
                    let bindingProducers = bindingKeys.compactMap { checked(compiler.producer(for: $0)) }
                    compiler.finish()
                    return (compiler, GraphSnapshot(roots: rootProducers, bindings: bindingProducers))
                }
        } catch {
            return ValidationReport(
                subject: subject, diagnostics: error.diagnostics + buildProblems, graph: .empty,
                bindingCount: bindingKeys.count)
        }
        var found = compiler.problems + buildProblems
        // Each probe and root is filled or resolved only when its own graph compiles cleanly (see
        // `CleanCompilation`). Past this thread's stack, filling would only meet the same depth.
        let clean =
            injectingProbes && !found.contains(where: { $0.code == .resolutionTooDeep })
            ? CleanCompilation(registry: registry, table: compiler.committedTable) : nil
        found += audit(snapshot, clean: clean)
        found += bypassedBindings(snapshot)
        // Resolving runs the user's code, as filling probes does: only when that is allowed.
        if let clean { found += resolvingRoots(snapshot, clean) }
        for check in checks { found += check.check(snapshot.graph) }
        let unique = deduplicated(found)
        return ValidationReport(
            subject: subject,
            diagnostics: unique.filter { $0.severity == .error } + unique.filter { $0.severity != .error },
            graph: snapshot.graph, bindingCount: bindingKeys.count)
    }

    private var subject: String { roots.isEmpty ? "the container" : roots.map(typeName).joined(separator: ", ") }

    /// Bound keys in declaration order, each once (a collection once for all its contributions).
    private func uniqueBindingKeys() -> [BindingKey] {
        var seen: Set<BindingKey> = []
        return registry.declarations.map(\.providedKey).filter { seen.insert($0).inserted }
    }

    /// Anything the container provides, or a `PropertyInjectable` type an injector fills.
    private func rootProducer(_ type: Any.Type, _ compiler: PlanCompiler) -> AnyProducer? {
        let key = BindingKey(type: type, tag: nil)
        if let producer = compiler.producer(for: key) { return producer }
        if let injectable = type as? any PropertyInjectable.Type { return compiler.injectionTarget(injectable) }
        compiler.report(.missingBinding(key, location: nil, path: [key.description], propertyHint: nil))
        return nil
    }

    /// Probes every autowired class the graph reaches, once each, then checks that bound
    /// implementations conform to what they are bound to.
    private func audit(_ snapshot: GraphSnapshot, clean: CleanCompilation?) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        // A class that could not be probed (main-actor isolated, validated elsewhere) maps to nil.
        var probes: [ObjectIdentifier: AnyObject?] = [:]
        // All probes are filled in one resolve, their plans compiled by one clean compilation, so what one
        // probe's injection created (a chain below it) serves the next: validating n classes stays linear.
        func probeAll(_ resolution: Resolution?) {
            probeEach(snapshot, clean: clean, resolution: resolution, probes: &probes, findings: &findings)
        }
        if clean != nil {
            _ = try? ResolveProgram.inResolution { probeAll($0) }
        } else {
            probeAll(nil)
        }
        for (node, producer) in snapshot.producers.enumerated() {
            guard case .implementation(let implementation, let location) = producer.origin,
                let probe = probes[ObjectIdentifier(implementation)] ?? nil,
                let typed = producer as? any ProvidedTypeCheck, !typed.accepts(probe)
            else { continue }
            findings.append(
                .nonConforming(
                    implementation: implementation, key: producer.key, location: location,
                    path: snapshot.graph.path(to: node)))
        }
        // Released root first: what a probe's fill made below it is also held by the next probe's, so each
        // release frees one object; another order could free a whole chain, deinit in deinit, past the stack.
        for producer in snapshot.producers {
            if let type = Self.injectableType(of: producer) { probes[ObjectIdentifier(type)] = nil }
        }
        return findings
    }

    private func probeEach(
        _ snapshot: GraphSnapshot, clean: CleanCompilation?, resolution: Resolution?,
        probes: inout [ObjectIdentifier: AnyObject?], findings: inout [Diagnostic]
    ) {
        var seen: Set<ObjectIdentifier> = []
        let probed: [(node: Int, type: any Injectable.Type)] = snapshot.producers.enumerated().compactMap {
            node, producer in
            Self.injectableType(of: producer).flatMap { seen.insert(ObjectIdentifier($0)).inserted ? (node, $0) : nil }
        }
        // Plans are compiled deepest first, so a class below is found clean or not before those reaching it
        // (a chain compiles once, broken or not); probes are then made and filled in the graph's order.
        var targets: [InjectionTargetProducer?] = Array(repeating: nil, count: probed.count)
        if let clean, resolution != nil {
            for (index, entry) in probed.enumerated().reversed() {
                let target = clean.compiled(reaching: snapshot.producers[entry.node]) {
                    $0.injectionTarget(entry.type)
                }
                // A graph that reads the object an injector fills (a presenter's view), or a
                // request scope's request, has none to read in a probe's fill: it stays unfilled.
                guard let target, !target.selfProducers.contains(where: { $0.key.isInjectedObject }),
                    !readsRequest(target)
                else { continue }
                targets[index] = target
            }
        }
        for (index, entry) in probed.enumerated() {
            // Built only if a finding needs it: building it for every probe makes a chain O(n²).
            let prefix = { Array(snapshot.graph.path(to: entry.node).dropLast()) }
            probes[ObjectIdentifier(entry.type)] = probe(
                entry.type, target: targets[index], pathPrefix: prefix, clean: clean, resolution: resolution,
                findings: &findings)
        }
    }

    /// Whether resolving `producer` needs a request scope's request, which validation has none of.
    func readsRequest(_ producer: AnyProducer) -> Bool {
        registry.settings.bindsRequest && producer.readsRequest
    }

    /// `diagnostics` without the request's absence: a closure factory reads the request only when it runs,
    /// and validation has none to give (a probe or root reaching it is left unfilled, not reported).
    func readable(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard let request = registry.settings.request else { return diagnostics }
        let absent = Diagnostic.requestUnavailable(request, location: nil).message
        return diagnostics.filter { $0.code != .requestUnavailable || $0.message != absent }
    }

    private static func injectableType(of producer: AnyProducer) -> (any Injectable.Type)? {
        switch producer.origin {
        // `.constructor`: a `ConstructorInjectable` class that is also `Injectable` (probed through its `init()`).
        case .autowired, .constructor: producer.key.type as? any Injectable.Type
        case .implementation(let implementation, _): implementation as? any Injectable.Type
        default: nil
        }
    }

    /// Creates one probe of `type` with `init()`, looks for forgotten dependencies, then (given `target`, the
    /// plan a `clean` compilation compiled with no problem) injects it and checks every required property was
    /// set. A main-actor class is probed only on the main actor, as its `init()` must not run elsewhere:
    /// there it is reported `main-actor-required`, and nil is returned.
    private func probe<X: Injectable>(
        _ type: X.Type, target: InjectionTargetProducer?, pathPrefix: () -> [String], clean: CleanCompilation?,
        resolution: Resolution?, findings: inout [Diagnostic]
    ) -> AnyObject? {
        let requirements = DeclaredDependency.all(X.dependencies).map { $0.requirement }.filter {
            $0.applies(to: X.self)
        }
        if MainActorIsolation.isMainActorIsolated(X.self) || requirements.contains(where: \.requiresMainActor),
            !MainActorThread().isCurrent
        {
            findings.append(Diagnostic.mainActorRequired(X.self).prefixedPath(pathPrefix()))
            return nil
        }
        let probe = X()
        let layout = MirrorAudit.layout(of: probe)
        let afterInit = MirrorAudit.nilStates(of: probe, in: layout)
        if !layout.isComplete {
            // Never guess: without a layout, no property can be said to be forgotten or unset.
            findings.append(
                .reflectionMetadataMissing(
                    owner: X.self, path: pathPrefix() + [typeName(X.self)],
                    namesOnly: FieldRecords.haveNoNames(in: X.self)))
        }

        var afterInjection: [Bool?]?
        var written: [AnyKeyPath: Int] = [:]
        // Whether the probe was filled (its plan compiled cleanly).
        var filled = false
        if let clean, let resolution, let target, !clean.isStopped {
            filled = true
            do {
                if FieldMatcher.isAmbiguous(requirements, in: layout) {
                    // Which field each step writes tells apart properties of one type.
                    var before = afterInit
                    try target.plan.fill(probe, in: resolution) { requirement in
                        let now = MirrorAudit.nilStates(of: probe, in: layout)
                        let changed = now.indices.filter { before[$0] == true && now[$0] == false }
                        if let keyPath = requirement.anyKeyPath, let only = changed.first, changed.count == 1 {
                            written[keyPath] = only
                        }
                        before = now
                    }
                } else {
                    try target.plan.fill(probe, in: resolution)
                }
                afterInjection = MirrorAudit.nilStates(of: probe, in: layout)
            } catch let error as ResolutionError {
                findings += readable(error.diagnostics).map { $0.prefixedPath(pathPrefix()) }
                // Past the thread's stack, filling other probes would only meet the same depth.
                if error.diagnostics.contains(where: { $0.code == .resolutionTooDeep }) { clean.isStopped = true }
                // Only the probe's own forgotten-dependency errors (one-step paths) mean all properties
                // were filled; any other stopped the fill, leaving later ones unset for that cause.
                if error.diagnostics.allSatisfy({ $0.code == .forgottenDependency && $0.path.count == 1 }) {
                    afterInjection = MirrorAudit.nilStates(of: probe, in: layout)
                }
            } catch {
                findings.append(.internalInconsistency("unexpected error \(error)"))
            }
        }

        let matches = FieldMatcher(
            layout: layout, afterInit: afterInit, afterInjection: afterInjection, written: written
        ).match(requirements)
        let declared = Set(matches.compactMap(\.field))
        let unmatchedTypes = Set(matches.filter { $0.field == nil }.map { ObjectIdentifier($0.requirement.key.type) })

        // Filled probes were checked by their plan, which reports forgotten dependencies as errors;
        // unfilled ones can only be suspected, since a `didSet` may set a property after `init()`.
        for (index, field) in layout.fields.enumerated()
        where !filled && field.isStrong && afterInit[index] == true && !declared.contains(index)
            && !unmatchedTypes.contains(ObjectIdentifier(field.wrappedType)) && registry.canProvide(field.wrappedType)
        {
            findings.append(
                .likelyForgottenDependency(
                    owner: X.self, property: field.name, valueType: field.wrappedType,
                    path: pathPrefix() + ["\(typeName(X.self)).\(field.name)"]))
        }
        if let afterInjection {
            for match in matches where !match.requirement.isOptional {
                guard let index = match.field, afterInjection[index] == true else { continue }
                let name = layout.fields[index].name
                findings.append(
                    .unsetAfterInjection(
                        owner: X.self, property: name, requirement: match.requirement,
                        path: pathPrefix() + ["\(typeName(X.self)).\(name)"]))
            }
        }
        return probe
    }

    /// Keeps the first of diagnostics saying the same at the same place (from several roots, or the build).
    private func deduplicated(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        struct Identity: Hashable {
            let code: Diagnostic.Code
            let message: String
            let location: SourceLocation?
        }
        var seen: Set<Identity> = []
        return diagnostics.filter {
            seen.insert(Identity(code: $0.code, message: $0.message, location: $0.location)).inserted
        }
    }
}

/// Checks a probe against a producer's type: two metatypes cannot tell if a class conforms; an instance can.
protocol ProvidedTypeCheck {
    func accepts(_ instance: Any) -> Bool
}

extension Producer: ProvidedTypeCheck {
    func accepts(_ instance: Any) -> Bool { instance is T }
}

/// Compiles what `validate` fills or resolves apart from the validation's own compilation, with only what
/// compiled cleanly before: a probe is filled, and a root resolved, only when its own graph compiles with
/// no problem, so what `validate` reports for one root never depends on other roots' problems. A failing
/// graph drops the producers it made from later compilations (a graph reaching them compiles them again);
/// its compiler is kept, as producers a shared resolution may have recorded instances under must stay alive.
final class CleanCompilation {
    private let registry: Registry
    private var compiler: PlanCompiler
    private var abandoned: [PlanCompiler] = []
    /// The validation graph's producers whose graph was found not to compile cleanly.
    private var dirty: Set<ObjectIdentifier> = []
    /// No later compilation fills or resolves anything (the thread ran out of stack).
    var isStopped = false

    init(registry: Registry, table: [BindingKey: AnyProducer]) {
        self.registry = registry
        compiler = PlanCompiler(registry: registry, table: table)
    }

    /// What `body` compiles, checked as a root, when it and all it reaches compile with no problem, else nil;
    /// `scratch`, the validation graph's producer of it, is dirty uncompiled if an edge leads to a dirty one.
    func compiled<P: AnyProducer>(reaching scratch: AnyProducer, _ body: (PlanCompiler) -> P?) -> P? {
        guard !isStopped else { return nil }
        if scratch.compiledEdges.contains(where: { dirty.contains(ObjectIdentifier($0.target)) }) {
            dirty.insert(ObjectIdentifier(scratch))
            return nil
        }
        let problemsBefore = compiler.problems.count
        let registeredBefore = compiler.registered.count
        let producer = body(compiler)
        if let producer { compiler.checkRoot(producer) }
        compiler.finish()
        if let producer, compiler.problems.count == problemsBefore { return producer }
        dirty.insert(ObjectIdentifier(scratch))
        let dropped = Set(compiler.registered[registeredBefore...].map(ObjectIdentifier.init))
        let table = compiler.table.filter { !dropped.contains(ObjectIdentifier($0.value)) }
        abandoned.append(compiler)
        compiler = PlanCompiler(registry: registry, table: table)
        return nil
    }
}
