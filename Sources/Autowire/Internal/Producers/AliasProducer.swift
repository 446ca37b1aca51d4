/// `bind(P.self).to(Implementation.self)` with no scope of its own: whatever the implementation's
/// producer gives, seen as `T`. Sharing therefore follows the implementation's scope.
final class AliasProducer<T, Implementation>: Producer<T>, ForwardingProducer, @unchecked Sendable {
    /// Set right after registration, so that cycles reaching this alias while its implementation
    /// compiles find it.
    unowned(unsafe) var target: Producer<Implementation>?

    init(key: BindingKey, location: SourceLocation, registry: Registry) {
        super.init(
            key: key, scope: .graph, origin: .implementation(Implementation.self, location), registry: registry,
            registersEarly: false, isFactory: false)
    }

    override func produce(_ resolution: Resolution) throws -> T {
        guard let target else {
            throw ResolutionError(.internalInconsistency("the alias for \(key) has no implementation"))
        }
        return try upcast(try target.produce(resolution), to: T.self, key: key, location: origin.location)
    }
}

/// A producer that records nothing and only hands on what another producer gives: met again in a
/// cycle it forwards again, so for cycle checks it behaves like a transient producer.
protocol ForwardingProducer: AnyObject {}

/// Converts an implementation to the type it is bound to. Swift cannot check that a class conforms
/// to a protocol from the metatypes alone, so the first instance proves it.
@inline(__always)
func upcast<Implementation, T>(_ instance: Implementation, to type: T.Type, key: BindingKey, location: SourceLocation?)
    throws -> T
{
    if ObjectIdentifier(Implementation.self) == ObjectIdentifier(T.self) { return unsafeBitCast(instance, to: T.self) }
    return try converted(instance, to: type, key: key, location: location)
}

/// Out of line so that the cast's metadata is fetched only when an upcast really happens.
@inline(never)
func converted<Implementation, T>(
    _ instance: Implementation, to type: T.Type, key: BindingKey, location: SourceLocation?
)
    throws -> T
{
    if let same = instance as? T { return same }
    throw ResolutionError(
        .nonConforming(implementation: Implementation.self, key: key, location: location, path: [key.description]))
}
