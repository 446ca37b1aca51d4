/// A value a resolve reads from its caller's stack: where it lies, and its type, checked before
/// it is read. The request of a ``RequestScope`` resolve, or the seed of an
/// `AssistedFactory.make(_:)` call.
///
/// It lives only in that resolve's state, which ends before the call that borrowed the value
/// returns, so the pointer never outlives the value; a `Provider` or `Lazy` starts a state of its
/// own, with neither.
@safe struct BorrowedValue {
    let type: ObjectIdentifier
    let pointer: UnsafeRawPointer

    private init<Value>(type: Value.Type, pointer: UnsafeRawPointer) {
        self.type = ObjectIdentifier(Value.self)
        unsafe self.pointer = unsafe pointer
    }

    /// Calls `body` with `value` borrowed: `body` runs the whole resolve that reads it, and the
    /// resolve's state, the only holder of the borrowed value, ends before `body` returns.
    @_transparent
    static func lending<Value, R>(
        _ value: Value, _ body: (BorrowedValue) throws(ResolutionError) -> R
    ) throws(ResolutionError) -> R {
        try unsafe withUnsafePointer(to: value) { pointer throws(ResolutionError) in
            try body(unsafe BorrowedValue(type: Value.self, pointer: UnsafeRawPointer(pointer)))
        }
    }

    /// Whether the value is a `Value`.
    @inline(__always)
    func holds<Value>(_ type: Value.Type) -> Bool { self.type == ObjectIdentifier(Value.self) }

    /// The value, read as a `Value`: only once `holds(Value.self)` said it is one. (Not an
    /// optional: in unspecialized code, `Value?` costs a metadata lookup on every read.)
    @inline(__always)
    func value<Value>(as type: Value.Type) -> Value {
        // Safe: `pointer` points at a live value of the type `self.type` names (see above), which
        // the caller checked is `Value`.
        unsafe pointer.assumingMemoryBound(to: Value.self).pointee
    }
}
