public import Autowire

/// Who may use the API: the names of ``TeamSettings/users``.
///
/// A constructor-injected singleton with no binding: the container calls ``init(names:)`` with the
/// names tagged ``KnownUsers``.
public final class UserDirectory: ConstructorInjectable, Sendable {
    private let names: Set<String>

    /// A directory of `names`.
    public init(names: Tagged<KnownUsers>) {
        self.names = Set(names.value)
    }

    /// How the container makes it: through ``init(names:)``.
    public static let construction = Construction(UserDirectory.init, labels: "names")

    /// One for the whole app.
    public static var scope: Scope { .singleton }

    /// The user named `name`, or nil when the API does not know them.
    public func user(named name: String) -> CurrentUser? {
        names.contains(name) ? CurrentUser(name: name) : nil
    }
}
