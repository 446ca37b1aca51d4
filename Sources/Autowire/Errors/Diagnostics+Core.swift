/// The diagnostics the container itself raises, with their wording in one place.
extension Diagnostic {
    /// - Parameter requestScope: The request of the `RequestScope` whose graph misses the key, if
    ///   any: its own binder is where bindings made from the request go.
    static func missingBinding(
        _ requestedKey: BindingKey, location: SourceLocation?, path: [String], propertyHint: String?,
        requestScope request: BindingKey? = nil
    )
        -> Diagnostic
    {
        if requestedKey.tag == nil, let factory = requestedKey.type as? any AssistedFactoryType.Type {
            return .unboundAssistedFactory(factory, location: location, path: path)
        }
        let key = requestedKey.requested
        let path = path.isEmpty ? [] : path.dropLast() + [key.description]
        let name = key.description
        // Tagged keys are never autowired: "not Injectable" would mislead.
        let reason =
            key.tag != nil
            ? "nothing is bound with that tag"
            : key.type is AnyObject.Type
                ? "it has no binding and its class is not Injectable"
                : "it has no binding and is not an Injectable class"
        let optional = propertyHint.map { ", or declare it `.optional(\\.\($0))` if it may be absent" } ?? ""
        let bind =
            key.tagName.map { "binder.bind(\(key.typeExpression).self).tagged(\($0).self).to(…)" }
            ?? "binder.bind(\(key.typeExpression).self).to(…)"
        let fix: String
        if let request {
            fix =
                "Bind it with `\(bind)`: in the container when every request shares it, in the request scope's "
                + "binder (`container.requestScope(for: \(request.typeExpression).self) { binder in … }`) when it "
                + "is made from \(request.typeName)\(optional)."
        } else if key.type is AnyObject.Type && key.tag == nil {
            // Another module's class needed by the user's code is often a framework's request (Vapor's
            // `Request`), which belongs to a request scope, never to the container.
            let declaringModule = location?.fileID.split(separator: "/").first.map(String.init)
            let requestHint =
                declaringModule.map { $0 != moduleName(of: key.type) } == true
                ? " If it is different for each request (a RequestScope's request), bind what needs it in the request "
                    + "scope's binder instead: `container.requestScope(for: \(key.typeExpression).self) { binder in … }`."
                : ""
            fix = "Make \(key.typeName) conform to Injectable, or bind it with `\(bind)`\(optional).\(requestHint)"
        } else {
            fix = "Bind it in the container with `\(bind)`\(optional)."
        }
        return Diagnostic(
            code: .missingBinding, message: "\(name) cannot be provided: \(reason).", location: location,
            path: path, fix: fix)
    }

    static func duplicateBinding(_ key: BindingKey, first: SourceLocation, second: SourceLocation) -> Diagnostic {
        Diagnostic(
            code: .duplicateBinding, message: "\(key) is bound twice in the same container.", location: second,
            relatedLocations: [first], path: [key.description],
            fix:
                "Remove one of the two bindings; to replace a binding in tests, override it in a child container with `binder.override(_:)`."
        )
    }

    static func duplicateDictionaryKey(_ key: BindingKey, entry: String, first: SourceLocation, second: SourceLocation)
        -> Diagnostic
    {
        Diagnostic(
            code: .duplicateBinding,
            message: "\(key) has two contributions for the key \(entry.dropFirst().dropLast()).", location: second,
            relatedLocations: [first], path: [key.description],
            fix: "Give each `intoDictionary(key:)` contribution its own key, or remove one of them.")
    }

    static func accidentalShadowing(_ key: BindingKey, location: SourceLocation, parentLocation: SourceLocation)
        -> Diagnostic
    {
        Diagnostic(
            code: .accidentalShadowing,
            message: "\(key) is bound again in a child container, hiding the parent's binding.",
            location: location, relatedLocations: [parentLocation], path: [key.description],
            fix:
                "If the child is meant to replace it, write `binder.override(\(key.typeExpression).self)\(key.tagName.map { ".tagged(\($0).self)" } ?? "")`; "
                + "otherwise remove this binding.")
    }

