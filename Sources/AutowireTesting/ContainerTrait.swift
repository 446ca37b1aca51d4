public import Autowire
public import Testing

/// A Swift Testing trait that runs each test with a container of its own, built for that test, so
/// no test changes a container that another test uses.
///
/// Use `.overriding(_:sharingBaseInstances:_:)` to run against a copy of the app's container with
/// some bindings overridden, or `.container(_:)` to start from an empty container. Inside
/// the test, ``TestContainer/current(fileID:line:)`` returns the container:
///
/// ```swift
/// @Test(.overriding(AppContainer.shared) { binder in
///     binder.override(Mailer.self).to(value: RecordingMailer())
/// })
/// func signingUpSendsAWelcomeMail() throws {
///     let signUp = try TestContainer.current().resolve(SignUp.self)
///     …
/// }
/// ```
///
/// On a suite, the trait applies to every test in it, and each test gets a new container. Tests
/// share no kept instance (singletons, custom-scope and weak instances) with each other or with the
/// base container, so tests that run in parallel never see each other's state; a test opts in to
/// the base's instances with `sharingBaseInstances: true`.
public struct ContainerTrait: TestTrait, SuiteTrait, TestScoping {
    let makeContainer: @Sendable () async throws -> Container

    /// Every test of a suite gets a container of its own.
    public var isRecursive: Bool { true }

    /// Builds the test's container and runs the test with it as ``TestContainer/current(fileID:line:)``.
    ///
    /// A problem in the bindings fails the test with the `ConfigurationError` that lists them.
    public func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        let container = try await makeContainer()
        try await TestContainer.$storage.withValue(container) {
            try await function()
        }
    }
}

extension Trait where Self == ContainerTrait {
    /// Runs each test against a new container with the bindings of `base` and those `configure`
    /// adds or overrides.
    ///
    /// By default the test's container is `base.isolatedCopy(configure)`: it shares no instance
    /// with `base` or with other tests, every singleton bound in `base` is made anew for the test,
    /// and an override reaches everything, singletons included. With `sharingBaseInstances: true`
    /// it is a child of `base` instead (`base.child(configure)`): the singletons `base` binds are
    /// shared with the app and every such test, and an override that one of them would need
    /// fails the test's container with `override-not-reaching`.
    ///
    /// - Parameters:
    ///   - base: The app's container. It is evaluated once per test, and an error building it fails
    ///     the test.
    ///   - sharingBaseInstances: Whether the test uses `base`'s own instances rather than copies.
    ///   - configure: The test's bindings and overrides.
    public static func overriding(
        _ base: @autoclosure @escaping @Sendable () throws -> Container,
        sharingBaseInstances: Bool = false,
        _ configure: @escaping @Sendable (Binder) throws -> Void
    ) -> Self {
        if sharingBaseInstances {
            return ContainerTrait { try base().child(configure) }
        }
        return ContainerTrait { try base().isolatedCopy(configure) }
    }

    /// Runs each test against a new container with the bindings `configure` declares.
    public static func container(_ configure: @escaping @Sendable (Binder) throws -> Void) -> Self {
        ContainerTrait { try Container(configure) }
    }
}

/// The same traits for bindings written on the main actor: in a module built with Xcode 26's
/// default `MainActor` isolation, where the app's container and the test doubles are `@MainActor`.
extension Trait where Self == ContainerTrait {
    /// Runs each test against a new container with the bindings of `base` and those `configure`,
    /// a `@MainActor` closure, adds or overrides; see ``overriding(_:sharingBaseInstances:_:)``.
    ///
    /// ```swift
    /// @Test(.overriding(try AppContainer.make()) { @MainActor binder in
    ///     binder.override(Mailer.self).to(value: recorder)
    /// })
    /// ```
    ///
    /// Both closures run on the main actor. `isolation` only tells this trait apart from the
    /// nonisolated one; leave the default.
    public static func overriding(
        _ base: @autoclosure @escaping @MainActor @Sendable () throws -> Container,
        sharingBaseInstances: Bool = false,
        _ configure: @escaping @MainActor @Sendable (Binder) throws -> Void, isolation: MainActor = .shared
    ) -> Self {
        ContainerTrait {
            try await MainActor.run {
                let base = try base()
                if sharingBaseInstances { return try base.child { try configure($0) } }
                return try base.isolatedCopy { try configure($0) }
            }
        }
    }

    /// Runs each test against a new container with the bindings a `@MainActor` closure declares;
    /// see ``container(_:)``.
    public static func container(
        _ configure: @escaping @MainActor @Sendable (Binder) throws -> Void, isolation: MainActor = .shared
    ) -> Self {
        ContainerTrait { try await MainActor.run { try Container { try configure($0) } } }
    }
}
