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
public struct PropertyInjector<T: PropertyInjectable>: Sendable {
    let registry: Registry
    let target: InjectionTargetProducer
    let objectType: ObjectIdentifier

    init(registry: Registry, target: InjectionTargetProducer, objectType: T.Type) {
        self.registry = registry
        self.target = target
        self.objectType = ObjectIdentifier(objectType)
    }

    /// Fills every declared dependency of `object`.
    ///
    /// An instance of a subclass of `T` is filled with the subclass's own list.
    public func inject(into object: T) throws(ResolutionError) {
        let dynamicType = type(of: object)
        let target =
            ObjectIdentifier(dynamicType) == objectType ? self.target : try registry.injectionTarget(for: dynamicType)
        // `AnyProducer.readyProgram`, spelled out: called from this generic struct it was not
        // inlined, which cost 45 instructions per injection (callgrind, 810 against 765).
        let word = target.programWord.load(ordering: .acquiring)
        if word > 1 {
            let program = ResolveProgram.published(word)
            if !program.canImprove, try program.run(injecting: object) != nil { return }
        }
        try injectSlowly(into: object, target: target)
    }

    /// Lowers the injection program on first use, and again once it can be faster; else fills
    /// recursively.
    @inline(never)
    private func injectSlowly(into object: T, target: InjectionTargetProducer) throws(ResolutionError) {
        if try registry.program(for: target)?.run(injecting: object) != nil { return }
        try ResolutionError.catching {
            try Resolution.run(capacity: target.rootCheck?.slotCapacity ?? 8) { resolution in
                try target.plan.inject(into: object, resolution)
            }
        }
        // Last: the objects the fill made ran their own hooks by the end of the resolve.
        try target.plan.hook?.run(on: object)
    }
}
