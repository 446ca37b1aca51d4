/// Runs `validate`: compiles every binding and root in a registry of its own, walks the graph,
/// probes each reachable autowired class, runs the user's checks, and gathers one report.
///
/// The registry is a copy made for this run, so nothing validation compiles or creates (probe
/// dependencies, singletons) reaches the container being validated.
struct Validator {
    let registry: Registry
    let roots: [Any.Type]
    let checks: [any ValidationCheck]
    let injectingProbes: Bool

    func run(buildProblems: [Diagnostic]) -> ValidationReport {
        let bindingKeys = uniqueBindingKeys()
        // Compile under the lock, but probe outside it: a closure factory run by a probe's
        // injection resolves through the registry, which takes the lock.
        let compiler: PlanCompiler
        let snapshot: GraphSnapshot
        do {
            (compiler, snapshot) =
                try registry.withScratchCompiler { compiler in
                    var rootProducers: [AnyProducer] = []
                    for root in roots {
                        if let producer = rootProducer(root, compiler) {
                            compiler.checkRoot(producer)
                            rootProducers.append(producer)
                        }
                    }
                    var bindingProducers: [AnyProducer] = []
                    for key in bindingKeys {
                        if let producer = compiler.producer(for: key) {
                            compiler.checkRoot(producer)
                            bindingProducers.append(producer)
                        }
                    }
                    compiler.finish()
                    return (compiler, GraphSnapshot(roots: rootProducers, bindings: bindingProducers))
                }
        } catch {
            return ValidationReport(
                subject: subject, diagnostics: error.diagnostics + buildProblems, graph: .empty,
                bindingCount: bindingKeys.count)
        }
        var found = compiler.problems + buildProblems
        // Plans compiled with errors are incomplete: running them would only report that.
        let injecting = injectingProbes && found.isEmpty
        found += audit(snapshot, compiler: compiler, injecting: injecting)
        found += bypassedBindings(snapshot)
        // Resolving runs the user's code, as filling probes does: only when that is allowed, and
        // when the wiring has no error (a broken plan would only report that again).
        if injecting, !found.contains(where: { $0.severity == .error }) { found += strongReferenceCycles(snapshot) }
        for check in checks { found += check.check(snapshot.graph) }
        let unique = deduplicated(found)
        return ValidationReport(
            subject: subject,
            diagnostics: unique.filter { $0.severity == .error } + unique.filter { $0.severity != .error },
            graph: snapshot.graph, bindingCount: bindingKeys.count)
    }

    private var subject: String { roots.isEmpty ? "the container" : roots.map(typeName).joined(separator: ", ") }

    /// Bound keys in the order they were declared, each once (a collection once for all its
    /// contributions).
    private func uniqueBindingKeys() -> [BindingKey] {
        var seen: Set<BindingKey> = []
        return registry.declarations.map(\.providedKey).filter { seen.insert($0).inserted }
    }

    /// A root is anything the container provides, or a `PropertyInjectable` type filled by an
    /// injector.
    private func rootProducer(_ type: Any.Type, _ compiler: PlanCompiler) -> AnyProducer? {
        let key = BindingKey(type: type, tag: nil)
        if let producer = compiler.producer(for: key) { return producer }
        if let injectable = type as? any PropertyInjectable.Type { return compiler.injectionTarget(injectable) }
        compiler.report(.missingBinding(key, location: nil, path: [key.description], propertyHint: nil))
        return nil
    }

    /// Probes every autowired class the graph reaches, once each, then checks that bound
    /// implementations conform to what they are bound to.
    private func audit(_ snapshot: GraphSnapshot, compiler: PlanCompiler, injecting: Bool) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        // A class that could not be probed (main-actor isolated, validated elsewhere) maps to nil.
        var probes: [ObjectIdentifier: AnyObject?] = [:]
        // All probes are filled in one resolve by one compiler, so what one probe's injection
        // created (a chain below it) serves the next: validating n classes stays linear.
        let injection = injecting ? PlanCompiler(registry: registry, table: compiler.table) : nil
        func probeAll(_ resolution: Resolution?) {
            probeEach(
                snapshot, compiler: compiler, injection: injection, resolution: resolution, probes: &probes,
                findings: &findings)
        }
        if injecting {
            _ = try? Resolution.run(capacity: snapshot.producers.count) { probeAll($0) }
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
        return findings
    }

