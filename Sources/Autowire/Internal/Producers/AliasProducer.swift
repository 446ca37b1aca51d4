/// `bind(P.self).to(Implementation.self)` with no scope of its own: whatever the implementation's
/// producer gives, seen as `T`. Sharing therefore follows the implementation's scope.
final class AliasProducer<T, Implementation>: Producer<T>, @unchecked Sendable {
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

/// Converts an implementation to the type it is bound to. Swift cannot check that a class conforms
/// to a protocol from the metatypes alone, so the first instance proves it.
@inline(__always)
func upcast<Implementation, T>(_ instance: Implementation, to type: T.Type, key: BindingKey, location: SourceLocation?)
    throws -> T
{
    if Implementation.self == T.self { return unsafeBitCast(instance, to: T.self) }
    return try upcastByCasting(instance, to: type, key: key, location: location)
}

/// The dynamic-cast half of ``upcast(_:to:key:location:)``, out of line so that callers do not
/// instantiate `Optional<T>` metadata on entry when the types are the same.
@inline(never)
func upcastByCasting<Implementation, T>(
    _ instance: Implementation, to type: T.Type, key: BindingKey, location: SourceLocation?
) throws -> T {
    if let same = instance as? T { return same }
    throw ResolutionError(.nonConforming(implementation: Implementation.self, key: key, location: location, path: [key.description]))
}
