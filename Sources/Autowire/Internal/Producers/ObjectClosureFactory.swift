/// The closure factory of a class in `.graph`, returning the object itself: formed in the binding's
/// module, where the class is known (see `BindingBuilder.to(_:)`), so a call passes nothing through a
/// generic value's witnesses; not generic itself.
///
/// Sendable: every stored property is `let`, and `call` is `@Sendable`.
final class ObjectClosureFactory: ClosureFactorySite, @unchecked Sendable {
    let call: @Sendable (Resolver) throws -> AnyObject
    let key: BindingKey
    let location: SourceLocation
    /// Unretained, as `ClosureFactory.registry` is, and safe for the same reason.
    private let registryReference: Unowned<Registry>
    var registry: Registry { registryReference.object }

    init(
        _ call: @escaping @Sendable (Resolver) throws -> AnyObject, key: BindingKey, location: SourceLocation,
        registry: Registry
    ) {
        self.call = call
        self.key = key
        self.location = location
        self.registryReference = Unowned(registry)
    }
}
