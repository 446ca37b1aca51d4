// How a resolve records values: a class's object as it is, anything else in a `ValueBox`. One
// word per value, whatever its type, so that the engine moves any value as an object reference.
//
// Reading a record back is safe under the invariant the engine keeps everywhere: a record made
// for a key of `T` (by a `Producer<T>`, the only producer a key of `T` has) holds a `T`. The same
// test, `T.self is AnyClass`, decides on both sides (and in `Producer.holdsReferences`), so they
// agree on what is boxed. Inlined where `T` is known, the test folds away.

/// Holds a value-type instance in a resolution's table.
@usableFromInline
final class ValueBox<T> {
    @usableFromInline let value: T
    @usableFromInline init(_ value: T) { self.value = value }
}

/// `value` as resolutions and programs record it (see above).
@inlinable
@inline(__always)
func record<Value>(_ value: Value) -> AnyObject {
    unsafe Value.self is AnyClass ? unsafeBitCast(value, to: AnyObject.self) : ValueBox(value)
}

/// `record(_:)` of a value whose type is known to be a class: the object itself, with no test
/// left to fold away in the caller's inlined body.
@inlinable
@inline(__always)
func recordObject<Value>(_ value: Value) -> AnyObject {
    unsafe unsafeBitCast(value, to: AnyObject.self)
}

/// The value `record(_:)` recorded for a key of `T`.
@inlinable
@inline(__always)
func recordedValue<T>(_ recorded: AnyObject, as type: T.Type) -> T {
    if T.self is AnyClass { return unsafe unsafeBitCast(recorded, to: T.self) }
    return unsafe unsafeDowncast(recorded, to: ValueBox<T>.self).value
}

/// `recordedValue(_:as:)` where `T` is known to be a class, as one object reference: for callers
/// that tested `T.self is AnyClass` already, so that their inlined body stays as small as a cast.
@inlinable
@inline(__always)
func recordedObject<T>(_ recorded: AnyObject, as type: T.Type) -> T {
    unsafe unsafeBitCast(recorded, to: T.self)
}

/// `recordedValue(_:as:)` where `T` is known not to be a class, so that the record is its box:
/// for code that is not specialized, where testing `T.self is AnyClass` costs a runtime call.
@inlinable
@inline(__always)
func boxedValue<T>(_ recorded: AnyObject, as type: T.Type) -> T {
    unsafe unsafeDowncast(recorded, to: ValueBox<T>.self).value
}

/// `record(_:)` in code not specialized for `Value`, where the test costs a runtime call: `isObject`
/// is `Value.self is AnyClass`, tested once by the caller (`Producer.holdsReferences`).
@inline(__always)
func record<Value>(_ value: Value, isObject: Bool) -> AnyObject {
    unsafe isObject ? unsafeBitCast(value, to: AnyObject.self) : ValueBox(value)
}

/// `recordedValue(_:as:)` in code not specialized for `T`: `isObject` is `T.self is AnyClass`,
/// tested once by the caller (`Producer.holdsReferences`).
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

    /// The result of a run, which returned its root's record with one reference for the caller.
    @inline(__always)
    init(owning word: ObjectWord) { unsafe retained = word.owned }

    /// `record` with one more reference, for the caller.
    @inline(__always)
    init(retaining record: AnyObject) { unsafe retained = Unmanaged.passRetained(record).toOpaque() }

    /// The value, for the key of `T` that was resolved.
    @inlinable @inline(__always)
    consuming func take<T>(as type: T.Type) -> T { unsafe takeRecorded(retained, as: T.self) }

    /// The same, in code not specialized for `T` (see `recordedValue(_:as:isObject:)`).
    @inline(__always)
    consuming func take<T>(as type: T.Type, isObject: Bool) -> T {
        recordedValue(takeRecord(), as: T.self, isObject: isObject)
    }

    /// The record itself.
    @inline(__always)
    consuming func takeRecord() -> AnyObject { unsafe Unmanaged<AnyObject>.fromOpaque(retained).takeRetainedValue() }
}
