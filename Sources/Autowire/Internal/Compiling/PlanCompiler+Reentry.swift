/// Which registries the current thread is compiling, so that user code run while compiling (a
/// `dependencies` or `scope` getter) that calls back into the same container gets an error instead
/// of taking the registry's lock a second time.
extension PlanCompiler {
    /// The compilations under way on this thread, innermost first: more than one when a child
    /// compiles through its parent. Unretained: each is on the stack only while `whileCompiling`
    /// holds its compiler.
    private static let frames = ThreadLocalStack<Unowned<PlanCompiler>>()

    /// Runs `body` with this compiler registered as running on this thread.
    func whileCompiling<R>(_ body: () -> R) -> R { Self.frames.with(Unowned(self), body) }

    /// The compiler this thread is running for `registry`, if any.
    static func compiling(_ registry: Registry) -> PlanCompiler? {
        frames.first { $0.object.registry === registry }?.object
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
