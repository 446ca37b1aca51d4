/// A static dependency between two producers: what validation, cycle checks and graph export walk.
struct Edge {
    /// What the dependency fills: `repository`, `parameter 2`, `clock:` (a ``ParameterLabel``); empty for a
    /// binding to its implementation or a `Provider` to what it provides.
    var label: String { makeLabel() }
    let location: SourceLocation?
    /// Unretained: it belongs to the edge's producer's registry or to a parent, which a child keeps alive.
    private let targetReference: Unowned<AnyProducer>
    var target: AnyProducer { targetReference.object }
    /// Deferred edges (`Provider`, `Lazy`) resolve later, so they never take part in a cycle.
    let isDeferred: Bool
    /// A property fill, not a factory parameter or an alias: only a fill can wait for a running factory.
    let isPropertyFill: Bool
    /// Made on demand: naming a property costs microseconds, and only messages, validation and export read it.
    private let makeLabel: () -> String

    init(
        label: @autoclosure @escaping () -> String, location: SourceLocation?, target: AnyProducer, isDeferred: Bool,
        isPropertyFill: Bool = false
    ) {
        self.makeLabel = label
        self.location = location
        self.targetReference = Unowned(target)
        self.isDeferred = isDeferred
        self.isPropertyFill = isPropertyFill
    }

    /// Whether a resolve meeting the target while its factory runs (a constructor cycle) writes the property
    /// once it returns instead of failing: the value must be shared. An alias waits for the factory behind it.
    var waitsForRunningFactory: Bool {
        guard isPropertyFill else { return false }
        let maker = target.valueMaker
        return maker.isFactory && maker.scope != .transient && maker.scope != .weak
    }
}

/// How edges are named in paths, the same way in errors, cycles and the exported graph.
enum EdgeLabel {
    /// `clock:` with the label its binding gave, else its position from 1: Swift keeps no argument labels in
    /// a function value (`SMTPMailer.init` is `(String, Int) -> SMTPMailer`).
    static func parameter(_ position: Int, label: String? = nil) -> String {
        if let label { return "\(label)\(labelSuffix)" }
        return "\(prefix)\(position)"
    }

    /// `OrderService.repository`, `parameter 2 of Mailer's factory`, `parameter clock of Mailer's factory`,
    /// `[Plugin][0]` for a collection's element, or `ownerName` alone for an unlabeled edge.
    static func pathComponent(_ label: String, ownerName: String, ownerTypeName: String) -> String {
        if label.isEmpty { return ownerName }
        if label.hasPrefix(prefix) { return "\(label) of \(ownerTypeName)'s factory" }
        if label.hasSuffix(labelSuffix) { return "\(prefix)\(label.dropLast()) of \(ownerTypeName)'s factory" }
        // No property name starts with a bracket: this is an element's `[index]` or `[key]`.
        if label.hasPrefix("[") { return "\(ownerName)\(label)" }
        return "\(ownerTypeName).\(label)"
    }

    /// A property is named by the class that declares it: the implementation, not the key, for a binding
    /// with a scope of its own (`bind(Port.self).scoped(.transient).to(PortImpl.self)`).
    static func pathComponent(_ edge: Edge, of owner: AnyProducer) -> String {
        var ownerTypeName = owner.key.typeName
        if case .implementation(let implementation, _) = owner.origin { ownerTypeName = typeName(implementation) }
        return pathComponent(edge.label, ownerName: owner.key.description, ownerTypeName: ownerTypeName)
    }

    /// No property name has a space or a colon, so these tell parameters apart from properties.
    private static let prefix = "parameter "
    private static let labelSuffix = ":"
}
