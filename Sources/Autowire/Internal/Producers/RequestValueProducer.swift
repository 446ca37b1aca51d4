/// Produces the request of the ongoing ``RequestScope`` resolve.
///
/// Sendable: `read` is `let`; the request lives in each resolution, never here.
final class RequestValueProducer<Request>: Producer<Request>, @unchecked Sendable {
    private let read: RequestRead<Request>

    init(key: BindingKey, location: SourceLocation, registry: Registry) {
        read = RequestRead(key: key, location: location)
        super.init(key: key, origin: .request(location), registry: registry)
    }

    /// Read once per program run, whoever needs it: the value is the same for the whole resolve.
    override func lowering() -> Lowering { .factory(read, [], shared: true) }

}

/// The request as a program reads it: from the run, recorded as resolutions record values.
final class RequestRead<Request>: ProgramFactory {
    /// Looked up once, as in `SeedRead`.
    private let boxType = ValueBox<Request>.self
    private let isReference = Request.self is AnyClass

    override func call(_ arguments: FactoryArguments, in run: StackReference<ProgramRun>) throws -> AnyObject {
        // The pointer is the argument of the `RequestScope.resolve(_:for:)` call running this
        // program, which outlives the run; its type is checked before it is read as a `Request`.
        guard let request = run.pointee.request, request.holds(Request.self) else {
            throw ResolutionError(.requestUnavailable(key, location: location))
        }
        // Read while a singleton is created, or (in a nested run) an object the container keeps: it
        // would keep the request forever.
        if run.pointee.publishingRegions > 0 || run.pointee.joinedMakesKeptObject {
            throw ResolutionError(.requestScopedSingleton(request: key, location: location))
        }
        let value = request.value(as: Request.self)
        return isReference ? recordObject(value) : boxType.init(value)
    }

    override var namesPath: Bool { false }
}
