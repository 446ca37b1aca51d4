/// A stored property of a live object, reached by its byte offset: where a fill writes a value directly,
/// with no key path (`LearnedOffset`, `WeakField`).
///
/// Invariant of every offset stored: measured on an object of this exact class (`LearnedOffset` keeps only
/// plain stored properties of final classes, past the header, within 64 KiB, equal to the key path's where
/// readable; `WeakField` reads field records), for a property of the type written (`Value`, or `Value?` as
/// declared); and the object is alive for the write, held by the run's frame or the caller.
@usableFromInline
@safe struct FieldAddress {
    @usableFromInline let address: UnsafeMutableRawPointer

    @inlinable @inline(__always)
    init(in object: AnyObject, at offset: Int) {
        unsafe address = UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque()) + offset
    }

    @inlinable @inline(__always)
    func assign<Value>(_ value: consuming Value) {
        unsafe address.assumingMemoryBound(to: Value.self).pointee = value
    }

    /// Assigns to a class-reference property (`T`, `T?` or `T!`): retains `object`, releases the old value.
    func assign(object: AnyObject) {
        // Safe: `T`, `T?`, `T!` of a class are each one strong reference, nil 0 (as `ProgramFrame.store`).
        let old = unsafe address.load(as: UnsafeMutableRawPointer?.self)
        unsafe address.storeBytes(of: Unmanaged.passRetained(object).toOpaque(), as: UnsafeMutableRawPointer.self)
        if let old = unsafe old { unsafe Unmanaged<AnyObject>.fromOpaque(old).release() }
    }

    /// Measured by projecting the property's address: its storage for a plain stored property, the only kind
    /// whose offset is kept (see `LearnedOffset.learn`).
    static func offset<Object: AnyObject, Value>(
        of keyPath: ReferenceWritableKeyPath<Object, Value>, in object: Object
    ) -> Int {
        let base = unsafe UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque())
        return unsafe withUnsafeMutablePointer(to: &object[keyPath: keyPath]) {
            unsafe UnsafeMutableRawPointer($0) - base
        }
    }
}
