/// A static dependency between two producers: what validation, cycle checks and graph export walk.
struct Edge {
    /// The property or parameter the dependency fills, such as `repository`, `parameter 2` or
    /// `clock:` (a parameter with a ``ParameterLabel``); empty when a binding points at its
    /// implementation or a `Provider` at what it provides.
    var label: String { makeLabel() }
    /// Where the dependency was declared.
    let location: SourceLocation?
    /// The producer that provides the value. Unretained: safe because it belongs to the same
    /// registry as the edge's producer, or to a parent registry, which a child keeps alive.
    private let targetReference: Unowned<AnyProducer>
    var target: AnyProducer { targetReference.object }
    /// Deferred edges (`Provider`, `Lazy`) resolve later, so they never take part in a cycle.
    let isDeferred: Bool
    /// Whether the edge is a property an object's plan fills (rather than a factory parameter or
    /// an alias): a fill whose value is a factory's product still running can wait until it returns.
    let isPropertyFill: Bool
    /// Labels are made on demand: naming a property from its key path costs microseconds, and
    /// only messages, validation and graph export read them.
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

    /// Whether a resolve meeting this edge's target while its factory runs (a cycle through a
    /// constructor, closing here) writes the property once the factory returns rather than failing:
    /// the value is shared, and recorded when made. An alias waits for the factory it hands on.
    var waitsForRunningFactory: Bool {
        guard isPropertyFill else { return false }
        let maker = target.valueMaker
        return maker.isFactory && maker.scope != .transient && maker.scope != .weak
    }
}

/// How edges are named in paths, the same way in errors, cycles and the exported graph.
enum EdgeLabel {
    /// A typed factory's parameter: `clock:` with the label its binding gave, else its position
    /// counted from 1 as users read an argument list. Swift keeps no argument labels in a function
    /// value (`SMTPMailer.init` is `(String, Int) -> SMTPMailer`).
    static func parameter(_ position: Int, label: String? = nil) -> String {
        if let label { return "\(label)\(labelSuffix)" }
        return "\(prefix)\(position)"
    }

    /// One path component: `OrderService.repository` for a property, `parameter 2 of Mailer's
    /// factory` or `parameter clock of Mailer's factory` for a factory parameter, `[Plugin][0]`
    /// for a collection's element (as building errors name it), `ownerName` alone for an
    /// unlabeled edge.
    static func pathComponent(_ label: String, ownerName: String, ownerTypeName: String) -> String {
        if label.isEmpty { return ownerName }
        if label.hasPrefix(prefix) { return "\(label) of \(ownerTypeName)'s factory" }
        if label.hasSuffix(labelSuffix) { return "\(prefix)\(label.dropLast()) of \(ownerTypeName)'s factory" }
        // No property name starts with a bracket: this is an element's `[index]` or `[key]`.
        if label.hasPrefix("[") { return "\(ownerName)\(label)" }
        return "\(ownerTypeName).\(label)"
    }

    /// The path component of `edge`, taken from `owner`. A property is named by the class that
    /// declares it: the implementation, not the key, for a binding with a scope of its own
    /// (`bind(Port.self).scoped(.transient).to(PortImpl.self)`).
    static func pathComponent(_ edge: Edge, of owner: AnyProducer) -> String {
        var ownerTypeName = owner.key.typeName
        if case .implementation(let implementation, _) = owner.origin { ownerTypeName = typeName(implementation) }
        return pathComponent(edge.label, ownerName: owner.key.description, ownerTypeName: ownerTypeName)
    }

    /// No property name has a space or a colon, so these tell parameters apart from properties.
    private static let prefix = "parameter "
    private static let labelSuffix = ":"
}
