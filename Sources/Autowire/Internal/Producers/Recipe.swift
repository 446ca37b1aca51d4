/// How to make one fresh value of `T`; a scoped producer decides when to call it.
///
/// Not `Sendable` itself: recipes live inside producers, immutable once published. A class, not a
/// struct: reading a generic struct stored in a generic class costs a metadata lookup on every resolve.
final class Recipe<T> {
    /// The closure factory; nil for what only a program makes (an autowired class, a typed factory),
    /// which saves an allocation per class compiled.
    private let makeValue: ((Resolution) throws -> T)?
    /// For an autowired class: its type and the plan that fills it.
    let autowired: (type: any Injectable.Type, plan: InjectionPlan)?
    /// For a typed factory: its program form, once its parameters are compiled.
    let factory: (() -> (factory: ProgramFactory, parameters: [AnyProducer])?)?
    /// For an autowired class made as a non-class `T` (a protocol): the filled object's conversion.
    let boxing: ProgramFactory?

    private init(
        make: ((Resolution) throws -> T)?, autowired: (type: any Injectable.Type, plan: InjectionPlan)?,
        factory: (() -> (factory: ProgramFactory, parameters: [AnyProducer])?)?, boxing: ProgramFactory?
    ) {
        self.makeValue = make
        self.autowired = autowired
        self.factory = factory
        self.boxing = boxing
    }

    convenience init(make: @escaping (Resolution) throws -> T) {
        self.init(make: make, autowired: nil, factory: nil, boxing: nil)
    }

    convenience init(factory: @escaping () -> (factory: ProgramFactory, parameters: [AnyProducer])?) {
        self.init(make: nil, autowired: nil, factory: factory, boxing: nil)
    }

    convenience init(autowired type: any Injectable.Type, filledBy plan: InjectionPlan, boxing: ProgramFactory? = nil) {
        self.init(make: nil, autowired: (type, plan), factory: nil, boxing: boxing)
    }

    /// An autowired object is recorded as soon as it is made, before its fills: a cycle can close there.
    var registersEarly: Bool { autowired != nil }
    /// A closure's or typed factory's value exists only once its call returns.
    var isFactory: Bool { autowired == nil }

    var isClosure: Bool { makeValue != nil }

    @inline(__always)
    func make(in resolution: Resolution) throws -> T {
        guard let makeValue else {
            throw ResolutionError(.internalInconsistency("\(T.self) is made only by a resolve program"))
        }
        return try makeValue(resolution)
    }

    /// How a program makes the value: autowired classes (main-actor ones too, checked by the program;
    /// boxed for a non-class `T`) and typed factories. A closure is called as `producer` if given
    /// (transient or `.graph`; kept objects' closures via `Producer.keptClosure(_:)`).
    func lowering(holdsReferences: Bool, shared: Bool, calledBy producer: AnyProducer? = nil) -> Lowering {
        if let autowired, holdsReferences || boxing != nil {
            return .autowired(autowired.type, autowired.plan, boxing: holdsReferences ? nil : boxing, shared: shared)
        }
        if let (factory, parameters) = factory?() { return .factory(factory, parameters, shared: shared) }
        if isClosure, let producer { return .closureCall(producer, shared: shared) }
        return .unsupported
    }
}
