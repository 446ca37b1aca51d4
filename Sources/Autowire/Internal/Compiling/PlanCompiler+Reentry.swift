/// Which registries this thread is compiling: user code run while compiling (`dependencies`, `scope`) that
/// calls back into the same container gets an error instead of taking the registry's lock again.
extension PlanCompiler {
    /// This thread's compilations, innermost first (several when a child compiles through its parent).
    /// Unretained: each is on the stack only while `whileCompiling` holds its compiler.
    private static let frames = ThreadLocalStack<Unowned<PlanCompiler>>()

    func whileCompiling<R>(_ body: () -> R) -> R { Self.frames.with(Unowned(self), body) }

    static func compiling(_ registry: Registry) -> PlanCompiler? {
        frames.first { $0.object.registry === registry }?.object
    }

    /// Reads a user type's member, remembering which, so that a re-entry from it names the type.
    func reading<R>(_ member: String, of type: Any.Type, _ body: () -> R) -> R {
        let outer = readingMember
        readingMember = (type, member)
        defer { readingMember = outer }
        return body()
    }

    func reentered(_ key: BindingKey? = nil) -> Diagnostic {
        .containerReentered(by: readingMember, requesting: key)
    }
}
