extension Dependency {
    /// A subclass's own dependencies, for the list its base class declares.
    ///
    /// A non-final base class declares `class var dependencies: [Dependency<Base>]`; a subclass
    /// overrides it, keeps the base's list and appends its own, written against the subclass:
    ///
    /// ```swift
    /// class Screen: PropertyInjectable {
    ///     var logger: EventLog!
    ///     class var dependencies: [Dependency<Screen>] { [.inject(\.logger)] }
    /// }
    ///
    /// final class LoginScreen: Screen {
    ///     var session: Session!
    ///     override class var dependencies: [Dependency<Screen>] {
    ///         super.dependencies + Dependency.subclass(LoginScreen.self, [.inject(\.session)])
    ///     }
    /// }
    /// ```
    ///
    /// A list that names a class which is not the injected class or one of its superclasses is
    /// reported as `misdeclared-dependency`.
    public static func subclass<Subclass: AnyObject>(
        _ type: Subclass.Type, _ dependencies: [Dependency<Subclass>]
    ) -> [Dependency] {
        dependencies.map { Dependency(requirement: $0.requirement, makeStep: $0.makeStep) }
    }
}
