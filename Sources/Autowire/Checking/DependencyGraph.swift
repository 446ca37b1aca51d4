/// The static dependency graph of a container, as seen from some root types: what provides each
/// type and which property or parameter needs it.
///
/// Get one with ``Container/graph(from:)``. Render it with ``dot`` (Graphviz) or ``textTree``
/// (terminals), or walk it in a ``ValidationCheck``.
///
/// ```swift
/// print(container.graph(from: App.self).textTree)
/// ```
public struct DependencyGraph: Sendable {
    /// The nodes the graph starts from: the requested roots (and, during validation, every binding
    /// that no requested root reaches).
    public let roots: [Node.ID]
    /// Every type the roots reach, in breadth-first order from the roots.
    public let nodes: [Node]
    /// Every dependency between two nodes, in the order the nodes declare them.
    public let edges: [Edge]
    /// For each node, the edge it was first reached through: the shortest path from a root.
    let parentEdges: [Int?]
    /// Each node's outgoing edges, by node id.
    let outgoing: [[Int]]

    /// A graph with no nodes: what a container that cannot be read right now exports.
    static let empty = DependencyGraph(roots: [], nodes: [], edges: [], parentEdges: [])

    init(roots: [Node.ID], nodes: [Node], edges: [Edge], parentEdges: [Int?]) {
        self.roots = roots
        self.nodes = nodes
        self.edges = edges
        self.parentEdges = parentEdges
        var outgoing = [[Int]](repeating: [], count: nodes.count)
        for (index, edge) in edges.enumerated() { outgoing[edge.from].append(index) }
        self.outgoing = outgoing
    }

    /// The dependencies `node` declares, in declaration order.
    public func edges(from node: Node.ID) -> [Edge] {
        guard outgoing.indices.contains(node) else { return [] }
        return outgoing[node].map { edges[$0] }
    }

    /// The shortest resolution path from a root to `node`, written like error paths:
    /// `["App.orders", "OrderService.repository", "OrderRepository"]`.
    ///
    /// Use it to fill ``Diagnostic/path`` in a ``ValidationCheck``.
    public func path(to node: Node.ID) -> [String] {
        guard nodes.indices.contains(node) else { return [] }
        var components: [String] = []
        var current = node
        var remaining = nodes.count
        while let edgeIndex = parentEdges[current], remaining > 0 {
            let edge = edges[edgeIndex]
            let owner = nodes[edge.from]
            // A binding with a scope of its own fills its implementation's properties itself: they
            // are named by the implementation (`SQLStore.database`), never by the bound protocol.
            let ownerTypeName =
                owner.provision.kind == .implementation
                ? owner.provision.implementation.map(typeName) ?? owner.typeName : owner.typeName
            components.append(EdgeLabel.pathComponent(edge.label, ownerName: owner.name, ownerTypeName: ownerTypeName))
            current = edge.from
            remaining -= 1
        }
        return components.reversed() + [nodes[node].name]
    }
}

extension DependencyGraph {
    /// One type (with its tag) and the way the container provides it.
    public struct Node: Sendable, Identifiable {
        /// The node's index in ``DependencyGraph/nodes``.
        public let id: Int
        /// The provided type.
        public let type: Any.Type
        /// The tag the type is bound under, if any.
        public let tag: Any.Type?
        /// How long the instances it provides are shared.
        public let scope: Scope
        /// How the value is made.
        public let provision: Provision

        /// The provided type's name: `URL`.
        public var typeName: String { Autowire.typeName(type) }
        /// The tag's name, if any: `APIBaseURL`.
        public var tagName: String? { tag.map(Autowire.typeName) }
        /// The type and tag as messages write them: `URL tagged APIBaseURL`.
        public var name: String { tagName.map { "\(typeName) tagged \($0)" } ?? typeName }
        /// Where the binding that provides it was declared; nil for autowired types.
        public var location: SourceLocation? { provision.locations.first }

        /// One line for listings: `OrderRepository (bound to SQLOrderRepository at App/main.swift:12, graph)`.
        public var summary: String { "\(name) (\(provision), \(scope))" }
    }

    /// One dependency: the node `from` needs the value of node `to`.
    public struct Edge: Sendable {
        /// The node that needs the value.
        public let from: Node.ID
        /// The node that provides it.
        public let to: Node.ID
        /// The property or parameter it fills, such as `repository` or `parameter 2` (of a typed
        /// factory); empty when a binding points at its implementation or a `Provider`, `Lazy` or
        /// `AssistedFactory` at what it makes.
        public let label: String
        /// Where the dependency was declared.
        public let location: SourceLocation?
        /// Whether the value is resolved later (`Provider`, `Lazy`), so the edge never forms a cycle.
        public let isDeferred: Bool
    }

    /// How the container makes a node's value: autowired, bound to an implementation, a value, a
    /// factory, a collection.
    public struct Provision: Sendable, CustomStringConvertible {
        /// The way of providing, as a stable identifier.
        public let kind: Kind
        /// The bound implementation, for ``Kind/implementation``.
        public let implementation: Any.Type?
        /// Where the binding (or, for collections, each contribution) was declared.
        public let locations: [SourceLocation]

        /// `autowired`, `bound to SQLOrderRepository at App/main.swift:12`, `value at …`,
        /// `closure factory at …`, `collection of 2 contributions`.
        public var description: String {
            let at = locations.first.map { " at \($0)" } ?? ""
            switch kind {
            case .implementation: return "bound to \(implementation.map(typeName) ?? "?")\(at)"
            case .collection:
                return "collection of \(locations.count) contribution\(locations.count == 1 ? "" : "s")"
            default: return "\(kind)\(at)"
            }
        }
    }
}

extension DependencyGraph.Provision {
    init(_ kind: Kind, _ locations: [SourceLocation] = [], implementation: Any.Type? = nil) {
        self.init(kind: kind, implementation: implementation, locations: locations)
    }

    /// The stable identifier of a way of providing a value.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        /// The kind as printed.
        public let rawValue: String

        init(_ rawValue: String) { self.rawValue = rawValue }

        /// The kind as printed, such as `closure factory`.
        public var description: String { rawValue }

        /// An `Injectable` class with no binding, created with `init()` and filled.
        public static let autowired = Kind("autowired")
        /// `bind(P.self).to(Implementation.self)`.
        public static let implementation = Kind("implementation")
        /// `to(value:)`.
        public static let value = Kind("value")
        /// `to { resolver in … }`: opaque to validation.
        public static let closure = Kind("closure factory")
        /// `to(factory:)`: each parameter is a dependency.
        public static let factory = Kind("typed factory")
        /// A ``ConstructorInjectable`` type made through its ``Construction``: each parameter is a
        /// dependency.
        public static let constructor = Kind("constructor")
        /// `intoCollection()` contributions gathered into an array.
        public static let collection = Kind("collection")
        /// Objects created elsewhere and filled by a ``PropertyInjector``.
        public static let propertyInjection = Kind("filled by a PropertyInjector")
        /// An instance offered at run time by code outside the container.
        public static let offered = Kind("offered")
        /// Made by the container itself, such as a `Provider` or `Lazy`.
        public static let synthesized = Kind("synthesized")
        /// The value passed to an ``AssistedFactory``'s `make(_:)`.
        public static let assistedArgument = Kind("argument of make(_:)")
        /// The request passed to ``RequestScope/resolve(_:for:)``.
        public static let request = Kind("request of a RequestScope")
    }
}
