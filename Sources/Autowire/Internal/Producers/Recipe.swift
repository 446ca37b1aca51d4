/// How to make one fresh value of `T`; a scoped producer decides when to call it.
///
/// Not `Sendable` by declaration: recipes live inside producers, which are immutable once
/// published and vouched for as `@unchecked Sendable`.
///
/// A class, not a struct: reading a generic struct stored in a generic class costs a metadata
/// lookup on every resolve; reading a reference does not.
final class Recipe<T>: GraphValueMaker {
    /// Makes the value (see `make(_:_:)`); nil for an autowired class, whose recipe makes it from
    /// `autowired` with no closure of its own (one allocation, and its release, per class compiled).
    private let makeValue: ((Resolution, AnyProducer?) throws -> T)?
    /// For an autowired class: the key and where it was bound, which a failed upcast names.
    private let provided: (key: BindingKey, location: SourceLocation?)?
    /// Whether `make` records the object early (autowired classes) rather than only returning it.
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
        make: @escaping (Resolution, AnyProducer?) throws -> T, registersEarly: Bool, isFactory: Bool,
        autowired: (type: any Injectable.Type, plan: InjectionPlan)? = nil,
        factory: (() -> (factory: ProgramFactory, parameters: [AnyProducer])?)? = nil,
        boxing: ProgramFactory? = nil
    ) {
        self.makeValue = make
        self.provided = nil
        self.registersEarly = registersEarly
        self.isFactory = isFactory
        self.autowired = autowired
        self.factory = factory
        self.boxing = boxing
    }

    /// The recipe of an autowired class `type`, provided as a `T` for `key` (bound at `location`):
    /// `init()`, filled by `plan`; `boxing` converts it for a program when `T` is not a class.
    init(
        autowired type: any Injectable.Type, filledBy plan: InjectionPlan, key: BindingKey, location: SourceLocation?,
        boxing: ProgramFactory? = nil
    ) {
        self.makeValue = nil
        self.provided = (key, location)
        self.registersEarly = true
        self.isFactory = false
        self.autowired = (type, plan)
        self.factory = nil
        self.boxing = boxing
    }

    /// Makes the value. When `registration` is given, an object records itself under that producer
    /// as soon as it exists, before its properties are filled, so cycles back to it close.
    @inline(__always)
    func make(_ resolution: Resolution, _ registration: AnyProducer?) throws -> T {
        if let makeValue { return try makeValue(resolution, registration) }
        return try makeAutowired(resolution, registration)
    }

    private func makeAutowired(_ resolution: Resolution, _ registration: AnyProducer?) throws -> T {
        guard let autowired, let provided else {
            throw ResolutionError(.internalInconsistency("a recipe of \(T.self) has nothing to make it with"))
        }
        return try PlanCompiler.make(
            autowired.type, as: T.self, filledBy: autowired.plan, key: provided.key, location: provided.location,
            in: resolution, registeringAs: registration)
    }

    /// How a program makes the value: autowired classes (main-actor ones too: the program checks
    /// where it runs; boxed when `T` is not a class), and typed factories (whose program form
    /// records other values than class references boxed). A factory a program cannot call itself
    /// (a closure, a typed factory of more than 64 parameters) is called as a closure is, as
    /// `producer`, when given: a transient or `.graph` one (a scope's region calls a kept object's
    /// closure, see `Producer.keptClosure(_:)`).
    func lowering(holdsReferences: Bool, shared: Bool, calledRecursivelyAs producer: AnyProducer? = nil) -> Lowering {
        if let autowired {
            if holdsReferences { return .autowired(autowired.type, autowired.plan, shared: shared) }
            if let boxing { return .autowiredBoxed(autowired.type, autowired.plan, boxing: boxing, shared: shared) }
        }
        if let (factory, parameters) = factory?() { return .factory(factory, parameters, shared: shared) }
        if isFactory, let producer { return .recursive(producer, shared: shared) }
        return .unsupported
    }

    /// Makes a value that is recorded only once made (see `Resolution.graphValue`).
    @inline(__always)
    func make(in resolution: Resolution) throws -> T { try make(resolution, nil) }
}
