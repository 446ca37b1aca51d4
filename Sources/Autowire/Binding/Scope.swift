/// How long an instance the container creates is shared.
///
/// | Scope | One instance per |
/// | --- | --- |
/// | ``transient`` | request: a new one every time |
/// | ``graph`` | top-level resolve (the default): what lets property cycles close |
/// | ``singleton`` | container, created exactly once even under concurrent first use |
/// | ``weak`` | as long as something else holds it |
/// | ``custom(_:)`` | lifetime you name, until you reset it with ``Container/reset(_:)`` |
public struct Scope: Sendable, Hashable, CustomStringConvertible {
    @usableFromInline
    enum Kind: Sendable, Hashable {
        case transient, graph, singleton, weak
        case custom(CustomScopeID)
    }

    @usableFromInline
    let kind: Kind

    /// Whether its instances are kept beyond one resolve (a singleton, a custom scope, `.weak`):
    /// such instances belong to the container that binds them.
    var keepsInstances: Bool {
        switch kind {
        case .singleton, .weak, .custom: true
        case .transient, .graph: false
        }
    }

    @usableFromInline
    init(_ kind: Kind) { self.kind = kind }

    /// A new instance every time one is needed.
    public static let transient = Scope(.transient)
    /// One instance per top-level resolve, shared by everything in that object graph.
    public static let graph = Scope(.graph)
    /// One instance per container, created on first use, exactly once.
    public static let singleton = Scope(.singleton)
    /// One instance shared while something outside the container holds it; recreated afterwards.
    public static let weak = Scope(.weak)

    /// One instance per container for each value of a lifetime you name, until
    /// ``Container/reset(_:)`` ends it: the next request then creates a new one.
    ///
    /// ```swift
    /// enum Session: CustomScope {}
    /// binder.bind(ShoppingCart.self).scoped(.custom(Session.self)).to(InMemoryCart.self)
    /// ```
    public static func custom<S: CustomScope>(_ scope: S.Type) -> Scope {
        Scope(.custom(CustomScopeID(scope)))
    }

    /// The scope's name as written in code: `transient`, `graph`, `singleton`, `weak`, or
    /// `custom(Session)`.
    public var description: String {
        switch kind {
        case .transient: "transient"
        case .graph: "graph"
        case .singleton: "singleton"
        case .weak: "weak"
        case .custom(let id): "custom(\(id.name))"
        }
    }
}

/// A ``CustomScope`` type's identity, keeping the type (not its name) for messages: a `String` would
/// make every copy of a scope, one per `scoped(_:)` binding, count references.
@usableFromInline
struct CustomScopeID: Sendable, Hashable {
    let identifier: ObjectIdentifier
    private let type: Any.Type

    init(_ type: Any.Type) {
        self.identifier = ObjectIdentifier(type)
        self.type = type
    }

    var name: String { typeName(type) }

    @usableFromInline
    static func == (lhs: CustomScopeID, rhs: CustomScopeID) -> Bool { lhs.identifier == rhs.identifier }

    @usableFromInline
    func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
}
