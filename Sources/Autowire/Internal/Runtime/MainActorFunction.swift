/// `@MainActor` functions (initializers, factories, closures) as the container calls them: from nonisolated
/// code, only on the main actor's thread; elsewhere they throw `main-actor-required` naming the type they
/// make, rather than race with the UI. Every type of a module built with Xcode 26's default `MainActor`
/// isolation has such initializers: `Construction(T.init)`, `to(factory:)`, `to(assisted:)` and
/// `@MainActor` closures take them through here.
enum MainActorFunction {
    static func refusingOffMainThread<T, each Parameter>(
        _ function: @escaping @MainActor @Sendable (repeat each Parameter) throws -> T, making product: Any.Type
    ) -> @Sendable (repeat each Parameter) throws -> T {
        // Safe: a global actor is not part of a synchronous function value's representation (the
        // two holders have one layout), and the function is called only once the check below found
        // the main actor's thread. Wrapped because Swift cannot cast variadic function values.
        let nonisolated = unsafe unsafeBitCast(
            MainActorHeld(call: function), to: NonisolatedHeld<T, repeat each Parameter>.self
        ).call
        let mainThread = MainActorThread()
        return { (parameter: repeat each Parameter) throws -> T in
            guard mainThread.isCurrent else { throw ResolutionError(.mainActorRequired(product)) }
            return try nonisolated(repeat each parameter)
        }
    }

    /// The same for an assisted factory's `function`, whose first parameter is the seed.
    static func refusingOffMainThread<T, Seed, each Parameter>(
        seeded function: @escaping @MainActor @Sendable (Seed, repeat each Parameter) throws -> T,
        making product: Any.Type
    ) -> @Sendable (Seed, repeat each Parameter) throws -> T {
        // Safe: as above; the seed is one more parameter of the same function value.
        let nonisolated = unsafe unsafeBitCast(
            SeededMainActorHeld(call: function), to: SeededNonisolatedHeld<T, Seed, repeat each Parameter>.self
        ).call
        let mainThread = MainActorThread()
        return { (seed: Seed, parameter: repeat each Parameter) throws -> T in
            guard mainThread.isCurrent else { throw ResolutionError(.mainActorRequired(product)) }
            return try nonisolated(seed, repeat each parameter)
        }
    }
}

/// A `@MainActor` function, held so that it can be cast (see `MainActorFunction`).
private struct MainActorHeld<T, each Parameter> {
    let call: @MainActor @Sendable (repeat each Parameter) throws -> T
}

/// The same function seen as nonisolated.
private struct NonisolatedHeld<T, each Parameter> {
    let call: @Sendable (repeat each Parameter) throws -> T
}

private struct SeededMainActorHeld<T, Seed, each Parameter> {
    let call: @MainActor @Sendable (Seed, repeat each Parameter) throws -> T
}

private struct SeededNonisolatedHeld<T, Seed, each Parameter> {
    let call: @Sendable (Seed, repeat each Parameter) throws -> T
}
