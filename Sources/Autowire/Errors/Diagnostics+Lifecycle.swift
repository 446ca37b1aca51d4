/// The diagnostics of eager singletons and resettable lifetimes.
extension Diagnostic.Code {
    /// A binding or type marked eager whose instances are not singletons.
    public static let eagerNotSingleton = Diagnostic.Code("eager-not-singleton")
    /// An eager singleton whose creation failed while the container was built.
    public static let eagerCreationFailed = Diagnostic.Code("eager-creation-failed")
    /// `resetSingletons()` on a container whose singletons were not made resettable.
    public static let singletonsNotResettable = Diagnostic.Code("singletons-not-resettable")
}

extension Diagnostic {
    static func eagerNotSingleton(_ key: BindingKey, scope: Scope, location: SourceLocation) -> Diagnostic {
        Diagnostic(
            code: .eagerNotSingleton,
            message:
                "\(key) is marked eager but is scoped `.\(scope)`: only a singleton can be created when the "
                + "container is built.",
            location: location, path: [key.description],
            fix:
                "Scope it `.singleton` (`.scoped(.singleton)` on the binding, or `static var scope: Scope { .singleton }` "
                + "in the class), or do not mark it eager.")
    }

    /// `cause` is one problem of the failed creation; the diagnostic keeps its path and fix.
    static func eagerCreationFailed(_ key: BindingKey, location: SourceLocation, _ cause: Diagnostic) -> Diagnostic {
        Diagnostic(
            code: .eagerCreationFailed,
            message: "Creating the eager singleton \(key) while building the container failed: \(cause.message)",
            location: location,
            relatedLocations: ((cause.location.map { [$0] } ?? []) + cause.relatedLocations).filter { $0 != location },
            path: cause.path, fix: cause.fix)
    }

    static func singletonsNotResettable(container: String) -> Diagnostic {
        Diagnostic(
            code: .singletonsNotResettable,
            message: "resetSingletons() was called on a \(container) whose singletons were not made resettable.",
            fix:
                "Call `binder.makeSingletonsResettable()` where the container is built (its singletons then cost a "
                + "lock per read), or give the instances to reset a custom scope and reset that: "
                + "`.scoped(.custom(Session.self))`, `container.reset(Session.self)`.")
    }
}
