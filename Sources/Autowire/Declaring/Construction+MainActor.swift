/// Constructions through `@MainActor` initializers: every initializer of a type isolated to the
/// main actor, which is every type of a module built with Xcode 26's default `MainActor`
/// isolation. The same `Construction(Screen.init)` compiles there and in a nonisolated module.
///
/// As with `to(factory:)` (see `BindingBuilder+MainActorFactories.swift`), Swift 6.3 picks these
/// only when the call also matches an overload that is not a parameter pack: the fixed-arity ones
/// up to six parameters, and past six the unavailable `Construction(_:labels:)` catch-all.
extension Construction {
    /// A construction through a `@MainActor` initializer, whose parameters graphs and error paths
    /// name by position.
    ///
    /// The container calls it only on the main thread: resolving the type anywhere else throws
    /// `main-actor-required` rather than racing. `isolation` only tells this initializer apart from
    /// the nonisolated one; leave the default.
    public init<each Parameter>(
        _ initializer: @escaping @MainActor @Sendable (repeat each Parameter) throws -> T,
        fileID: StaticString = #fileID, line: UInt = #line, isolation: MainActor = .shared
    ) {
        self.init(
            initializer: MainActorFunction.refusingOffMainThread(initializer, making: T.self), labels: [],
            specialized: nil, fileID: fileID, line: line)
    }

    /// A construction through a `@MainActor` initializer, whose parameters graphs and error paths
    /// name by `labels`; see ``init(_:fileID:line:isolation:)``.
    public init<each Parameter>(
        _ initializer: @escaping @MainActor @Sendable (repeat each Parameter) throws -> T,
        labels: repeat ParameterLabel<each Parameter>, fileID: StaticString = #fileID, line: UInt = #line,
        isolation: MainActor = .shared
    ) {
        self.init(
            initializer: MainActorFunction.refusingOffMainThread(initializer, making: T.self),
            labels: labelNames(repeat each labels), specialized: nil,
            fileID: fileID, line: line)
    }
}
