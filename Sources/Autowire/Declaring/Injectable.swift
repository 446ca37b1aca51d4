/// A class the container can create by itself: `init()`, then every declared dependency is filled.
///
/// No registration is needed: resolving an `Injectable` class, or a property whose type is one,
/// autowires it.
///
/// ```swift
/// final class OrderService: Injectable {
///     var clock: SystemClock!
///     static let dependencies: [Dependency<OrderService>] = [.inject(\.clock)]
/// }
/// let service = try Container().resolve(OrderService.self)
/// ```
///
/// A `public` class declares `public init() {}` (and a `public` list): the implicit initializer is
/// internal, which a public protocol's requirement does not accept. A non-final class writes
/// `public required init() {}`.
public protocol Injectable: PropertyInjectable {
    /// Creates an instance whose dependencies the container fills right after.
    init()

    /// The lifetime the container gives this type, ``Scope/graph`` by default; a binding's
    /// ``BindingBuilder/scoped(_:)`` wins over it.
    static var scope: Scope { get }
}

extension Injectable {
    /// One instance per top-level resolve, unless the type says otherwise.
    public static var scope: Scope { .graph }
}
