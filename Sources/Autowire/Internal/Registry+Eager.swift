/// Building a container: compiling its bindings, then creating its eager singletons.
extension Registry {
    /// Checks and compiles the binder's declarations, then, once every binding compiled cleanly, creates the
    /// singletons marked eager, in the order marked; throws every problem found at once (a failing eager
    /// singleton does not stop the others).
    convenience init(parent: Registry?, binder: Binder) throws(ConfigurationError) {
        var problems: [Diagnostic] = []
        self.init(
            parent: parent, declarations: binder.declarations, problems: &problems, settings: binder.settings,
            compilingLazily: true)
        if problems.isEmpty { problems = overridesNotReachingKeptInstances() }
        if problems.isEmpty { problems = createEagerSingletons() }
        if !problems.isEmpty { throw ConfigurationError(problems) }
    }

    /// Compiles every eager key and checks it is a singleton; if all are, creates them.
    private func createEagerSingletons() -> [Diagnostic] {
        var problems: [Diagnostic] = []
        var producers: [(EagerSingleton, AnyProducer)] = []
        var seen: Set<BindingKey> = []
        for eager in settings.eagerSingletons where seen.insert(eager.key).inserted {
            do {
                let producer = try rootProducer(for: eager.key)
                let scope = Self.sharingScope(of: producer)
                if scope == .singleton {
                    producers.append((eager, producer))
                } else {
                    problems.append(.eagerNotSingleton(eager.key, scope: scope, location: eager.location))
                }
            } catch {
                problems += error.diagnostics.map { $0.located(at: eager.location) }
            }
        }
        guard problems.isEmpty else { return problems }
        for (eager, producer) in producers {
            do {
                guard let producer = producer as? any TopLevelResolving else { continue }
                _ = try ResolutionError.catching { try producer.resolveTopLevelAny() }
            } catch {
                problems += error.diagnostics.map { .eagerCreationFailed(eager.key, location: eager.location, $0) }
            }
        }
        return problems
    }

    /// The scope whose instances `producer` hands out: an alias shares its implementation's.
    private static func sharingScope(of producer: AnyProducer) -> Scope {
        var current = producer
        while current is ForwardingProducer, let target = current.compiledEdges.first?.target { current = target }
        return current.scope
    }
}

/// A producer started as a top-level resolve without knowing its type.
private protocol TopLevelResolving {
    func resolveTopLevelAny() throws -> Any
}

extension Producer: TopLevelResolving {
    fileprivate func resolveTopLevelAny() throws -> Any { try resolveTopLevel() }
}
