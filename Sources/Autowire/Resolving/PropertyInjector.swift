import Synchronization

/// Fills the dependencies of objects of type `T` that something else created: view controllers,
/// test cases, decoded objects, plugins.
///
/// Creating the injector checks the wiring once; ``inject(into:)`` then only runs the compiled
/// steps, and can be called any number of times from any thread.
///
/// ```swift
/// let injector = try container.propertyInjector(for: CheckoutScreen.self)
/// try injector.inject(into: screenMadeByTheFramework)
/// ```
///
/// An injector can itself be a dependency: declare a `PropertyInjector<Screen>!` property and
/// `.inject(\.injector)` it. An injected injector holds its container as a ``Provider`` does: weakly
/// when an object the container keeps holds it, and ``inject(into:)`` then throws
/// `container-released` once the container is released.
public struct PropertyInjector<T: PropertyInjectable>: Sendable {
    /// Held strongly; nil (with `weakTarget` set instead) in an injector injected into an object the
    /// container keeps.
    let registry: Registry?
    let target: InjectionTargetProducer?
    private let weakTarget: WeakInjectionTarget?
    let objectType: ObjectIdentifier

    init(registry: Registry, target: InjectionTargetProducer, objectType: T.Type) {
        self.registry = registry
        self.target = target
        self.weakTarget = nil
        self.objectType = ObjectIdentifier(objectType)
    }

    /// An injector that holds its container weakly: what the container injects into an object it
    /// keeps.
    init(weaklyOn registry: Registry, target: InjectionTargetProducer) {
        self.registry = nil
        self.target = nil
        self.weakTarget = WeakInjectionTarget(registry: registry, target: target)
        self.objectType = ObjectIdentifier(T.self)
    }

    /// Fills every declared dependency of `object`; an instance of a subclass of `T` is filled with
    /// the subclass's own list.
    ///
    /// - Throws: ``ResolutionError`` when a dependency cannot be provided, or
    ///   `container-released` when the injector was injected and its container is gone.
    @inlinable
    public func inject(into object: T) throws(ResolutionError) {
        // Inlined into the caller, where the object's class is usually known.
        if try injectedByProgram(object, ofType: ObjectIdentifier(type(of: object))) { return }
        try injectSlowly(into: object)
    }

    /// The common case, read with no binding of `registry`: an injector from
    /// `propertyInjector(for:)` filling an object of exactly `T` whose program is ready. Returns
    /// whether it filled `object`.
    @usableFromInline
    func injectedByProgram(_ object: AnyObject, ofType type: ObjectIdentifier) throws(ResolutionError) -> Bool {
        guard type == objectType, let word = target?.programWord.load(ordering: .acquiring), ProgramWord.isProgram(word)
        else {
            return false
        }
        return try ResolutionError.catching { try ResolveProgram.injectPublished(word, into: object) }
    }

    /// An injected injector: finds its container, keeps it alive while it fills `object`.
    @inline(never)
    private func injectThroughWeakTarget(into object: T) throws(ResolutionError) {
        guard let registry = weakTarget?.registry else {
            throw ResolutionError(
                .containerReleased(
                    BindingKey(T.self, tag: nil), handle: "PropertyInjector<\(typeName(T.self))>.inject(into:)"))
        }
        try withExtendedLifetime(registry) { () throws(ResolutionError) in
            // The plan compiled with the injector, unless that was a compilation never kept.
            let target: InjectionTargetProducer
            if let compiled = weakTarget?.target {
                target = compiled
            } else {
                target = try registry.injectionTarget(for: T.self)
            }
            try PropertyInjector(registry: registry, target: target, objectType: T.self).inject(into: object)
        }
    }

    /// Lowers the injection program on first use, and again once it can be faster. Also where an
    /// injected injector, or an object of a subclass of `T`, starts.
    @usableFromInline
    @inline(never)
    func injectSlowly(into object: T) throws(ResolutionError) {
        guard let registry, let ownTarget = target else { return try injectThroughWeakTarget(into: object) }
        let dynamicType = type(of: object)
        let target =
            ObjectIdentifier(dynamicType) == objectType ? ownTarget : try registry.injectionTarget(for: dynamicType)
        guard try target.registry.program(for: target)?.runOrItsVariant(for: target, injecting: object) != nil else {
            throw ResolutionError(.internalInconsistency("the injection of \(typeName(dynamicType)) has no program"))
        }
    }
}

/// What an injected `PropertyInjector` holds: its container and plan, weakly. A class, so that
/// an injector stays three references wide: copying one never copies weak references.
final class WeakInjectionTarget: Sendable {
    weak let registry: Registry?
    weak let target: InjectionTargetProducer?

    init(registry: Registry, target: InjectionTargetProducer) {
        self.registry = registry
        self.target = target
    }
}