    /// `declaration`: what a child declares that a kept instance of an ancestor does not see.
    static func overrideNotReaching(
        _ key: BindingKey, _ declaration: BindingDeclaration, absent: Bool, kept: KeptName, scope: Scope,
        keptLocation: SourceLocation, path: [String]
    ) -> Diagnostic {
        let what =
            declaration.isOverride
            ? "The override of \(key)"
            : declaration.isContribution ? "The contribution to \(key)" : "The binding of \(key)"
        let name =
            switch kept {
            case .binding(let kept): "\(kept)"
            case .element(let collection, let label): "\(collection)\(label)"
            }
        let uses = absent ? "was made without \(key), which the parent does not provide" : "uses the parent's \(key)"
        let fix =
            switch kept {
            case .binding(let kept):
                "Override \(kept) in this child too, so that the child makes its own with this \(key) "
                    + "(`binder.override(\(kept.typeExpression).self)\(kept.tagName.map { ".tagged(\($0).self)" } ?? "")…`), "
                    + "or build the test's container from the bindings rather than as a child."
            case .element:
                "Contribute \(name) without a scope of its own, so that each container makes it in its own view, "
                    + "or build the test's container from the bindings rather than as a child."
            }
        return Diagnostic(
            code: .overrideNotReaching,
            message: "\(what) does not reach \(name), which a parent container keeps in the `.\(scope)` scope: "
                + "\(name) belongs to the parent and \(uses).",
            location: declaration.location, relatedLocations: [keptLocation], path: path, fix: fix)
    }

    static func overrideOfNothing(_ key: BindingKey, location: SourceLocation) -> Diagnostic {
        Diagnostic(
            code: .overrideOfNothing, message: "\(key) is overridden, but no parent container binds it.",
            location: location, path: [key.description],
            fix:
                "Use `binder.bind(\(key.typeExpression).self)` for a new binding, or check the type and tag being overridden."
        )
    }

    static func nonConforming(implementation: Any.Type, key: BindingKey, location: SourceLocation?, path: [String])
        -> Diagnostic
    {
        let implementationName = typeName(implementation)
        let fix =
            key.type is AnyObject.Type
            ? "Make \(implementationName) a subclass of \(key.typeName), or bind \(key.typeName) to a type that is one."
            : "Make \(implementationName) conform to \(key.typeName), or bind \(key.typeName) to a type that does."
        return Diagnostic(
            code: .nonConformingImplementation,
            message: key.type is AnyObject.Type
                ? "\(implementationName) is bound to \(key.typeName) but is not a subclass of it."
                : "\(implementationName) is bound to \(key.typeName) but does not conform to it.",
            location: location, path: path, fix: fix)
    }

    /// `scopeCanClose`: whether a class on the cycle would close it in the `.graph` or `.singleton`
    /// scope (not when factories make every object on it). `closingEntries`: where a resolve entering
    /// the cycle would close it, when this one entered elsewhere (a scope changes nothing then).
    static func unclosableCycle(
        _ cycle: [String], location: SourceLocation?, path: [String], scopeCanClose: Bool,
        closesWhenEnteredAt closingEntries: [String] = []
    ) -> Diagnostic {
        let fix: String
        if let entered = cycle.last, !closingEntries.isEmpty {
            let entries = closingEntries.joined(separator: " or ")
            let them = closingEntries.count == 1 ? "it" : "them"
            fix =
                "This cycle closes only when a resolve enters it at \(entries), and this one enters it at \(entered): "
                + "resolve \(entries) (or a type that reaches the cycle through \(them)) rather than \(entered), "
                + "or resolve one side through a `Lazy` or a `Provider`."
        } else if scopeCanClose {
            fix =
                "Give one class in the cycle the `.graph` or `.singleton` scope (factories cannot be reentered), "
                + "or make one of the properties a `Provider` or `Lazy`."
        } else {
            fix =
                "No scope can close this cycle: every object on it is made by a factory, which cannot be reentered. "
                + "Resolve one side through a `Lazy` or a `Provider`, or turn a constructor parameter into a property "
                + "listed in `dependencies`, which is filled after the object is created."
        }
        return Diagnostic(
            code: .unclosableCycle,
            message: "Dependency cycle \(cycle.joined(separator: " → ")) can never close.",
            location: location, path: path, fix: fix)
    }

