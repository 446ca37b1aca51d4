/// A stored property of a live object, reached through its byte offset from the object's start:
/// where a fill writes a value directly, with no key path (`LearnedOffset`, `WeakField`).
///
/// Writing through one is safe under the invariant of every offset the library stores at: it was
/// measured on an object of this exact class (`LearnedOffset` asks only plain stored properties of
/// final classes, and keeps offsets past the header, within the object's first 64 KiB, and equal
/// to the one the key path holds where it can be read;
/// `WeakField` reads the class's field records), for a property of the type written (`Value`, or
/// `Value?` for an optional one: the writers pick the form the property was declared with); and
/// the object is alive for the write, held by the run's frame or the caller.
@usableFromInline
@safe struct FieldAddress {
    @usableFromInline let address: UnsafeMutableRawPointer

    /// The property of `object` at `offset` bytes from its start.
    @inlinable @inline(__always)
    init(in object: AnyObject, at offset: Int) {
        unsafe address = UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque()) + offset
    }

    /// Assigns `value` to the property, a `Value`: the old value is released, as an assignment does.
    @inlinable @inline(__always)
    func assign<Value>(_ value: consuming Value) {
        unsafe address.assumingMemoryBound(to: Value.self).pointee = value
    }

    /// Assigns `object` to the property, a class reference (`T`, `T?` or `T!` of a class `T`, one
    /// pointer in each case): `object` is retained and the old value released, as an assignment does.
    func assign(object: AnyObject) {
        // Safe: `T`, `T?` and `T!` of a class `T` are each one strong reference, nil being zero,
        // so the old value is released as the reference it is, as `ProgramFrame.store` does.
        let old = unsafe address.load(as: UnsafeMutableRawPointer?.self)
        unsafe address.storeBytes(of: Unmanaged.passRetained(object).toOpaque(), as: UnsafeMutableRawPointer.self)
        if let old = unsafe old { unsafe Unmanaged<AnyObject>.fromOpaque(old).release() }
    }

    /// The offset of `object`'s property at `keyPath`, measured by projecting the property's
    /// address: the property's storage for a plain stored property, which is the only kind whose
    /// offset is kept (see `LearnedOffset.learn`).
    static func offset<Object: AnyObject, Value>(
        of keyPath: ReferenceWritableKeyPath<Object, Value>, in object: Object
    ) -> Int {
        let base = unsafe UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque())
        return unsafe withUnsafeMutablePointer(to: &object[keyPath: keyPath]) {
            unsafe UnsafeMutableRawPointer($0) - base
        }
    }
}
