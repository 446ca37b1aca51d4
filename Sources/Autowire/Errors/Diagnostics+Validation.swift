/// The diagnostics only ``Container/validate(_:checks:injectingProbes:)`` raises, with their wording
/// in one place.
extension Diagnostic.Code {
    /// A stored optional property that is nil after `init()`, is not declared in `dependencies`, and
    /// whose type the container could provide.
    public static let likelyForgottenDependency = Diagnostic.Code("likely-forgotten-dependency")
    /// A required dependency whose property is still nil after the container filled it.
    public static let unsetAfterInjection = Diagnostic.Code("unset-after-injection")
    /// A class `validate` could not check for forgotten dependencies: it was built without
    /// reflection metadata.
    public static let reflectionMetadataMissing = Diagnostic.Code("reflection-metadata-missing")
    /// The closure that declares the bindings threw before it finished.
    public static let configurationFailed = Diagnostic.Code("configuration-failed")
    /// A dependency on a class that is bound as the implementation of another type: it bypasses
    /// that binding.
    public static let bypassedBinding = Diagnostic.Code("bypassed-binding")
    /// Objects of one resolve that hold each other strongly: every resolve leaks one such group.
    public static let strongReferenceCycle = Diagnostic.Code("strong-reference-cycle")
}

extension Diagnostic {
    static func likelyForgottenDependency(
        owner: Any.Type, property: String, valueType: Any.Type, path: [String]
    ) -> Diagnostic {
        let ownerName = typeName(owner)
        return Diagnostic(
            code: .likelyForgottenDependency, severity: .warning,
            message:
                "\(ownerName).\(property) looks like a forgotten dependency: it is nil after init(), "
                + "is not in \(ownerName).dependencies, and the container can provide \(typeName(valueType)).",
            path: path,
            fix:
                "Add `.inject(\\.\(property))` to \(ownerName).dependencies, or `.optional(\\.\(property))` "
                + "if it may stay nil.")
    }

    /// `namesOnly`: the class has field records whose names were stripped
    /// (`-disable-reflection-names`), rather than none.
    static func reflectionMetadataMissing(owner: Any.Type, path: [String], namesOnly: Bool) -> Diagnostic {
        Diagnostic(
            code: .reflectionMetadataMissing, severity: .warning,
            message: "\(typeName(owner)) was not checked for forgotten dependencies: its "
                + (namesOnly ? "reflection metadata has no property names." : "class has no reflection metadata."),
            path: path,
            fix: namesOnly
                ? "Validate a build that keeps the names (one without `-disable-reflection-names`, Xcode's "
                    + "reflection level \"Without Names\"), such as the test build; resolving does not need them."
                : "Validate a build that keeps reflection metadata (one without `-disable-reflection-metadata`), such "
                    + "as the test build; resolving does not need it.")
    }

    static func unsetAfterInjection(owner: Any.Type, property: String, requirement: Requirement, path: [String])
        -> Diagnostic
    {
        let ownerName = typeName(owner)
        return Diagnostic(
            code: .unsetAfterInjection,
            message:
                "\(ownerName).\(property) is still nil after injection: its setter did not keep the "
                + "\(requirement.key) it was given.",
            location: requirement.location, path: path,
            fix:
                "Store the value the setter receives (check its `didSet` or property wrapper), or declare "
                + "it `.optional(\\.\(property))` if it may stay nil.")
    }

    static func configurationFailed(_ error: any Error) -> Diagnostic {
        Diagnostic(
            code: .configurationFailed, message: "Declaring the bindings threw before it finished: \(error).",
            fix: "Fix the cause of the error; bindings declared after the throwing statement were not checked.")
    }

    static func bypassedBinding(
        owner: String, property: String, implementation: BindingKey, boundAs: BindingKey, boundAt: SourceLocation,
        declaredAt: SourceLocation?, path: [String]
    ) -> Diagnostic {
        Diagnostic(
            code: .bypassedBinding, severity: .warning,
            message:
                "\(owner).\(property) asks for \(implementation) itself, which is bound as \(boundAs): the container "
                + "creates it directly, bypassing that binding, its scope and any override of \(boundAs) in tests.",
            location: declaredAt, relatedLocations: [boundAt], path: path,
            fix:
                "Declare \(owner).\(property) as \(boundAs.typeName), or bind \(implementation.typeName) itself if it "
                + "must be used directly.")
    }

    /// `cycle` is the edges around the cycle, starting where the resolve entered it.
    static func strongReferenceCycle(_ cycle: [DependencyGraph.Edge], in graph: DependencyGraph) -> Diagnostic {
        let components = cycle.map { "\(graph.nodes[$0.from].name).\($0.label)" }
        let first = cycle.first.map { graph.nodes[$0.from].name } ?? ""
        return Diagnostic(
            code: .strongReferenceCycle, severity: .warning,
            message:
                "The objects on the cycle \(components.joined(separator: " → ")) → \(first) hold each other "
                + "strongly, so every resolve leaves them alive: a memory leak.",
            location: cycle.last?.location, path: components + [first],
            fix:
                "Make one of \(components.joined(separator: ", ")) `weak var` (or `unowned`), usually the one that "
                + "points back to its owner.")
    }
}
