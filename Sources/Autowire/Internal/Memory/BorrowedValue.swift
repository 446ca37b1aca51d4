/// A value a resolve reads from its caller's stack, its type checked before the read: the request of a
/// ``RequestScope`` resolve, or the seed of an `AssistedFactory.make(_:)` call.
///
/// Invariant: it lives only in that resolve's state, which ends before the borrowing call returns, so the
/// pointer never outlives the value (a `Provider` or `Lazy` starts a state of its own, without it).
@safe struct BorrowedValue {
    let type: ObjectIdentifier
    let pointer: UnsafeRawPointer

    private init<Value>(type: Value.Type, pointer: UnsafeRawPointer) {
        self.type = ObjectIdentifier(Value.self)
        unsafe self.pointer = unsafe pointer
    }

    /// Calls `body`, which runs the whole resolve, with `value` borrowed (see the type's invariant).
    @_transparent
    static func lending<Value, R>(
        _ value: Value, _ body: (BorrowedValue) throws(ResolutionError) -> R
    ) throws(ResolutionError) -> R {
        try unsafe withUnsafePointer(to: value) { pointer throws(ResolutionError) in
            try body(unsafe BorrowedValue(type: Value.self, pointer: UnsafeRawPointer(pointer)))
        }
    }

    @inline(__always)
    func holds<Value>(_ type: Value.Type) -> Bool { self.type == ObjectIdentifier(Value.self) }

    /// The value, read only once `holds(Value.self)` said it is one. Not an optional: in unspecialized code,
    /// `Value?` costs a metadata lookup on every read.
    @inline(__always)
    func value<Value>(as type: Value.Type) -> Value {
        // Safe: `pointer` points at a live value of type `self.type`, which the caller checked is `Value`.
        unsafe pointer.assumingMemoryBound(to: Value.self).pointee
    }
}
