// How a resolve records values: one word a value, a class's object as it is, anything else in a `ValueBox`,
// so the engine moves any value as an object reference. Safe to read back under the engine's invariant: a
// record made for a key of `T` (by its only producer, a `Producer<T>`) holds a `T`; both sides box by the
// same test, `T.self is AnyClass` (also `Producer.holdsReferences`), which folds away where `T` is known.

@usableFromInline
final class ValueBox<T> {
    @usableFromInline let value: T
    @usableFromInline init(_ value: T) { self.value = value }
}

@inlinable
@inline(__always)
func record<Value>(_ value: Value) -> AnyObject {
    unsafe Value.self is AnyClass ? unsafeBitCast(value, to: AnyObject.self) : ValueBox(value)
}

/// `record(_:)` for a class `Value`: no test left to fold away in the caller's inlined body.
@inlinable
@inline(__always)
func recordObject<Value>(_ value: Value) -> AnyObject {
    unsafe unsafeBitCast(value, to: AnyObject.self)
}

@inlinable
@inline(__always)
func recordedValue<T>(_ recorded: AnyObject, as type: T.Type) -> T {
    if T.self is AnyClass { return unsafe unsafeBitCast(recorded, to: T.self) }
    return unsafe unsafeDowncast(recorded, to: ValueBox<T>.self).value
}

/// `recordedValue(_:as:)` for callers that tested `T.self is AnyClass` already: inlined, as small as a cast.
@inlinable
@inline(__always)
func recordedObject<T>(_ recorded: AnyObject, as type: T.Type) -> T {
    unsafe unsafeBitCast(recorded, to: T.self)
}

/// `recordedValue(_:as:)` for a `T` known not to be a class (unspecialized, that test is a runtime call).
@inlinable
@inline(__always)
func boxedValue<T>(_ recorded: AnyObject, as type: T.Type) -> T {
    unsafe unsafeDowncast(recorded, to: ValueBox<T>.self).value
}

/// `record(_:)` in unspecialized code, where the test is a runtime call: `isObject` is its result, computed
/// once by the caller (`Producer.holdsReferences`).
@inline(__always)
func record<Value>(_ value: Value, isObject: Bool) -> AnyObject {
    unsafe isObject ? unsafeBitCast(value, to: AnyObject.self) : ValueBox(value)
}

/// `recordedValue(_:as:)` in unspecialized code: `isObject` as for `record(_:isObject:)`.
@inline(__always)
func recordedValue<T>(_ recorded: AnyObject, as type: T.Type, isObject: Bool) -> T {
    if isObject { return unsafe unsafeBitCast(recorded, to: T.self) }
    return unsafe unsafeDowncast(recorded, to: ValueBox<T>.self).value
}

/// The value `record(_:)` recorded, handed over retained, taking over its reference.
@inlinable
@inline(__always)
func takeRecorded<T>(_ made: UnsafeMutableRawPointer, as type: T.Type) -> T {
    recordedValue(unsafe Unmanaged<AnyObject>.fromOpaque(made).takeRetainedValue(), as: T.self)
}

/// A resolve's result as the engine hands it to the public entry points: a record (see above)
/// with one strong reference, which the receiver takes over, once.
@usableFromInline
@safe struct RecordedResult {
    @usableFromInline let retained: UnsafeMutableRawPointer

    /// A run's result: its root's record, with one reference for the caller.
    @inline(__always)
    init(owning word: ObjectWord) { unsafe retained = word.owned }

    @inline(__always)
    init(retaining record: AnyObject) { unsafe retained = Unmanaged.passRetained(record).toOpaque() }

    @inlinable @inline(__always)
    consuming func take<T>(as type: T.Type) -> T { unsafe takeRecorded(retained, as: T.self) }

    /// The same, in code not specialized for `T` (see `recordedValue(_:as:isObject:)`).
    @inline(__always)
    consuming func take<T>(as type: T.Type, isObject: Bool) -> T {
        recordedValue(takeRecord(), as: T.self, isObject: isObject)
    }

    @inline(__always)
    consuming func takeRecord() -> AnyObject { unsafe Unmanaged<AnyObject>.fromOpaque(retained).takeRetainedValue() }
}
