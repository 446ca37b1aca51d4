/// How to make one fresh value of `T`; a scoped producer decides when to call it.
///
/// Not `Sendable` by declaration: recipes live inside producers, which are immutable once
/// published and vouched for as `@unchecked Sendable`.
///
/// A class, not a struct: reading a generic struct stored in a generic class costs a metadata
/// lookup on every resolve; reading a reference does not.
final class Recipe<T> {
    /// The closure factory `make(in:)` calls; nil for what only a resolve program makes (an
    /// autowired class, a typed factory), which saves an allocation per class compiled.
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

    private init(
        make: ((Resolution) throws -> T)?, registersEarly: Bool, isFactory: Bool,
        autowired: (type: any Injectable.Type, plan: InjectionPlan)?,
        factory: (() -> (factory: ProgramFactory, parameters: [AnyProducer])?)?, boxing: ProgramFactory?
    ) {
        self.makeValue = make
        self.registersEarly = registersEarly
        self.isFactory = isFactory
        self.autowired = autowired
        self.factory = factory
        self.boxing = boxing
    }

    /// The recipe of a closure factory, which `make` calls in a resolution.
    convenience init(make: @escaping (Resolution) throws -> T) {
        self.init(make: make, registersEarly: false, isFactory: true, autowired: nil, factory: nil, boxing: nil)
    }

    /// The recipe of a typed factory, which a program calls in the form `factory` gives once the
    /// factory's parameters are compiled.
    convenience init(factory: @escaping () -> (factory: ProgramFactory, parameters: [AnyProducer])?) {
        self.init(make: nil, registersEarly: false, isFactory: true, autowired: nil, factory: factory, boxing: nil)
    }

    /// The recipe of an autowired class `type`: `init()`, filled by `plan`; `boxing` converts it
    /// for a program when `T` is not a class.
    convenience init(autowired type: any Injectable.Type, filledBy plan: InjectionPlan, boxing: ProgramFactory? = nil) {
        self.init(
            make: nil, registersEarly: true, isFactory: false, autowired: (type, plan), factory: nil, boxing: boxing)
    }

    /// Whether it calls a closure factory, which a program calls as a closure is.
    var isClosure: Bool { makeValue != nil }

    /// Calls the closure factory in `resolution`.
    @inline(__always)
    func make(in resolution: Resolution) throws -> T {
        guard let makeValue else {
            throw ResolutionError(.internalInconsistency("\(T.self) is made only by a resolve program"))
        }
        return try makeValue(resolution)
    }

    /// How a program makes the value: autowired classes (main-actor ones too: the program checks
    /// where it runs; boxed when `T` is not a class), and typed factories. A closure factory is
    /// called as `producer`, when given: a transient or `.graph` one (a scope's region calls a kept
    /// object's closure, see `Producer.keptClosure(_:)`).
    func lowering(holdsReferences: Bool, shared: Bool, calledBy producer: AnyProducer? = nil) -> Lowering {
        if let autowired {
            if holdsReferences { return .autowired(autowired.type, autowired.plan, shared: shared) }
            if let boxing { return .autowiredBoxed(autowired.type, autowired.plan, boxing: boxing, shared: shared) }
        }
        if let (factory, parameters) = factory?() { return .factory(factory, parameters, shared: shared) }
        if isClosure, let producer { return .closureCall(producer, shared: shared) }
        return .unsupported
    }
}
