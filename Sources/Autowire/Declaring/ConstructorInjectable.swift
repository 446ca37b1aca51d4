/// A type the container creates through its own initializer, with no binding: its dependencies
/// are the initializer's parameters, so they can be `let` and the class a checked `Sendable`.
///
/// ```swift
/// final class OrderService: ConstructorInjectable, Sendable {
///     let repository: any OrderRepository
///     let clock: TickClock
///
///     init(repository: any OrderRepository, clock: TickClock) {
///         self.repository = repository
///         self.clock = clock
///     }
///
///     static let construction = Construction(OrderService.init)
///     static var scope: Scope { .singleton }
/// }
/// ```
///
/// Each parameter is resolved like a dependency: by its binding, or autowired when its type is
/// ``Injectable`` or `ConstructorInjectable`, or by its tag when written as ``Tagged``. Building a
/// container and ``Container/validate(_:checks:injectingProbes:)`` see every parameter, and both
/// styles mix freely in one graph. A cycle of initializers alone can never close and is an
/// `unclosable-cycle` error; one with an ``Injectable`` property on the way closes through that
/// property, like any cycle through `.graph` or `.singleton` objects.
///
/// Conform final classes, structs or enums: the requirement uses `Self`. A class that is also
/// ``Injectable`` is made by its ``construction``, then its ``PropertyInjectable/dependencies`` are
/// filled and its ``PropertyInjectable/didInjectDependencies()`` hook runs.
public protocol ConstructorInjectable {
    /// The initializer (or any function) that makes an instance from its resolved parameters.
    static var construction: Construction<Self> { get }

    /// The lifetime the container gives this type, ``Scope/graph`` by default; a binding's
    /// ``BindingBuilder/scoped(_:)`` wins over it.
    static var scope: Scope { get }
}

extension ConstructorInjectable {
    /// One instance per top-level resolve, unless the type says otherwise.
    public static var scope: Scope { .graph }
}

extension ConstructorInjectable where Self: Injectable {
    /// One instance per top-level resolve, unless the type says otherwise: the one default of a
    /// type that is both ``ConstructorInjectable`` and ``Injectable``.
    public static var scope: Scope { .graph }
}

/// How a ``ConstructorInjectable`` type is made: a function, usually its initializer, whose
/// parameters the container resolves.
///
/// ```swift
/// static let construction = Construction(OrderService.init)   // init(repository:clock:)
/// ```
///
/// Any number of parameters works, as with ``BindingBuilder/to(factory:)``; an error the function
/// throws fails the resolve as `factory-failed`, with the `file:line` where `Construction` was
/// written.
public struct Construction<T>: Sendable {
    let recipe: any ConstructionRecipe

    /// A construction through `initializer`, whose parameters graphs and error paths name by
    /// position (`parameter 2 of OrderService's factory`).
    public init<each Parameter>(
        _ initializer: @escaping @Sendable (repeat each Parameter) throws -> T, fileID: StaticString = #fileID,
        line: UInt = #line
    ) {
        self.init(initializer: initializer, labels: [], specialized: nil, fileID: fileID, line: line)
    }

    /// A construction through `initializer`, whose parameters graphs and error paths name by
    /// `labels`, one per parameter (see ``ParameterLabel``).
    ///
    /// ```swift
    /// static let construction = Construction(OrderService.init, labels: "repository", "clock")
    /// ```
    public init<each Parameter>(
        _ initializer: @escaping @Sendable (repeat each Parameter) throws -> T,
        labels: repeat ParameterLabel<each Parameter>, fileID: StaticString = #fileID, line: UInt = #line
    ) {
        self.init(
            initializer: initializer, labels: labelNames(repeat each labels), specialized: nil, fileID: fileID,
            line: line)
    }

    /// What every initializer comes to; the fixed-arity ones add the call specialized in the
    /// caller's module (see `FactoryArguments`).
    @usableFromInline
    init<each Parameter>(
        initializer: @escaping @Sendable (repeat each Parameter) throws -> T, labels: [String?],
        specialized: SpecializedFactoryCall?, fileID: StaticString, line: UInt
    ) {
        recipe = ConstructorFactory<T, repeat each Parameter>(
            initializer, labels: labels, specialized: specialized, location: SourceLocation(fileID, line))
    }
}

extension Construction where T == Never {
    /// Refuses labels that are not one per parameter of the initializer, with a message saying so;
    /// see ``init(_:labels:fileID:line:)``. It also lets Swift 6.3 pick the `@MainActor` twin past six
    /// parameters (see `Construction+MainActor.swift`).
    @available(
        *, unavailable,
        message:
            "Construction(_:labels:) takes one label per parameter of the initializer, in order (\"_\" or \"\" for one named by its position)"
    )
    public init<Function>(
        _ initializer: Function, labels: ParameterLabel<Never>..., fileID: StaticString = #fileID, line: UInt = #line
    ) {
        // Never runs: the compiler refuses every call. An initializer must still set `recipe`.
        self.init(
            initializer: { () throws -> Never in throw CancellationError() }, labels: [], specialized: nil,
            fileID: fileID, line: line)
    }
}
