/// Makes the producer of an autowired class provided as itself, without a binding, through metatypes
/// kept per class for the process's life: generic code, as compiling is, would look up the metadata of
/// `RecipeProducer<X>` and `Recipe<X>` for each producer (~460 instructions each). Only the declared
/// scope's producer type is kept (another's metadata would be made for nothing); other scopes go the
/// generic way (`PlanCompiler.autowiredProducer`). A closure holds the metatypes: a generic class's
/// object would cost every class its own metadata too.
final class AutowiredClass {
    /// By type identity, kept for the process's life as the runtime keeps the metadata they hold.
    private static let classes = PerTypeCache<AutowiredClass>()

    /// Makes the producer in a scope of the kind given, with its plan; nil for another kind.
    private let make: (BindingKey, Scope.Kind, Registry) -> (AnyProducer, InjectionPlan)?

    private init(make: @escaping (BindingKey, Scope.Kind, Registry) -> (AnyProducer, InjectionPlan)?) {
        self.make = make
    }

    /// The entry of `type`, which declares `scope`, made on first use.
    static func of<X: Injectable>(_ type: X.Type, declaring scope: Scope) -> AutowiredClass {
        classes.entry(for: ObjectIdentifier(type)) { AutowiredClass(make: maker(of: X.self, declaring: scope.kind)) }
    }

    /// The class's producer in `scope`, with the plan its fills compile into; nil for the generic way.
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
        case .graph, .transient:
            let producerType = RecipeProducer<X>.self
            return { key, kind, registry in
                guard kind == declared else { return nil }
                let plan = InjectionPlan()
                // The scope made here, not captured: a `Scope` would grow every class's closure context.
                let scope: Scope = kind == .graph ? .graph : .transient
                return (
                    producerType.init(
                        key: key, scope: scope, origin: .autowired, registry: registry, recipe: recipe(plan)),
                    plan
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
        case .weak, .custom:
            return { _, _, _ in nil }
        }
    }
}
