/// A key path to a property of a class, shared by the plans of every container on any thread: how
/// a `PropertyWriter` writes a declared property before (or instead of) storing at its offset.
///
/// Sendable: a key path is immutable once made, so sharing it shares no mutable state. Its writes
/// run on the plan's thread, the main thread for a class whose dependencies were declared on the
/// main actor (`Dependency.requiresMainActor`) or whose conformance is isolated there.
struct SharedKeyPath<Object: AnyObject, Value>: @unchecked Sendable {
    let keyPath: ReferenceWritableKeyPath<Object, Value>

    init(_ keyPath: ReferenceWritableKeyPath<Object, Value>) { self.keyPath = keyPath }

    /// Writes `value` into `object`'s property through the key path.
    func write(_ value: Value, into object: Object) { object[keyPath: keyPath] = value }

    /// The property's offset in `object` (see `FieldAddress.offset(of:in:)`).
    func offset(in object: Object) -> Int { FieldAddress.offset(of: keyPath, in: object) }
}
