public import Autowire
public import Vapor

/// Where the app's container lives in a Vapor app: in `Application.storage`, set once by
/// `configure(_:container:)`, beside the request scope that resolves each request's graphs.
extension Application {
    private struct ContainerKey: StorageKey {
        typealias Value = Container
    }

    private struct RequestScopeKey: StorageKey {
        typealias Value = RequestScope<Request>
    }

    /// Keeps `container` and the request scope made over it (``AppContainer/requestScope(over:)``).
    public func useContainer(_ container: Container, requests: RequestScope<Request>) {
        storage[ContainerKey.self] = container
        storage[RequestScopeKey.self] = requests
    }

    /// The app's container: app-wide singletons and bindings.
    ///
    /// - Throws: `Abort(.internalServerError)` when `configure(_:)` has not set it.
    public var container: Container {
        get throws {
            guard let container = storage[ContainerKey.self] else { throw Self.notConfigured }
            return container
        }
    }

    /// The request scope over ``container``: each request's graph sees its `Request`.
    ///
    /// - Throws: `Abort(.internalServerError)` when `configure(_:)` has not set it.
    public var requests: RequestScope<Request> {
        get throws {
            guard let requests = storage[RequestScopeKey.self] else { throw Self.notConfigured }
            return requests
        }
    }

    private static var notConfigured: Abort {
        Abort(.internalServerError, reason: "The app has no container: configure(_:) sets it, before any request.")
    }
}
