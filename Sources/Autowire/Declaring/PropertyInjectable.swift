/// A class whose properties the container can fill.
///
/// Conform objects that something else creates — a UI framework, a test runner, a decoder — and
/// list what they need in ``dependencies``. Fill them with ``Container/inject(into:)`` or, when the
/// same kind of object is filled many times, with a ``PropertyInjector``.
///
/// ```swift
/// final class CheckoutScreen: PropertyInjectable {
///     var orders: OrderService!
///     static let dependencies: [Dependency<CheckoutScreen>] = [.inject(\.orders)]
/// }
/// ```
///
/// A non-final base class declares `class var dependencies: [Dependency<Base>]`; subclasses
/// override it and append their own (see ``Dependency``).
public protocol PropertyInjectable: AnyObject {
    /// The class the dependency list is written against: the conforming class itself, or the
    /// base class of a hierarchy.
    associatedtype DependencyRoot: AnyObject = Self

    /// The properties the container fills, in the order it fills them.
    static var dependencies: [Dependency<DependencyRoot>] { get }
}

extension PropertyInjectable where DependencyRoot == Self {
    /// No dependencies: a class with nothing to inject need not declare the list.
    public static var dependencies: [Dependency<Self>] { [] }
}
