/// Resolves object graphs that see one request's data, at the cost of a plain resolve.
///
/// A server makes one scope at start-up and resolves each request's handler from it:
///
/// ```swift
/// let requests = try container.requestScope(for: IncomingRequest.self)
/// // for every request:
/// let handler = try requests.resolve(OrderHandler.self, for: request)
/// ```
///
/// Anything in the handler's graph can depend on `IncomingRequest` (a property, a factory or
/// constructor parameter) and gets the request being handled. The graph is compiled once per type,
/// for every request: what does not depend on the request is the container's own (its singletons
/// included), and the rest is made anew for each request.
///
/// A singleton that depends on the request is refused with `request-scoped-singleton`: it would
/// keep the first request for ever. A `Provider` or `Lazy` resolves after the request's resolve has
/// ended, so what it makes cannot depend on the request (`request-unavailable`).
///
/// When each request also needs bindings of its own, or several resolves must share per-request
/// singletons, use a child container (``Container/child(sharingAutowiredSingletons:_:)``) instead,
/// which compiles what depends on its bindings for each child.
public struct RequestScope<Request>: Sendable {
    let registry: Registry

    /// Returns an instance of `type` whose graph sees `request`.
    ///
    /// - Throws: ``ResolutionError`` naming the path to the problem, as ``Container/resolve(_:)``.
    public func resolve<T>(_ type: T.Type = T.self, for request: Request) throws(ResolutionError) -> T {
        let producer = try registry.rootProducer(of: T.self, for: BindingKey(T.self, tag: nil))
        return try BorrowedValue.lending(request) { request throws(ResolutionError) in
            try ResolutionError.catching { try producer.resolveTopLevel(request: request, seed: nil) }
        }
    }
}

extension Container {
    /// A scope whose resolves see a value of type `Request`, different for each resolve.
    ///
    /// ```swift
    /// let requests = try container.requestScope(for: IncomingRequest.self)
    /// let handler = try requests.resolve(OrderHandler.self, for: request)
    /// ```
    ///
    /// - Parameters:
    ///   - request: The type of the per-request value; this container must not bind it.
    ///   - fileID: The file that made the scope, named by errors about the request; leave the default.
    ///   - line: The line that made the scope; leave the default.
    ///   - configure: Bindings the scope adds to this container's, which may depend on `Request`
    ///     (for example a closure factory that reads a header).
    /// - Throws: ``ConfigurationError`` for problems in `configure`'s bindings, or when this
    ///   container already binds `Request`.
    public func requestScope<Request>(
        for request: Request.Type, fileID: StaticString = #fileID, line: UInt = #line,
        _ configure: (Binder) throws -> Void = { _ in }
    ) throws -> RequestScope<Request> {
        let binder = Binder(childOf: registry)
        try configure(binder)
        let key = BindingKey(Request.self, tag: nil)
        let location = SourceLocation(fileID, line)
        let requestBinding = BindingDeclaration(
            key: key, contribution: nil, explicitScope: nil, location: location, isOverride: false
        ) { compiler, register in
            let producer = RequestValueProducer<Request>(key: key, location: location, registry: compiler.registry)
            if register { compiler.register(producer) }
            return producer
        }
        binder.declarations.insert(requestBinding, at: 0)
        binder.settings.request = key
        return RequestScope(registry: try Registry(parent: registry, binder: binder))
    }
}