    static func factoryReentered(_ key: BindingKey, location: SourceLocation?) -> Diagnostic {
        Diagnostic(
            code: .unclosableCycle,
            message: "\(key) is needed again while its factory is still running, so the cycle can never close.",
            location: location, path: [key.description],
            fix:
                "Break the cycle: resolve one side through a `Provider` or `Lazy`, or turn a factory into an "
                + "Injectable class in the `.graph` scope, which is filled after it is created.")
    }

    static func lazyReentered(_ key: BindingKey) -> Diagnostic {
        Diagnostic(
            code: .unclosableCycle,
            message: "Lazy<\(key)>.get() was called again while it was still resolving \(key).",
            path: ["Lazy<\(key)>.get()", key.description],
            fix: "Do not call `get()` on a Lazy from inside the resolution of its own value.")
    }

    static func unavailableInstance(_ key: BindingKey, location: SourceLocation?, wasOffered: Bool) -> Diagnostic {
        Diagnostic(
            code: .unavailableInstance,
            message: wasOffered
                ? "The \(key) offered to the container has been released."
                : "No \(key) has been offered to the container yet.",
            location: location, path: [key.description],
            fix: "Call `container.offer(_:)` with a live \(key.typeName) before resolving what needs it, "
                + "or declare the dependency `.optional` to accept its absence.")
    }

    static func notOfferable(_ key: BindingKey) -> Diagnostic {
        Diagnostic(
            code: .notOfferable, message: "\(key) cannot be offered: it is not bound with `toOfferedInstance()`.",
            path: [key.description],
            fix:
                "Declare `binder.bind(\(key.typeExpression).self).toOfferedInstance()` in the container that receives it."
        )
    }

    static func offeredValueIsNotObject(_ key: BindingKey) -> Diagnostic {
        Diagnostic(
            code: .notOfferable, message: "\(key) cannot be offered: only class instances can be held weakly.",
            path: [key.description], fix: "Bind values with `to(value:)` instead.")
    }

    static func assistedOutsideFactory(_ requirement: Requirement, owner: Any.Type, path: [String]) -> Diagnostic {
        let ownerName = typeName(owner)
        let seedName = requirement.key.typeName
        return Diagnostic(
            code: .assistedOutsideFactory,
            message:
                "\(ownerName).\(requirement.propertyName) is assisted, so \(ownerName) can only be made by an AssistedFactory.",
            location: requirement.location, path: path,
            fix: "Depend on `AssistedFactory<\(seedName), \(ownerName)>` and call `make(_:)` with the \(seedName), "
                + "instead of depending on \(ownerName) itself.")
    }

    static func mainActorRequired(_ type: Any.Type) -> Diagnostic {
        let name = typeName(type)
        return Diagnostic(
            code: .mainActorRequired,
            message: "\(name) is isolated to the main actor but was resolved or injected off the main thread.",
            path: [name],
            fix: "Resolve or inject \(name) from the main actor, for example in a `@MainActor` function or inside "
                + "`await MainActor.run { … }`.")
    }

    static func factoryFailed(_ key: BindingKey, location: SourceLocation?, error: any Error) -> Diagnostic {
        Diagnostic(
            code: .factoryFailed, message: "The factory for \(key) threw: \(error).", location: location,
            path: [key.description], fix: "Fix the cause reported by the factory, or catch it inside the factory.")
    }

    static func injectionHookFailed(_ type: Any.Type, error: any Error) -> Diagnostic {
        let name = typeName(type)
        return Diagnostic(
            code: .injectionHookFailed, message: "\(name).didInjectDependencies() threw: \(error).", path: [name],
            fix: "Fix the cause reported by \(name).didInjectDependencies(), or catch it there. The object was not "
                + "handed out, and a singleton whose hook throws is created again on the next resolve.")
    }

    static func requestUnavailable(_ key: BindingKey, location: SourceLocation?) -> Diagnostic {
        Diagnostic(
            code: .requestUnavailable,
            message: "\(key) is the request of a RequestScope, and this resolve has none: it was started by a "
                + "Provider, a Lazy or an AssistedFactory, outside the request's resolve.",
            location: location, path: [key.description],
            fix: "Pass what needs the request through the request's own resolve: inject \(key.typeName) (or what is "
                + "made from it) directly rather than through a Provider or Lazy.")
    }

