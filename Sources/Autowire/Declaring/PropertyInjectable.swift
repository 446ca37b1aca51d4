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

    /// Called once after the container filled every declared property: set-up that needs all
    /// dependencies (subscribing, starting a timer, checking configuration) goes here.
    ///
    /// ```swift
    /// final class PriceTicker: Injectable {
    ///     var feed: PriceFeed!
    ///     var clock: TickClock!
    ///     static let dependencies: [Dependency<PriceTicker>] = [.inject(\.feed), .inject(\.clock)]
    ///
    ///     func didInjectDependencies() throws {
    ///         try feed.subscribe(every: clock.interval)
    ///     }
    /// }
    /// ```
    ///
    /// For objects in a property cycle, it runs once the whole cycle is filled, so it sees complete
    /// neighbours; objects reached first are called first. It runs after a ``PropertyInjector``
    /// fills an object too, but not on the probe instances ``Container/validate(_:checks:injectingProbes:)``
    /// creates. An error it throws fails the resolve with `injection-hook-failed` and the path to
    /// the object; a singleton whose hook throws is not kept.
    ///
    /// Implement it in the conforming class (in a hierarchy, the base class, and override it): a
    /// subclass of a class that did not implement it gets the empty default.
    func didInjectDependencies() throws
}

extension PropertyInjectable {
    /// Does nothing: a class with no set-up after injection need not implement the hook.
    public func didInjectDependencies() throws {
        InjectionHook.defaultRan(on: self)
    }
}

extension PropertyInjectable where DependencyRoot == Self {
    /// No dependencies: a class with nothing to inject need not declare the list.
    public static var dependencies: [Dependency<Self>] { [] }
}
