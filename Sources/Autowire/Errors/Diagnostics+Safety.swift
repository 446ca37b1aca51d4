/// The diagnostics of what a user's code can do to a container at run time: use a handle after its
/// container is gone, re-enter it while it compiles, wait on another thread's creation in a cycle.
extension Diagnostic.Code {
    /// A `Provider`, `Lazy`, `AssistedFactory` or kept `Resolver` of an object its container keeps
    /// (which holds the container weakly) used after the container was released.
    public static let containerReleased = Diagnostic.Code("container-released")
    /// A `dependencies` or `scope` getter that uses the container while it is being compiled.
    public static let containerReentered = Diagnostic.Code("container-reentered")
}

extension Diagnostic {
    /// `handle` names the call, such as `Provider<Report>.get()`.
    static func containerReleased(_ key: BindingKey, handle: String) -> Diagnostic {
        Diagnostic(
            code: .containerReleased,
            message: "\(handle) was called after the container that made it was released.",
            path: [handle, key.description],
            fix:
                "Keep the Container (or a child of it) for as long as objects it keeps (singletons, custom-scope and "
                + "weak instances, and what they hold) use their Provider, Lazy, AssistedFactory or Resolver: those "
                + "hold their container weakly, so that a singleton never keeps its own container alive.")
    }

    /// This thread holds the creation lock of `holding` and needs `waitingFor`, whose creation on
    /// another thread waits (directly or through other threads) for `holding`.
    static func creationCycleAcrossThreads(waitingFor: BindingKey, holding: BindingKey) -> Diagnostic {
        Diagnostic(
            code: .unclosableCycle,
            message:
                "Creating \(holding) needs \(waitingFor), which another thread is creating while it waits for "
                + "\(holding): the two creations need each other, so neither could ever finish.",
            path: [waitingFor.description],
            fix:
                "Break the cycle: a factory, init() or didSet that resolves, or calls a Provider or Lazy, during a "
                + "creation must not lead back to it. Resolve one side after creation (keep the Provider or "
                + "Lazy and call it later) instead.")
    }

    /// A lock primitive reported an error instead of locking.
    static func lockFailed(_ call: String, status: Int32) -> Diagnostic {
        .internalInconsistency("\(call) failed with error \(status)")
    }

    static func containerReentered(by member: (type: Any.Type, name: String)?, requesting key: BindingKey?)
        -> Diagnostic
    {
        let request = key.map { "requested \($0)" } ?? "used the container"
        guard let member else {
            return Diagnostic(
                code: .containerReentered,
                message: "Code run while the container compiled a plan \(request) from the same container.",
                path: key.map { [$0.description] } ?? [],
                fix: "Resolve from the container only after it has returned, for example in `init()` or later.")
        }
        let owner = typeName(member.type)
        return Diagnostic(
            code: .containerReentered,
            message:
                "\(owner).\(member.name) \(request) from the container that was reading it to compile "
                + "\(owner)'s plan.",
            path: [owner] + (key.map { [$0.description] } ?? []),
            fix:
                "Make \(owner).\(member.name) a plain list or value (`static let`) that uses no container; "
                + "declare what \(owner) needs with `.inject(…)`, or resolve it later, in `init()` or a method.")
    }

    /// An `init()` or injection started a resolve that needs an object of the same binding again.
    static func rebuiltWhileBuilding(_ key: BindingKey) -> Diagnostic {
        Diagnostic(
            code: .unclosableCycle,
            message:
                "\(key) is needed again while an earlier \(key) is still in its init() or injection, which "
                + "resolved from the container, so the cycle can never close.",
            path: [key.description],
            fix:
                "Do not resolve from the container inside init() or a didSet: declare the dependency with "
                + "`.inject(…)` (cycles through `.graph` objects close), or keep a `Provider` and call it after "
                + "the object is built.")
    }
}
