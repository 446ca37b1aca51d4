public import Autowire

/// The error thrown by ``TestContainer/current(fileID:line:)`` in a test that has no
/// ``ContainerTrait``.
public struct MissingTestContainerError: Error, CustomStringConvertible {
    /// What is wrong, where, and how to fix it.
    public let diagnostic: Diagnostic

    init(location: SourceLocation) {
        diagnostic = Diagnostic(
            code: Diagnostic.Code("missing-test-container"),
            message: "TestContainer.current() was called in a test that has no container trait.",
            location: location,
            fix: "Add `.overriding(appContainer) { binder in … }` or `.container { binder in … }` to the test's "
                + "`@Test(…)` or to its `@Suite(…)`.")
    }

    /// The diagnostic, on several lines.
    public var description: String { diagnostic.description }
}
