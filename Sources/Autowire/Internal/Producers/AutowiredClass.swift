/// How the plan compiler makes the producer of an autowired class provided as itself, with no
/// binding: one per class for the life of the process, holding the metadata of the generic types
/// such a producer is made of.
///
/// Code generic over the class, as compiling is, looks up the metadata of `GraphProducer<X>` and
/// `Recipe<X>` in the runtime's table each time it makes one (about 460 instructions each); made
/// through the metatypes kept here, they need no lookup. Only the producer type of the scope the
/// class declared is kept (another's metadata would be made, and kept, for nothing); any other
/// scope is made the generic way (`PlanCompiler.autowiredProducer`). A closure holds the
/// metatypes: an object of a generic class would cost every class its own metadata too.
final class AutowiredClass {
    /// Every class's, by its type's identity: entries are kept for the life of the process, as the
    /// runtime keeps the metadata they hold.
    private static let classes = PerTypeCache<AutowiredClass>()

    /// Makes the producer in a scope of the kind given, with its plan; nil for another kind.
    private let make: (BindingKey, Scope.Kind, Registry) -> (AnyProducer, InjectionPlan)?

    private init(make: @escaping (BindingKey, Scope.Kind, Registry) -> (AnyProducer, InjectionPlan)?) {
        self.make = make
    }

    /// The entry of `type`, which declares `scope`, made the first time it is asked for.
    static func of<X: Injectable>(_ type: X.Type, declaring scope: Scope) -> AutowiredClass {
        classes.entry(for: ObjectIdentifier(type)) { AutowiredClass(make: maker(of: X.self, declaring: scope.kind)) }
    }

    /// The producer of the class in `scope`, for `registry`, with the plan its fills are compiled
    /// into; nil for a scope whose producer is made the generic way.
    func producer(key: BindingKey, scope: Scope, registry: Registry) -> (AnyProducer, InjectionPlan)? {
        guard registry.resettableStorage(for: scope) == nil else { return nil }
        return make(key, scope.kind, registry)
    }

    private static func maker<X: Injectable>(of _: X.Type, declaring declared: Scope.Kind)
        -> (BindingKey, Scope.Kind, Registry) -> (AnyProducer, InjectionPlan)?
    {
        let recipeType = Recipe<X>.self
        func recipe(_ plan: InjectionPlan) -> Recipe<X> { recipeType.init(autowired: X.self, filledBy: plan) }
        switch declared {
        case .graph:
            let producerType = GraphProducer<X>.self
            return { key, kind, registry in
                guard kind == .graph else { return nil }
                let plan = InjectionPlan()
                return (
                    producerType.init(key: key, origin: .autowired, registry: registry, recipe: recipe(plan)), plan
                )
            }
        case .singleton:
            let producerType = SingletonProducer<X>.self
            return { key, kind, registry in
                guard kind == .singleton else { return nil }
                let plan = InjectionPlan()
                return (
                    producerType.init(key: key, origin: .autowired, registry: registry, recipe: recipe(plan)), plan
                )
            }
        case .transient:
            let producerType = TransientProducer<X>.self
            return { key, kind, registry in
                guard kind == .transient else { return nil }
                let plan = InjectionPlan()
                return (
                    producerType.init(key: key, origin: .autowired, registry: registry, recipe: recipe(plan)), plan
                )
            }
        case .weak, .custom:
            return { _, _, _ in nil }
        }
    }
}