    private func probeEach(
        _ snapshot: GraphSnapshot, compiler: PlanCompiler, injection: PlanCompiler?, resolution: Resolution?,
        probes: inout [ObjectIdentifier: AnyObject?], findings: inout [Diagnostic]
    ) {
        for (node, producer) in snapshot.producers.enumerated() {
            guard let type = Self.injectableType(of: producer), probes[ObjectIdentifier(type)] == nil else { continue }
            // The path is built only if a finding needs it: building it for every probe made
            // validating a chain of n classes O(n²).
            let graph = snapshot.graph
            let prefix = {
                var prefix = graph.path(to: node)
                prefix.removeLast()
                return prefix
            }
            probes[ObjectIdentifier(type)] = probe(
                type, pathPrefix: prefix, compiler: compiler, injection: injection, resolution: resolution,
                findings: &findings)
        }
    }

    private static func injectableType(of producer: AnyProducer) -> (any Injectable.Type)? {
        switch producer.origin {
        case .autowired: producer.key.type as? any Injectable.Type
        // A `ConstructorInjectable` class that is also `Injectable` (probed through its `init()`).
        case .constructor: producer.key.type as? any Injectable.Type
        case .implementation(let implementation, _): implementation as? any Injectable.Type
        default: nil
        }
    }

    /// Creates one probe of `type` with `init()`, looks for forgotten dependencies, then (when
    /// `injecting`) injects it and checks that every required property was set.
    ///
    /// A main-actor class is probed only on the main actor: elsewhere its `init()` must not run,
    /// so it is reported as `main-actor-required` instead, and nil is returned.
    private func probe<X: Injectable>(
        _ type: X.Type, pathPrefix: () -> [String], compiler: PlanCompiler, injection: PlanCompiler?,
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
            findings.append(.reflectionMetadataMissing(owner: X.self, path: pathPrefix() + [typeName(X.self)]))
        }

        var afterInjection: [Bool?]?
        var written: [AnyKeyPath: Int] = [:]
        // Once the graph was too deep for this thread's stack, injecting the probes below would only
        // meet the same depth again (and name a path each time): one error says it.
        if let injection, let resolution, !findings.contains(where: { $0.code == .resolutionTooDeep }) {
            let problemsBefore = injection.problems.count
            let target = injection.injectionTarget(X.self)
            injection.checkRoot(target)
            injection.finish()
            if injection.problems.count == problemsBefore {
                do {
                    if FieldMatcher.isAmbiguous(requirements, in: layout) {
                        // Which field each step writes tells apart properties of one type.
                        var before = afterInit
                        try target.plan.inject(into: probe, resolution) { requirement in
                            let now = MirrorAudit.nilStates(of: probe, in: layout)
                            let changed = now.indices.filter { before[$0] == true && now[$0] == false }
                            if let keyPath = requirement.anyKeyPath, let only = changed.first, changed.count == 1 {
                                written[keyPath] = only
                            }
                            before = now
                        }
                    } else {
                        try target.plan.inject(into: probe, resolution)
                    }
                    afterInjection = MirrorAudit.nilStates(of: probe, in: layout)
                } catch let error as ResolutionError {
                    findings += error.diagnostics.map { $0.prefixedPath(pathPrefix()) }
                    // The forgotten-dependency check runs once every property was filled.
                    if error.diagnostics.allSatisfy({ $0.code == .forgottenDependency }) {
                        afterInjection = MirrorAudit.nilStates(of: probe, in: layout)
                    }
                } catch {
                    findings.append(.internalInconsistency("unexpected error \(error)"))
                }
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
        where injection == nil && field.isStrong && afterInit[index] == true && !declared.contains(index)
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

    /// Keeps the first of diagnostics that say the same thing at the same place (a problem met
    /// from several roots, or both at build time and in validation).
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

/// Checks a probe against the type a producer provides: Swift cannot tell from two metatypes
/// whether a class conforms to a protocol, but an instance can.
protocol ProvidedTypeCheck {
    func accepts(_ instance: Any) -> Bool
}

extension Producer: ProvidedTypeCheck {
    func accepts(_ instance: Any) -> Bool { instance is T }
}
