/// What a resolve program does to make one producer's value (see `ResolveProgram`).
enum Lowering {
    /// A value fixed for the container's life: a bound value, a singleton already created.
    case constant(AnyObject)
    /// An `Injectable` class made with `init()` and filled by `plan`; one per resolve when `shared`.
    case autowired(any Injectable.Type, InjectionPlan, shared: Bool)
    /// The same, seen as a value that is not a class reference (a protocol the class conforms
    /// to): once filled, the object is passed to `boxing`, which records it as that value.
    case autowiredBoxed(any Injectable.Type, InjectionPlan, boxing: ProgramFactory, shared: Bool)
    /// A typed factory called with the values of `parameters`; once per resolve when `shared`.
    case factory(ProgramFactory, [AnyProducer], shared: Bool)
    /// The value of another producer, unchanged: an alias of a class to its subclass.
    case forward(AnyProducer)
    /// An object `scope` keeps beyond one resolve, made as the inner lowering says when it keeps
    /// none; one per resolve.
    indirect case scoped(ProgramScope, Lowering)
    /// An object a `PropertyInjector` hands in, filled by `plan`.
    case existing(Any.Type, InjectionPlan)
    /// A closure factory's value, made inside the program's run, in a resolution that shares the
    /// run's `.graph` objects (see `ClosureCall`); one per resolve when `shared`.
    case closureCall(AnyProducer, shared: Bool)
    /// The closure factory of an object a scope keeps, called in its region by `make`: in the run's
    /// joined resolution, marked under construction until it returns and recorded once made (see
    /// `Producer.keptClosure(_:)`). Only a scope's lowering holds one, as what its region makes.
    case keptClosure(AnyProducer, make: (Resolution) throws -> AnyObject)
    /// No program makes it: lowering stops where it is met (`ProgramLowering.Stop.unsupported`).
    case unsupported

    /// Whether a program makes a new value each time it is met (transient object or factory call).
    var isMadeEachTimeMet: Bool {
        switch self {
        case .autowired(_, _, let shared), .autowiredBoxed(_, _, _, let shared), .factory(_, _, let shared): !shared
        case .closureCall, .keptClosure, .constant, .forward, .scoped, .existing, .unsupported: false
        }
    }

    /// Whether a program makes a new object each time it is met, by `init()` (not a factory call).
    var isTransientObject: Bool {
        switch self {
        case .autowired(_, _, let shared), .autowiredBoxed(_, _, _, let shared): !shared
        default: false
        }
    }

    /// Whether a nested run of a root made so makes anything itself: a closure's value (called as
    /// it is), a `.graph` factory's product it converts, or a constant (read as it is) gains
    /// nothing from a run around it (see `Producer.produce(_:)`).
    var makesInNestedRun: Bool {
        switch self {
        case .autowired, .autowiredBoxed, .forward, .scoped: true
        case .factory(let factory, _, let shared): !shared || factory.conversion == nil
        case .constant, .existing, .closureCall, .keptClosure, .unsupported: false
        }
    }

    /// Whether a program makes one value of it per resolve, which every reader shares.
    var isMadeOncePerResolve: Bool {
        switch self {
        case .autowired(_, _, let shared), .autowiredBoxed(_, _, _, let shared), .factory(_, _, let shared),
            .closureCall(_, let shared):
            shared
        case .keptClosure, .constant, .forward, .scoped, .existing, .unsupported:
            false
        }
    }
}
