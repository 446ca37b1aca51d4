/// A key path to a class's property, shared by every container's plans on any thread: how a `PropertyWriter`
/// writes a declared property before (or instead of) storing at its offset.
///
/// Sendable: a key path is immutable once made. Its writes run on the plan's thread, the main thread for a
/// class whose dependencies were declared on the main actor or whose conformance is isolated there.
struct SharedKeyPath<Object: AnyObject, Value>: @unchecked Sendable {
    let keyPath: ReferenceWritableKeyPath<Object, Value>

    init(_ keyPath: ReferenceWritableKeyPath<Object, Value>) { self.keyPath = keyPath }

    func write(_ value: Value, into object: Object) { object[keyPath: keyPath] = value }

    /// The property's offset in `object` (see `FieldAddress.offset(of:in:)`).
    func offset(in object: Object) -> Int { FieldAddress.offset(of: keyPath, in: object) }
}
