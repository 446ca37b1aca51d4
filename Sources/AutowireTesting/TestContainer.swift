public import Autowire

/// The container of the running test, set by a ``ContainerTrait``.
public enum TestContainer {
    @TaskLocal static var storage: Container?

    /// Returns the container the test's ``ContainerTrait`` built for it.
    ///
    /// The container follows the test into child tasks. Code that runs outside the test's task
    /// (a detached task, another thread) does not see it: pass the container along instead.
    ///
    /// - Throws: ``MissingTestContainerError`` when neither the test nor its suite has the trait.
    public static func current(
        fileID: StaticString = #fileID, line: UInt = #line
    ) throws(MissingTestContainerError) -> Container {
        guard let container = storage else {
            throw MissingTestContainerError(location: SourceLocation(fileID: "\(fileID)", line: Int(line)))
        }
        return container
    }
}
