/// The request a ``RequestScope`` resolve was given, as the resolve's state holds it: where the
/// value lies on the caller's stack, and its type, checked before it is read. It lives only in
/// that resolve's state, which ends before `RequestScope.resolve(_:for:)` returns, so the pointer
/// never outlives the value; a `Provider` or `Lazy` starts a state of its own, with no request.
struct RequestValue {
    let type: ObjectIdentifier
    let pointer: UnsafeRawPointer

    init<Request>(type: Request.Type, pointer: UnsafeRawPointer) {
        self.type = ObjectIdentifier(Request.self)
        self.pointer = pointer
    }
}

/// Produces the request of the ongoing ``RequestScope`` resolve.
final class RequestValueProducer<Request>: Producer<Request>, @unchecked Sendable {
    init(key: BindingKey, location: SourceLocation, registry: Registry) {
        super.init(
            key: key, scope: .transient, origin: .request(location), registry: registry, registersEarly: false,
            isFactory: false)
    }

    override func produce(_ resolution: Resolution) throws -> Request {
        // Only `RequestScope.resolve(_:for:)` sets a request, pointing at its own argument, which
        // outlives the resolve; the type is checked before the memory is read as a `Request`.
        guard let request = resolution.state.pointee.request, request.type == ObjectIdentifier(Request.self) else {
            throw ResolutionError(.requestUnavailable(key, location: origin.location))
        }
        if resolution.state.pointee.isCreatingSingleton {
            throw ResolutionError(.requestScopedSingleton(request: key, location: origin.location))
        }
        return request.pointer.assumingMemoryBound(to: Request.self).pointee
    }
}
