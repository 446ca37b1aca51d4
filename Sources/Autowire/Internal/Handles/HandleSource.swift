/// Where a `Provider`, `Lazy` or `AssistedFactory` gets its values: the container that made it,
/// or the closure it was made from by hand. Chosen once, when the wrapper is made.
enum HandleSource<Make: Sendable>: Sendable {
    case container(ContainerHandle)
    /// The closure, and where the wrapper was made: the location of the errors it throws.
    case closure(Make, SourceLocation)
}

extension ResolutionError {
    /// Runs the closure of a hand-made wrapper of `T` made at `location`: its own resolution
    /// errors pass through, any other error becomes `factory-failed` there.
    static func wrappingHandMade<T, R>(_ type: T.Type, at location: SourceLocation, _ body: () throws -> R)
        throws(ResolutionError) -> R
    {
        do {
            return try body()
        } catch let error as ResolutionError {
            throw error
        } catch {
            throw ResolutionError(
                .factoryFailed(BindingKey(T.self, tag: nil), location: location, error: error), underlyingError: error)
        }
    }
}
