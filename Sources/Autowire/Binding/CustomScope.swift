/// Names a lifetime of your own, such as a signed-in user's session: instances in it are shared
/// until you reset it.
///
/// Declare the scope as a type, scope bindings or classes to it, and reset it when the lifetime
/// ends:
///
/// ```swift
/// enum Session: CustomScope {}
///
/// final class ShoppingCart: Injectable {
///     static var scope: Scope { .custom(Session.self) }
/// }
/// let container = try Container { binder in
///     binder.bind(UserProfile.self).scoped(.custom(Session.self)).to { _ in UserProfile.load() }
/// }
/// // … on sign-out:
/// container.reset(Session.self)
/// ```
///
/// See ``Container/reset(_:)`` for what a reset guarantees to resolves running on other threads.
public protocol CustomScope {}
