/// Constructions through `@MainActor` initializers (every type's, under Xcode 26's default `MainActor`
/// isolation), so that `Construction(Screen.init)` compiles in either kind of module. Swift 6.3 picks
/// these only when the call also matches a non-pack overload, as `BindingBuilder+MainActorFactories.swift`
/// explains: the fixed-arity ones, and past six parameters the unavailable `Construction(_:labels:)`.
extension Construction {
    /// A construction through a `@MainActor` initializer, whose parameters graphs and error paths
    /// name by position.
    ///
    /// The container calls it only on the main thread: resolving the type anywhere else throws
    /// `main-actor-required`. `isolation` only tells it from the nonisolated one; leave the default.
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
