/// How to make one fresh value of `T`; a scoped producer decides when to call it.
///
/// Not `Sendable` by declaration: recipes live inside producers, which are immutable once
/// published and vouched for as `@unchecked Sendable`.
///
/// A class, not a struct: reading a generic struct stored in a generic class costs a metadata
/// lookup on every resolve; reading a reference does not.
final class Recipe<T>: GraphValueMaker {
    /// Calls the factory (see `make(in:)`); nil for an autowired class, which only a resolve
    /// program makes, from `autowired` (no closure: one allocation, and its release, per class
    /// compiled).
    private let makeValue: ((Resolution) throws -> T)?
    /// Whether the object is recorded before its properties are filled (autowired classes), so
    /// that cycles back to it close, rather than once made.
    let registersEarly: Bool
    /// Whether `make` runs a factory that must be guarded against re-entry.
    let isFactory: Bool
    /// For an autowired class: its type and the plan that fills it, which a resolve program follows.
    let autowired: (type: any Injectable.Type, plan: InjectionPlan)?
    /// For a typed factory: its program form, once its parameters are compiled.
    let factory: (() -> (factory: ProgramFactory, parameters: [AnyProducer])?)?
    /// For an autowired class made as a `T` that is not a class (a protocol it is bound as): the
    /// conversion a program passes the filled object to.
    let boxing: ProgramFactory?

    init(
        make: @escaping (Resolution) throws -> T, registersEarly: Bool, isFactory: Bool,
        autowired: (type: any Injectable.Type, plan: InjectionPlan)? = nil,
        factory: (() -> (factory: ProgramFactory, parameters: [AnyProducer])?)? = nil,
        boxing: ProgramFactory? = nil
    ) {
        self.makeValue = make
        self.registersEarly = registersEarly
        self.isFactory = isFactory
        self.autowired = autowired
        self.factory = factory
        self.boxing = boxing
    }

    /// The recipe of an autowired class `type`: `init()`, filled by `plan`; `boxing` converts it
    /// for a program when `T` is not a class.
    init(autowired type: any Injectable.Type, filledBy plan: InjectionPlan, boxing: ProgramFactory? = nil) {
        self.makeValue = nil
        self.registersEarly = true
        self.isFactory = false
        self.autowired = (type, plan)
        self.factory = nil
        self.boxing = boxing
    }

    /// Calls the factory (a closure, or a typed factory no program calls itself) in `resolution`.
    /// An autowired class has none: only a resolve program makes it.
    @inline(__always)
    func make(in resolution: Resolution) throws -> T {
        guard let makeValue else {
            throw ResolutionError(.internalInconsistency("an autowired \(T.self) has no resolve program here"))
        }
        return try makeValue(resolution)
    }

    /// How a program makes the value: autowired classes (main-actor ones too: the program checks
    /// where it runs; boxed when `T` is not a class), and typed factories (whose program form
    /// records other values than class references boxed). A factory a program cannot call itself
    /// (a closure, a typed factory of more than 64 parameters) is called as a closure is, as
    /// `producer`, when given: a transient or `.graph` one (a scope's region calls a kept object's
    /// closure, see `Producer.keptClosure(_:)`).
    func lowering(holdsReferences: Bool, shared: Bool, calledBy producer: AnyProducer? = nil) -> Lowering {
        if let autowired {
            if holdsReferences { return .autowired(autowired.type, autowired.plan, shared: shared) }
            if let boxing { return .autowiredBoxed(autowired.type, autowired.plan, boxing: boxing, shared: shared) }
        }
        if let (factory, parameters) = factory?() { return .factory(factory, parameters, shared: shared) }
        if isFactory, let producer { return .closureCall(producer, shared: shared) }
        return .unsupported
    }
}
