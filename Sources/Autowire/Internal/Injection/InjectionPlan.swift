/// The compiled property fills of one class: a flat list of steps, each holding its value's producer so
/// injecting does no lookup; also the check of its type's first filled instance (`FirstFillCheck`).
///
/// Sendable: `steps`, `mainActor`, `hook` and what the check checks are set only while compiling (see
/// `AnyProducer`); the check's own state is `FirstFillCheck`'s.
final class InjectionPlan: FirstFillCheck, @unchecked Sendable {
    private(set) var steps: [InjectionStep] = []

    /// Makes room for `count` fills (more than one): one allocation, not a few as the array grows.
    func reserveCapacity(_ count: Int) {
        guard count > 1 else { return }
        steps.reserveCapacity(count)
    }

    func append(_ step: InjectionStep) {
        steps.append(step)
    }
    /// Set when a dependency was declared on the main actor: the plan then runs only there.
    var mainActor: (type: Any.Type, thread: MainActorThread)?
    /// Checks the first filled object for forgotten dependencies: the plan itself, once `prepare`d.
    var firstFill: FirstFillCheck? { isPrepared ? self : nil }
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

/// A `PropertyInjectable` type's plan, kept in the registry like any producer so that caching, cycle
/// checks, validation and graph export treat it alike.
///
/// Sendable: `plan` is `let` (see `InjectionPlan`); `selfProducers` is set only while compiling.
final class InjectionTargetProducer: AnyProducer, @unchecked Sendable {
    let plan = InjectionPlan()
    /// The `.graph` producers of the filled object's type that its graph reaches: during an injection
    /// each provides that object, so a dependency back (a presenter's `weak var view`) gets it.
    var selfProducers: [AnyProducer] = []

    override func lowering() -> Lowering { .existing(key.type, plan) }
}

/// The tag under which a type's property-injection plan is kept, apart from its autowired producer.
enum PropertyInjectionTarget {}
