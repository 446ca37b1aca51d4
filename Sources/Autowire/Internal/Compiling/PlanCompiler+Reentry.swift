/// Which registries the current thread is compiling, so that user code run while compiling (a
/// `dependencies` or `scope` getter) that calls back into the same container gets an error instead
/// of taking the registry's lock a second time.
extension PlanCompiler {
    /// A compilation under way on this thread; lives on the stack of `whileCompiling`, linked to
    /// the one it is nested in (a child compiling through its parent) by a thread-specific pointer.
    @safe private struct Frame {
        /// Unretained: the frame lives only while `whileCompiling` holds the compiler.
        let compilerReference: Unowned<PlanCompiler>
        var compiler: PlanCompiler { compilerReference.object }
        let outer: UnsafeMutableRawPointer?
    }

    private static let frames = unsafe ThreadLocalKey()

    /// Runs `body` with this compiler registered as running on this thread.
    func whileCompiling<R>(_ body: () -> R) -> R {
        guard let key = Self.frames else { return body() }
        let outer = unsafe key.value
        var frame = unsafe Frame(compilerReference: Unowned(self), outer: outer)
        return unsafe withUnsafeMutablePointer(to: &frame) { pointer in
            // Both calls fail only for an invalid key (checked above) or out of memory for the
            // thread's table; the guard then simply does not see this frame.
            unsafe key.set(UnsafeMutableRawPointer(pointer))
            defer { unsafe key.set(outer) }
            return body()
        }
    }

    /// The compiler this thread is running for `registry`, if any.
    static func compiling(_ registry: Registry) -> PlanCompiler? {
        guard let key = frames else { return nil }
        var next = unsafe key.value
        while let raw = unsafe next {
            // Each pointer was set by `whileCompiling` to a frame on this thread's stack, and reset
            // before that frame ended.
            let frame = unsafe raw.assumingMemoryBound(to: Frame.self).pointee
            if frame.compiler.registry === registry { return frame.compiler }
            unsafe next = unsafe frame.outer
        }
        return nil
    }

    /// Reads a member of a user's type (`dependencies`, `scope`), remembering which, so that a
    /// re-entry from it is reported with the type's name.
    func reading<R>(_ member: String, of type: Any.Type, _ body: () -> R) -> R {
        let outer = readingMember
        readingMember = (type, member)
        defer { readingMember = outer }
        return body()
    }

    /// The problem of re-entering this compilation's container, requesting `key` if known.
    func reentered(_ key: BindingKey? = nil) -> Diagnostic {
        .containerReentered(by: readingMember, requesting: key)
    }
}
