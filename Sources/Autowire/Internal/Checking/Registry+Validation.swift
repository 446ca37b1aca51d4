/// `validate` and `graph(from:)` for every kind of container: a `Container`, a child, a
/// `RequestScope`.
extension Registry {
    /// Validates `roots` in a copy of this registry (see `Validator`).
    func validationReport(
        roots: [Any.Type], checks: [any ValidationCheck], injectingProbes: Bool
    ) -> ValidationReport {
        var ignored: [Diagnostic] = []  // Building this registry already succeeded.
        let copy = Registry(
            parent: parent, declarations: declarations, problems: &ignored, copying: self, settings: settings)
        return Validator(registry: copy, roots: roots, checks: checks, injectingProbes: injectingProbes)
            .run(buildProblems: [])
    }

    /// The graph `roots` reach, compiled by a scratch compiler: nothing is committed or created.
    func dependencyGraph(from roots: [Any.Type]) -> DependencyGraph {
        let graph = try? withScratchCompiler { compiler in
            let starts = roots.compactMap { root -> AnyProducer? in
                let key = BindingKey(type: root, tag: nil)
                if let producer = compiler.producer(for: key) { return producer }
                if let injectable = root as? any PropertyInjectable.Type { return compiler.injectionTarget(injectable) }
                return nil
            }
            return GraphSnapshot(roots: starts).graph
        }
        return graph ?? .empty
    }
}
