/// Holds a value-type instance in a resolution's table.
@usableFromInline
final class ValueBox<T> {
    @usableFromInline let value: T
    @usableFromInline init(_ value: T) { self.value = value }
}

/// A value as resolutions and programs record it: a class reference as it is, anything else in a
/// `ValueBox`.
@inline(__always)
func record<Value>(_ value: Value) -> AnyObject {
    unsafe Value.self is AnyClass ? unsafeBitCast(value, to: AnyObject.self) : ValueBox(value)
}

/// The value `record(_:)` recorded, handed over retained, taking over its reference.
///
/// Inlined where `T` is known, the class check folds away and the result is moved, not copied.
@inlinable
@inline(__always)
func takeRecorded<T>(_ made: UnsafeMutableRawPointer, as type: T.Type) -> T {
    let recorded = unsafe Unmanaged<AnyObject>.fromOpaque(made).takeRetainedValue()
    // The same test as `record(_:)` and `Producer.holdsReferences`: all agree on what is boxed.
    if T.self is AnyClass { return unsafe unsafeBitCast(recorded, to: T.self) }
    return unsafe unsafeDowncast(recorded, to: ValueBox<T>.self).value
}
