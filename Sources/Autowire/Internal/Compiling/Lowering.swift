/// What a resolve program does to make one producer's value (see `ResolveProgram`).
enum Lowering {
    /// A value fixed for the container's life: a bound value, a singleton already created.
    case constant(AnyObject)
    /// An `Injectable` class made with `init()` and filled by `plan`; one per resolve when `shared`. Seen as
    /// a protocol it conforms to, `boxing` records the filled object as that value.
    case autowired(any Injectable.Type, InjectionPlan, boxing: ProgramFactory?, shared: Bool)
    /// A typed factory called with the values of `parameters`; once per resolve when `shared`.
    case factory(ProgramFactory, [AnyProducer], shared: Bool)
    /// The value of another producer, unchanged: an alias of a class to its subclass.
    case forward(AnyProducer)
    /// An object `scope` keeps beyond a resolve, made as the inner lowering says when it keeps none.
    indirect case scoped(ProgramScope, Lowering)
    /// An object a `PropertyInjector` hands in, filled by `plan`.
    case existing(Any.Type, InjectionPlan)
    /// A closure factory's value, made inside the program's run, in a resolution that shares the
    /// run's `.graph` objects (see `ClosureCall`); one per resolve when `shared`.
    case closureCall(AnyProducer, shared: Bool)
    /// A kept object's closure factory, called by `make` in its scope's region, in the run's joined
    /// resolution (see `Producer.keptClosure(_:)`). Only a scope's lowering holds one.
    case keptClosure(AnyProducer, make: (Resolution) throws -> AnyObject)
    /// No program makes it: lowering stops where it is met (`ProgramLowering.Stop.unsupported`).
    case unsupported

    /// Whether meeting it again while it is made makes it anew: a transient object always, a transient
    /// factory's product only if a `.graph` object was recorded since it began.
    func isMadeAnew(recordedSince: Bool) -> Bool {
        switch self {
        case .autowired(_, _, _, let shared): !shared
        case .factory(_, _, let shared): !shared && recordedSince
        case .closureCall, .keptClosure, .constant, .forward, .scoped, .existing, .unsupported: false
        }
    }

    /// Whether a nested run of a root made so makes anything itself: a closure's value, a `.graph` factory's
    /// converted product or a constant gains nothing from a run around it (see `Producer.produce(_:)`).
    var makesInNestedRun: Bool {
        switch self {
        case .autowired, .forward, .scoped: true
        case .factory(let factory, _, let shared): !shared || factory.conversion == nil
        case .constant, .existing, .closureCall, .keptClosure, .unsupported: false
        }
    }

    var isMadeOncePerResolve: Bool {
        switch self {
        case .autowired(_, _, _, let shared), .factory(_, _, let shared), .closureCall(_, let shared): shared
        case .keptClosure, .constant, .forward, .scoped, .existing, .unsupported:
            false
        }
    }
}
