/// Constructions through `@MainActor` initializers: every initializer of a type isolated to the
/// main actor, which is every type of a module built with Xcode 26's default `MainActor`
/// isolation. The same `Construction(Screen.init)` compiles there and in a nonisolated module.
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
            initializer: Self.onMainThread(initializer), labels: [], specialized: nil, fileID: fileID, line: line)
    }

    /// A construction through a `@MainActor` initializer, whose parameters graphs and error paths
    /// name by `labels`; see ``init(_:fileID:line:isolation:)``.
    public init<each Parameter>(
        _ initializer: @escaping @MainActor @Sendable (repeat each Parameter) throws -> T,
        labels: repeat ParameterLabel<each Parameter>, fileID: StaticString = #fileID, line: UInt = #line,
        isolation: MainActor = .shared
    ) {
        self.init(
            initializer: Self.onMainThread(initializer), labels: labelNames(repeat each labels), specialized: nil,
            fileID: fileID, line: line)
    }

    /// `initializer`, callable from nonisolated code, refusing to run off the main thread.
    private static func onMainThread<each Parameter>(
        _ initializer: @escaping @MainActor @Sendable (repeat each Parameter) throws -> T
    ) -> @Sendable (repeat each Parameter) throws -> T {
        // Safe: a global actor is not part of a synchronous function value's representation (the
        // two holders have one layout), and the function is called only once the check below found
        // the main actor's thread. Wrapped because Swift cannot cast variadic function values.
        let nonisolated = unsafeBitCast(
            MainActorInitializer(call: initializer), to: NonisolatedInitializer<T, repeat each Parameter>.self
        ).call
        let mainThread = MainActorThread()
        return { (parameter: repeat each Parameter) throws -> T in
            guard mainThread.isCurrent else { throw ResolutionError(.mainActorRequired(T.self)) }
            return try nonisolated(repeat each parameter)
        }
    }
}

/// A `@MainActor` initializer, held so that it can be cast (see `Construction.onMainThread`).
private struct MainActorInitializer<T, each Parameter> {
    let call: @MainActor @Sendable (repeat each Parameter) throws -> T
}

/// The same initializer seen as nonisolated.
private struct NonisolatedInitializer<T, each Parameter> {
    let call: @Sendable (repeat each Parameter) throws -> T
}
