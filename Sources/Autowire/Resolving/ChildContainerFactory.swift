/// Makes child containers of the container that injected it: a feature or a request gets its own
/// bindings on top of the app's (Cleanse's `ComponentFactory`).
///
/// Declare a `ChildContainerFactory` dependency; no binding is needed:
///
/// ```swift
/// final class RequestRouter: Injectable {
///     var requestContainers: ChildContainerFactory!
///     static let dependencies: [Dependency<RequestRouter>] = [.inject(\.requestContainers)]
///
///     func handle(_ request: Request) throws -> Response {
///         let scope = try requestContainers.makeChild { $0.bind(Request.self).to(value: request) }
///         return try scope.resolve(RequestHandler.self).respond()
///     }
/// }
/// ```
///
/// The factory holds its container as a ``Provider`` does: weakly when an object the container keeps
/// holds it, and ``makeChild(_:)`` then throws `container-released` once the container is released. A
/// child it made keeps its parent alive, as every child does.
public struct ChildContainerFactory: Sendable {
    private let parent: RegistryReference

    init(parent: Registry, weakly: Bool) { self.parent = RegistryReference(parent, weakly: weakly) }

    /// Returns a child of the container that made this factory, with the bindings `configure`
    /// declares; the same as ``Container/child(sharingAutowiredSingletons:_:)`` on that container.
    ///
    /// - Throws: ``ConfigurationError`` for problems in the child's bindings; ``ResolutionError``
    ///   (`container-released`) when the container is gone.
    public func makeChild(_ configure: (Binder) throws -> Void) throws -> Container {
        guard let parent = parent.registry else {
            throw ResolutionError(
                .containerReleased(BindingKey(Container.self, tag: nil), handle: "ChildContainerFactory.makeChild(_:)"))
        }
        return try Container(registry: parent).child(configure)
    }
}
