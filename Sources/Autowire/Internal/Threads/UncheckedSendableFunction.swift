/// A function from a module built in the Swift 5 language mode, seen as `@Sendable`.
///
/// There an initializer reference such as `Mailer.init` is not inferred `@Sendable` (SE-0418 is
/// on only in Swift 6), so passing it where `@Sendable` is required warns on every
/// `Construction(T.init)` and `to(factory: T.init)`. The overloads that take such functions are
/// obsoleted in Swift 6, where the checked ones are the only ones seen; Swift 5 mode checks
/// nothing about sharing across threads, and this keeps that promise, no more.
struct UncheckedSendableFunction<T, each Parameter>: @unchecked Sendable {
    let call: (repeat each Parameter) throws -> T

    /// The function as the `@Sendable` one the library stores.
    var sendable: @Sendable (repeat each Parameter) throws -> T {
        { (parameter: repeat each Parameter) throws -> T in try call(repeat each parameter) }
    }
}

/// The same for an assisted factory's function, whose first parameter is the seed.
struct UncheckedSendableSeededFunction<T, Seed, each Parameter>: @unchecked Sendable {
    let call: (Seed, repeat each Parameter) throws -> T

    /// The function as the `@Sendable` one the library stores.
    var sendable: @Sendable (Seed, repeat each Parameter) throws -> T {
        { (seed: Seed, parameter: repeat each Parameter) throws -> T in try call(seed, repeat each parameter) }
    }
}
