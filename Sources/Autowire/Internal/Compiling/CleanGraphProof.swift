/// Proves, without compiling, that compiling a binding would report no problem: what lets a
/// container leave the compiling of such a binding to its first resolve, so that building costs
/// about what registering does, while a broken binding still fails the build.
///
/// The proof walks the keys compiling would look up, by the same rules, but only where the outcome
/// is certain. It gives up (the binding is then compiled when the container is built) at anything
/// that could be a problem or is beyond what it follows: a key nothing provides (unless an
/// `.optional` property asks for it), a cycle (the cycle check tells closable ones from the
/// others), a key a child container does not bind itself, a binding with no `StaticReach`, a
/// synthesized type, an assisted or misdeclared property, a path deeper than `maximumDepth`.
///
/// So a proven key compiles, whenever and wherever it is compiled, into the same producers with
/// no problem: its compiling depends only on the bindings, which never change, and on the types.
struct CleanGraphProof {
    private let registry: Registry
    /// Keys whose whole reach was walked and found clean, with the length of the longest path
    /// down from each (1 for a key that reaches nothing).
    private var proven: [BindingKey: Int] = [:]
    /// The walk's path, kept between calls so that each walk reuses its storage. A key is on it at
    /// most once, and it is at most `maximumDepth` long: a scan finds a key cheaper than a set.
    private var path: [Step] = []

    /// Compiling recurses once per binding on a path (see `PlanCompiler.producerLeavingFills`):
    /// keys with longer paths below are compiled at build time, on the builder's stack.
    static let maximumDepth = 32

    /// For a container of `bindingCount` bindings: `proven` gets room for them up front, rather than
    /// growing (and rehashing every key) a doubling at a time.
    init(registry: Registry, bindingCount: Int = 0) {
        self.registry = registry
        proven.reserveCapacity(bindingCount)
        path.reserveCapacity(8)
    }

    /// One key on the walk's path, with what it reaches.
    private struct Step {
        let key: BindingKey
        let reached: [Reached]
        var next = 0
        /// The longest path down from `key` found so far.
        var height = 1
    }

    /// A key a compiled producer would look up.
    private struct Reached {
        let key: BindingKey
        /// Asked for by an `.optional` property: nothing to provide it is no problem.
        let isOptional: Bool
    }

    /// What compiling a key looks up, as far as the proof follows it.
    private enum Lookup {
        /// Nothing provides the key (compiling reports it, unless it is optional).
        case absent
        /// The key is provided; its producer looks these up.
        case reaches([Reached])
        /// The proof does not follow it.
        case unknown
    }

    /// Whether compiling `key`, and all it reaches, is certain to report no problem.
    mutating func isClean(_ key: BindingKey) -> Bool {
        if proven[key] != nil { return true }
        guard case .reaches(let reached) = lookup(key) else { return false }
        path.removeAll(keepingCapacity: true)
        path.append(Step(key: key, reached: reached))
        while let top = path.last {
            guard top.next < top.reached.count else {
                proven[top.key] = top.height
                path.removeLast()
                if !path.isEmpty { path[path.count - 1].height = max(path[path.count - 1].height, top.height + 1) }
                continue
            }
            let next = top.reached[top.next]
            path[path.count - 1].next += 1
            if let height = proven[next.key] {
                guard path.count + height <= Self.maximumDepth else { return false }
                path[path.count - 1].height = max(top.height, height + 1)
                continue
            }
            if path.contains(where: { $0.key == next.key }) { return false }
            switch lookup(next.key) {
            case .absent where next.isOptional:
                continue
            case .reaches(let reached) where path.count < Self.maximumDepth:
                path.append(Step(key: next.key, reached: reached))
            default:
                return false
            }
        }
        return true
    }

    private func lookup(_ key: BindingKey) -> Lookup {
        if let declaration = registry.bindings[key] {
            switch declaration.reach {
            case .nothing?: return .reaches([])
            case .autowired(let type)?: return Self.dependencies(of: type)
            case .alias(let target)?: return .reaches([Reached(key: target, isOptional: false)])
            case .parameters(let factory)?: return Self.parameters(of: factory)
            case .constructed(let type)?: return Self.parameters(of: type)
            case nil: return .unknown
            }
        }
        // A child's key it does not bind comes from its parent, or is compiled again in the child,
        // depending on what the parent's graph reaches: not followed.
        if registry.contributions[key] != nil || registry.parent != nil { return .unknown }
        guard key.tag == nil else { return .absent }
        switch UnboundKind.of(key.type) {
        case .injectable(let type): return Self.dependencies(of: type)
        case .constructed(let type): return Self.parameters(of: type)
        case .none: return .absent
        case .synthesized, .collection: return .unknown
        }
    }

    /// What compiling a typed factory's arguments looks up (see `PlanCompiler.compileArguments`).
    private static func parameters(of factory: any FactoryParameterKeys) -> Lookup {
        .reaches(factory.parameterKeys.map { Reached(key: $0, isOptional: false) })
    }

    /// What compiling `type`'s construction looks up: its initializer's parameters, and for a
    /// class that is also `Injectable`, its property fills.
    private static func parameters<X: ConstructorInjectable>(of type: X.Type) -> Lookup {
        let constructed = parameters(of: type.construction.recipe)
        guard let injectable = type as? any Injectable.Type else { return constructed }
        guard case .reaches(let parameters) = constructed, case .reaches(let properties) = dependencies(of: injectable)
        else { return .unknown }
        return .reaches(parameters + properties)
    }

    /// What compiling `type`'s property fills looks up (see `PlanCompiler.compileFill`).
    private static func dependencies<X: Injectable>(of type: X.Type) -> Lookup {
        var reached: [Reached] = []
        for dependency in DeclaredDependency.all(type.dependencies) {
            let requirement = dependency.requirement
            if requirement.isNotInjected { continue }
            guard requirement.applies(to: type), !requirement.isAssisted else { return .unknown }
            reached.append(Reached(key: requirement.key, isOptional: requirement.isOptional))
        }
        return .reaches(reached)
    }
}
