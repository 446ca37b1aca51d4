/// How long an instance the container creates is shared.
///
/// | Scope | One instance per |
/// | --- | --- |
/// | ``transient`` | request: a new one every time |
/// | ``graph`` | top-level resolve (the default): what lets property cycles close |
/// | ``singleton`` | container, created exactly once even under concurrent first use |
/// | ``weak`` | as long as something else holds it |
public struct Scope: Sendable, Hashable, CustomStringConvertible {
    @usableFromInline
    enum Kind: Sendable, Hashable {
        case transient, graph, singleton, weak
    }

    @usableFromInline
    let kind: Kind

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

    /// The scope's name as written in code: `transient`, `graph`, `singleton` or `weak`.
    public var description: String {
        switch kind {
        case .transient: "transient"
        case .graph: "graph"
        case .singleton: "singleton"
        case .weak: "weak"
        }
    }
}
