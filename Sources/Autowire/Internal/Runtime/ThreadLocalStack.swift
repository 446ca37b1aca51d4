/// Values a thread makes visible to the code it calls: each is pushed for the length of one call
/// (`with(_:_:)`) and seen, innermost first, by anything that call runs on the same thread
/// (`first(where:)`). Other threads never see them, so `Value` need not be `Sendable`.
///
/// Safe because a value lives only as long as the call that pushed it, and the thread-specific
/// pointer that reaches it never outlives that call:
/// - each value is stored in a frame on the stack of `with`, linked to the frame it was pushed
///   over; the thread's pointer is set to the frame for `body` and reset to the outer frame when
///   `body` returns or throws, so a frame is reachable only while it exists;
/// - every stack has a key of its own, set only by its own `with`, so a frame read through the
///   key is always a `Frame` of this `Value`.
/// When the system has no key left, `with` runs `body` and nothing is pushed.
struct ThreadLocalStack<Value>: Sendable {
    @unsafe private struct Frame {
        let value: Value
        let outer: UnsafeMutableRawPointer?
    }

    private let key = unsafe ThreadLocalKey()

    init() {}

    /// Runs `body` with `value` on top of this thread's stack.
    func with<Result>(_ value: Value, _ body: () throws -> Result) rethrows -> Result {
        guard let key else { return try body() }
        let outer = unsafe key.value
        var frame = unsafe Frame(value: value, outer: outer)
        return try unsafe withUnsafeMutablePointer(to: &frame) { pointer in
            // Both calls fail only for an invalid key (checked above) or out of memory for the
            // thread's table; the stack then simply does not show this value.
            unsafe key.set(UnsafeMutableRawPointer(pointer))
            defer { unsafe key.set(outer) }
            return try body()
        }
    }

    /// The innermost value on this thread's stack that satisfies `predicate`, if any.
    func first(where predicate: (Value) throws -> Bool) rethrows -> Value? {
        guard let key else { return nil }
        var next = unsafe key.value
        while let raw = unsafe next {
            let frame = unsafe raw.assumingMemoryBound(to: Frame.self).pointee
            if try unsafe predicate(frame.value) { return unsafe frame.value }
            unsafe next = unsafe frame.outer
        }
        return nil
    }
}