    /// A handle whose target reaches the request, found when its root is compiled: the handle
    /// resolves after the request's resolve has ended.
    static func requestAfterItsResolve(
        handle: BindingKey, request: BindingKey, location: SourceLocation?, path: [String]
    ) -> Diagnostic {
        Diagnostic(
            code: .requestUnavailable,
            message: "\(handle) resolves after the request's resolve has ended, and what it makes depends on "
                + "\(request), the request of a RequestScope: there is no request then.",
            location: location, path: path,
            fix: "Inject what the handle makes directly (a request's resolve makes it anew for every request), or "
                + "stop it depending on \(request.typeName).")
    }

    /// A kept object whose graph reaches the request, found when its root is compiled.
    static func requestKept(
        _ object: BindingKey, scope: Scope, request: BindingKey, location: SourceLocation?, path: [String]
    ) -> Diagnostic {
        Diagnostic(
            code: .requestScopedSingleton,
            message: "\(object) is kept in the `.\(scope)` scope and depends on \(request), the request of a "
                + "RequestScope, which is different for every request: it would hand one request's "
                + "\(request.typeName) to later requests.",
            location: location, path: path,
            fix: "Give \(object.typeName) the `.graph` scope (one per request) or `.transient`, or stop it "
                + "depending on \(request.typeName).")
    }

    static func requestScopedSingleton(request: BindingKey, location: SourceLocation?) -> Diagnostic {
        Diagnostic(
            code: .requestScopedSingleton,
            message: "An object kept beyond one resolve (a singleton, or a `.weak` or custom-scope instance) is being "
                + "made and depends on \(request), the request of a RequestScope, which is different for every "
                + "request: it would hand one request's \(request.typeName) to later requests.",
            location: location, path: [request.description],
            fix: "Give the object that reads \(request.typeName) the `.graph` scope (one per request) or `.transient`, "
                + "or stop it depending on \(request.typeName).")
    }

    static func misdeclared(_ requirement: Requirement, injecting type: Any.Type) -> Diagnostic {
        let objectName = typeName(requirement.objectType)
        return Diagnostic(
            code: .misdeclaredDependency,
            message:
                "\(typeName(type)).dependencies has a key path into \(objectName), which \(typeName(type)) is not.",
            location: requirement.location, path: [typeName(type)],
            fix: "Write the key path against \(typeName(type)) or one of its superclasses.")
    }

    /// A broken invariant inside Autowire itself, reported rather than crashing.
    static func internalInconsistency(_ detail: String) -> Diagnostic {
        Diagnostic(
            code: Code("internal-inconsistency"), message: "Autowire reached an inconsistent state: \(detail).",
            fix: "This is a bug in Autowire; please report it with this message.")
    }

    /// How many components of a too-deep path are kept: its start, where a fix can be applied.
    static let tooDeepPathStart = 3

    /// A resolve or compilation that would overflow the thread's stack of `stackSize` bytes;
    /// `path` is the start of the way in (later components are elided with `…`).
    static func resolutionTooDeep(stackSize: Int, path: [String]) -> Diagnostic {
        Diagnostic(
            code: .resolutionTooDeep,
            message: "The dependency path is too deep for this thread's \(stackSize >> 10) KiB stack.",
            path: path.prefix(tooDeepPathStart) + ["…"],
            fix: "Cut the chain: make a property deep in it a `Provider` or `Lazy`, or give a class deep in it the "
                + "`.singleton` scope and resolve that class first; or resolve from a thread with a bigger stack "
                + "(such as a `Thread` with a larger `stackSize`).")
    }

    static func weakScopeNeedsObject(_ key: BindingKey, location: SourceLocation?) -> Diagnostic {
        Diagnostic(
            code: .unsupportedScope, message: "\(key) is scoped `.weak` but its instance is not a class instance.",
            location: location, path: [key.description],
            fix: "Use `.transient`, `.graph` or `.singleton` for values; `.weak` only shares class instances.")
    }
}
