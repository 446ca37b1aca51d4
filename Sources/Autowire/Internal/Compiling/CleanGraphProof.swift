/// Proves, without compiling, that compiling a binding would report no problem, so that building can leave
/// it to the first resolve (costing about what registering does) while a broken binding still fails the
/// build. It follows the compiler's rules, giving up (the binding is then compiled at build time) wherever
/// the outcome is uncertain: an absent non-optional key, a cycle, a key a child does not bind itself, a
/// binding with no `StaticReach`, a synthesized type, an assisted or misdeclared property, a path deeper
/// than `maximumDepth`. A proven key compiles the same whenever it is compiled: that depends only on the
/// bindings, which never change, and on the types.
struct CleanGraphProof {
    private let registry: Registry
    /// Keys whose whole reach was found clean, with the longest path down from each (1: reaches nothing).
    private var proven: [BindingKey: Int] = [:]
    /// Kept between calls for its storage. At most `maximumDepth` long, each key once: a scan beats a set.
    private var path: [Step] = []

    /// Compiling recurses once per binding on a path (see `PlanCompiler.producerLeavingFills`): deeper keys
    /// are compiled at build time, on the builder's stack.
    static let maximumDepth = 32

    /// `proven` gets room for `bindingCount` keys up front, rather than rehashing at each doubling.
    init(registry: Registry, bindingCount: Int = 0) {
        self.registry = registry
        proven.reserveCapacity(bindingCount)
        path.reserveCapacity(8)
    }

    private struct Step {
        let key: BindingKey
        let reached: [Reached]
        var next = 0
        /// The longest path down from `key` found so far.
        var height = 1
    }

    private struct Reached {
        let key: BindingKey
        /// From an `.optional` property: its absence is no problem.
        let isOptional: Bool
    }

    private enum Lookup {
        /// Nothing provides the key (compiling reports it, unless it is optional).
        case absent
        case reaches([Reached])
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

    /// A construction's parameters, plus its property fills for a class that is also `Injectable`.
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
