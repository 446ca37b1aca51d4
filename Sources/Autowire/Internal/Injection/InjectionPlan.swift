/// The compiled property fills of one class: a flat list of steps, each holding its value's
/// producer directly, so injecting does no lookup. The plan is also the check of its type's first
/// filled instance (see `FirstFillCheck`).
///
/// Sendable: `steps`, `mainActor`, `hook` and what the check checks are written only while
/// compiling, under `registry.table`'s write lock, before the owning producer is published, and
/// only read after; the check's own state is `FirstFillCheck`'s.
final class InjectionPlan: FirstFillCheck, @unchecked Sendable {
    /// Filled in while compiling (see `append`); immutable once the owning producer is published.
    private(set) var steps: [InjectionStep] = []

    /// Makes room for `count` fills (more than one): one allocation, not a few as the array grows.
    func reserveCapacity(_ count: Int) {
        guard count > 1 else { return }
        steps.reserveCapacity(count)
    }

    /// Adds a fill, while compiling.
    func append(_ step: InjectionStep) {
        steps.append(step)
    }
    /// Set when a dependency was declared on the main actor: the plan then runs only there.
    var mainActor: (type: Any.Type, thread: MainActorThread)?
    /// Checks the first filled object for forgotten dependencies: the plan itself, once `prepare`d.
    var firstFill: FirstFillCheck? { isPrepared ? self : nil }
    /// Calls the class's `didInjectDependencies()` once an object is complete; set while compiling.
    var hook: InjectionHook?

    /// Refuses a main-actor plan off the main actor; called before creating the object too, so a
    /// main-actor `init()` never runs elsewhere.
    @inline(__always)
    func checkThread() throws {
        if let mainActor, !mainActor.thread.isCurrent {
            throw ResolutionError(.mainActorRequired(mainActor.type))
        }
    }
}

/// A `PropertyInjectable` type's plan, kept in the registry like any producer so that caching,
/// cycle checks, validation and graph export treat it the same way.
///
/// Sendable: `plan` is `let` (see `InjectionPlan`), and `selfProducers` is set only while
/// compiling, under `registry.table`'s write lock, before the producer is published; the rest is
/// `AnyProducer`'s.
final class InjectionTargetProducer: AnyProducer, @unchecked Sendable {
    let plan = InjectionPlan()
    /// The `.graph` producers of the filled object's own type that its graph reaches (its class's
    /// own, and the `InjectedObjectProducer` compiled when nothing else provides it): during an
    /// injection, each provides the object being filled, so that a dependency back to it (a
    /// presenter's `weak var view`) receives that very object. Set while compiling.
    var selfProducers: [AnyProducer] = []

    init(key: BindingKey, registry: Registry) {
        super.init(
            key: key, scope: .transient, origin: .synthesized, registry: registry, registersEarly: false,
            isFactory: false)
    }

    override func lowering() -> Lowering { .existing(key.type, plan) }
}

/// The tag under which a type's property-injection plan is kept, apart from its autowired producer.
enum PropertyInjectionTarget {}
