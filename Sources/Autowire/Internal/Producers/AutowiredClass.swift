/// How the plan compiler makes the producer of an autowired class provided as itself, with no
/// binding: one per class for the life of the process, holding the metadata of the generic types
/// such a producer is made of.
///
/// Code generic over the class, as compiling is, looks up the metadata of `GraphProducer<X>` and
/// `Recipe<X>` in the runtime's table each time it makes one: about 460 instructions each, 5,500
/// of a fresh container's first resolve of six classes. Made through the metatypes kept here, they
/// need no lookup. A scope whose producer is not kept here (`.weak`, a custom or resettable one)
/// is made the generic way (`PlanCompiler.autowiredProducer`).
class AutowiredClass {
    /// Every class's, by its type's identity: entries are kept for the life of the process, as the
    /// runtime keeps the metadata they hold.
    private static let classes = PerTypeCache<AutowiredClass>()

    /// The entry of `type`, made the first time it is asked for.
    static func of<X: Injectable>(_ type: X.Type) -> AutowiredClass {
        classes.entry(for: ObjectIdentifier(type)) { AutowiredClassOf<X>() }
    }

    /// The producer of the class in `scope`, for `registry`, with the plan its fills are compiled
    /// into; nil for a scope whose producer is made the generic way.
    func producer(key: BindingKey, scope: Scope, registry: Registry) -> (AnyProducer, InjectionPlan)? { nil }
}

/// The `AutowiredClass` of `X`.
private final class AutowiredClassOf<X: Injectable>: AutowiredClass {
    private let recipe = Recipe<X>.self
    private let graph = GraphProducer<X>.self
    private let singleton = SingletonProducer<X>.self
    private let transient = TransientProducer<X>.self

    override func producer(key: BindingKey, scope: Scope, registry: Registry) -> (AnyProducer, InjectionPlan)? {
        guard registry.resettableStorage(for: scope) == nil else { return nil }
        let plan = InjectionPlan()
        let recipe = recipe.init(autowired: X.self, filledBy: plan, key: key, location: nil)
        switch scope.kind {
        case .graph: return (graph.init(key: key, origin: .autowired, registry: registry, recipe: recipe), plan)
        case .singleton: return (singleton.init(key: key, origin: .autowired, registry: registry, recipe: recipe), plan)
        case .transient: return (transient.init(key: key, origin: .autowired, registry: registry, recipe: recipe), plan)
        case .weak, .custom: return nil
        }
    }
}
