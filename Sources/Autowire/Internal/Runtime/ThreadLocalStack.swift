/// Values a thread makes visible to the code it calls: each is pushed for one call (`with(_:_:)`) and
/// seen, innermost first, by anything that call runs on the same thread (`first(where:)`). Other threads
/// never see them, so `Value` need not be `Sendable`. Without a free system key, `with` pushes nothing.
///
/// Safe because a value's frame is reachable only while the call that pushed it runs: it lies on `with`'s
/// stack, linked to the outer frame; the thread's pointer is set to it for `body`, reset when `body` ends.
/// Each stack has its own key, set only by its own `with`: a frame read through it is this `Value`'s.
struct ThreadLocalStack<Value>: Sendable {
    @unsafe private struct Frame {
        let value: Value
        let outer: UnsafeMutableRawPointer?
    }

    private let key = unsafe ThreadLocalKey()

    /// Runs `body` with `value` on top of this thread's stack.
    func with<Result>(_ value: Value, _ body: () throws -> Result) rethrows -> Result {
        guard let key else { return try body() }
        let outer = unsafe key.value
        var frame = unsafe Frame(value: value, outer: outer)
        return try unsafe withUnsafeMutablePointer(to: &frame) { pointer in
            // Fails only for an invalid key (checked above) or out of memory: then this value is not shown.
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
