import Autowire
import Testing

private enum UserSession: CustomScope {}

/// Kept by whatever scope the test binds it in.
private final class SessionCache: Injectable {}
/// A `.graph` root that reaches the kept object, so that a resolve program makes it in a region.
private final class SessionScreen: Injectable {
    var cache: SessionCache!
    static let dependencies: [Dependency<SessionScreen>] = [.inject(\.cache)]
}
/// Something only the container holds: alive exactly as long as the container's state is.
private final class LifetimeSentinel: Injectable {
    static var scope: Scope { .singleton }
}

/// Keeps the resolver its factory was given.
private final class ResolverKeeper {
    let resolver: Resolver
    init(resolver: Resolver) { self.resolver = resolver }
}

/// A singleton made with a transient object that holds every handle: the handles are made inside
/// the singleton's creation.
private final class HandleApp: Injectable {
    var holder: HandleHolder!
    static let dependencies: [Dependency<HandleApp>] = [.inject(\.holder)]
}

/// A singleton whose graph is a cycle (its holder points back to it), so that its first resolve
/// runs a resolve program, which makes it in a region.
private final class CyclicHandleApp: Injectable {
    static var scope: Scope { .singleton }
    var holder: CyclicHandleHolder!
    static let dependencies: [Dependency<CyclicHandleApp>] = [.inject(\.holder)]
}
private final class CyclicHandleHolder: Injectable {
    weak var app: CyclicHandleApp?
    var makeReport: Provider<WeeklyReport>!
    var report: Lazy<WeeklyReport>!
    var makeDraft: AssistedFactory<String, ReportDraft>!
    static let dependencies: [Dependency<CyclicHandleHolder>] = [
        .inject(\.app), .inject(\.makeReport), .inject(\.report), .inject(\.makeDraft),
    ]
}

/// Filled by an injected `PropertyInjector`.
private final class InjectedScreen: PropertyInjectable {
    var cache: SessionCache!
    static let dependencies: [Dependency<InjectedScreen>] = [.inject(\.cache)]
}
/// Holds the handles on the container itself that the container injects.
private final class ContainerHandleHolder: Injectable {
    var injector: PropertyInjector<InjectedScreen>!
    var children: ChildContainerFactory!
    static let dependencies: [Dependency<ContainerHandleHolder>] = [.inject(\.injector), .inject(\.children)]

    /// Uses both handles once.
    func use() throws {
        let screen = InjectedScreen()
        try injector.inject(into: screen)
        #expect(screen.cache != nil)
        let child = try children.makeChild { _ in }
        _ = try child.resolve(SessionCache.self)
    }
}
/// A singleton that keeps a `Lazy` of an object holding handles: the value is resolved after the
/// singleton was made, and kept by it.
private final class LazyHandleApp: Injectable {
    var holder: Lazy<HandleHolder>!
    static let dependencies: [Dependency<LazyHandleApp>] = [.inject(\.holder)]
}
/// A singleton that keeps objects its kept resolver resolves after its creation.
private final class ResolvingKeeper: @unchecked Sendable {
    let resolver: Resolver
    var resolved: [HandleHolder] = []
    init(resolver: Resolver) { self.resolver = resolver }
}

/// A singleton whose closure resolves a handle of each kind through its resolver, and keeps them.
private final class HandleKeeper: Sendable {
    let makeReport: Provider<WeeklyReport>
    let report: Lazy<WeeklyReport>
    let makeDraft: AssistedFactory<String, ReportDraft>

    init(resolver: Resolver) throws {
        makeReport = try resolver.resolve(Provider<WeeklyReport>.self)
        report = try resolver.resolve(Lazy<WeeklyReport>.self)
        makeDraft = try resolver.resolve(AssistedFactory<String, ReportDraft>.self)
    }
}

/// A singleton that keeps what its provider of a closure's value made: a `ResolverKeeper`, which
/// keeps the resolver its closure was given.
private final class KeeperOwner: Injectable {
    static var scope: Scope { .singleton }
    var keepers: Provider<ResolverKeeper>!
    var kept: ResolverKeeper?
    static let dependencies: [Dependency<KeeperOwner>] = [.inject(\.keepers), .notInjected(\.kept)]
}

private struct ReleasedState {
    weak var container: Container?
    weak var sentinel: LifetimeSentinel?
    weak var kept: AnyObject?
}

@Suite struct ContainerLifetimeTests {
    /// Resolves `SessionScreen` twice (the second time by its resolve program) and the kept
    /// `SessionCache` directly, in a container made by `configure`, then releases the container.
    private static func releasedAfterResolving(_ configure: @escaping (Binder) -> Void) throws -> ReleasedState {
        var released = ReleasedState()
        do {
            let container = try Container { binder in configure(binder) }
            released.container = container
            released.sentinel = try container.resolve(LifetimeSentinel.self)
            let first = try container.resolve(SessionScreen.self)
            let second = try container.resolve(SessionScreen.self)
            #expect(first.cache === second.cache)
            #expect(try container.resolve(SessionCache.self) === first.cache)
            released.kept = first.cache
        }
        return released
    }

    @Test func releasingAContainerFreesItsCustomScopeInstances() throws {
        let released = try Self.releasedAfterResolving { binder in
            binder.bind(SessionCache.self).scoped(.custom(UserSession.self)).to(SessionCache.self)
        }
        #expect(released.container == nil)
        #expect(released.kept == nil)
        #expect(released.sentinel == nil)
    }

    @Test func releasingAContainerFreesItsResettableSingletons() throws {
        let released = try Self.releasedAfterResolving { binder in
            binder.makeSingletonsResettable()
            binder.bind(SessionCache.self).scoped(.singleton).to(SessionCache.self)
        }
        #expect(released.container == nil)
        #expect(released.kept == nil)
        #expect(released.sentinel == nil)
    }

    /// The per-user child pattern: each user's child keeps resettable singletons; releasing the
    /// child frees them, while the parent lives on.
    @Test func releasingAPerUserChildFreesItsResettableSingletons() throws {
        let parent = Container()
        let parentSentinel = try parent.resolve(LifetimeSentinel.self)
        for _ in 0..<3 {
            weak var child: Container?
            weak var cache: SessionCache?
            do {
                let user = try parent.child { binder in
                    binder.makeSingletonsResettable()
                    binder.bind(SessionCache.self).scoped(.singleton).to(SessionCache.self)
                }
                child = user
                let screen = try user.resolve(SessionScreen.self)
                #expect(try user.resolve(SessionScreen.self).cache === screen.cache)
                cache = screen.cache
            }
            #expect(child == nil)
            #expect(cache == nil)
        }
        #expect(try parent.resolve(LifetimeSentinel.self) === parentSentinel)
    }

    /// A singleton's closure factory keeps its `Resolver`: the resolver must not keep the container
    /// (and so the singleton itself) alive.
    @Test(arguments: [false, true])
    func releasingAContainerFreesASingletonThatKeepsItsFactorysResolver(resettable: Bool) throws {
        var released = ReleasedState()
        do {
            let container = try Container { binder in
                if resettable { binder.makeSingletonsResettable() }
                binder.bind(ResolverKeeper.self).scoped(.singleton).to { resolver in
                    ResolverKeeper(resolver: resolver)
                }
            }
            released.container = container
            released.sentinel = try container.resolve(LifetimeSentinel.self)
            let keeper = try container.resolve(ResolverKeeper.self)
            #expect(try keeper.resolver.resolve(LifetimeSentinel.self) === released.sentinel)
            #expect(try container.resolve(ResolverKeeper.self) === keeper)
            released.kept = keeper
        }
        #expect(released.container == nil)
        #expect(released.kept == nil)
        #expect(released.sentinel == nil)
    }

    @Test func releasingAContainerFreesACustomScopeObjectThatKeepsItsFactorysResolver() throws {
        var released = ReleasedState()
        do {
            let container = try Container { binder in
                binder.bind(ResolverKeeper.self).scoped(.custom(UserSession.self)).to { resolver in
                    ResolverKeeper(resolver: resolver)
                }
            }
            released.container = container
            released.sentinel = try container.resolve(LifetimeSentinel.self)
            released.kept = try container.resolve(ResolverKeeper.self)
        }
        #expect(released.container == nil)
        #expect(released.kept == nil)
        #expect(released.sentinel == nil)
    }

    /// A singleton's `Provider` of a closure root's value runs the root's program for a kept
    /// object: the closure's resolver, kept by what the singleton keeps, holds the container weakly.
    @Test func releasingAContainerFreesASingletonThatKeepsAClosureValueItsProviderMade() throws {
        var released = ReleasedState()
        do {
            let container = try Container { binder in
                binder.bind(ResolverKeeper.self).to { resolver in ResolverKeeper(resolver: resolver) }
            }
            released.container = container
            released.sentinel = try container.resolve(LifetimeSentinel.self)
            let owner = try container.resolve(KeeperOwner.self)
            owner.kept = try owner.keepers.get()
            released.kept = owner
        }
        #expect(released.container == nil)
        #expect(released.kept == nil)
        #expect(released.sentinel == nil)
    }

    /// `let app = try Container { … }.resolve(App.self)`: the handles of an object that the
    /// container does not keep keep the container alive, as Swinject's do.
    @Test(arguments: HandleKind.allCases)
    func aHandleInATransientObjectWorksAfterATemporaryContainer(handle: HandleKind) throws {
        weak var sentinel: LifetimeSentinel?
        var holder: HandleHolder? = try {
            let container = Container()
            sentinel = try container.resolve(LifetimeSentinel.self)
            return try container.resolve(HandleHolder.self)
        }()
        if let holder { try handle.use(holder) }
        // A root resolved again runs the program its first resolve published.
        holder = try {
            let container = Container()
            _ = try container.resolve(HandleHolder.self)
            return try container.resolve(HandleHolder.self)
        }()
        if let holder { try handle.use(holder) }
        #expect(sentinel == nil)
    }

    @Test func aHandleInATransientObjectWorksAfterATemporaryContainerWithBindings() throws {
        let holder = try Container { binder in
            binder.bind(HandleHolder.self).scoped(.transient).to(HandleHolder.self)
        }.resolve(HandleHolder.self)
        for handle in HandleKind.allCases { try handle.use(holder) }
        #expect(try holder.makeDraft.make("Q4").title == "Q4")
    }

    @Test func aResolverKeptByATransientObjectWorksAfterATemporaryContainer() throws {
        let keeper = try Container { binder in
            binder.bind(ResolverKeeper.self).to { resolver in ResolverKeeper(resolver: resolver) }
        }.resolve(ResolverKeeper.self)
        let holder = try keeper.resolver.resolve(HandleHolder.self)
        #expect(try holder.makeReport.get() !== holder.makeReport.get())
    }

    /// A transient object made inside a singleton's creation is kept by the singleton: its handles
    /// hold the container weakly, and releasing the container frees the singleton.
    @Test func releasingAContainerFreesASingletonWhoseObjectsHoldHandles() throws {
        var released = ReleasedState()
        do {
            let container = try Container { binder in
                binder.bind(HandleApp.self).scoped(.singleton).to(HandleApp.self)
            }
            released.container = container
            released.sentinel = try container.resolve(LifetimeSentinel.self)
            let app = try container.resolve(HandleApp.self)
            for handle in HandleKind.allCases { try handle.use(app.holder) }
            #expect(try container.resolve(HandleApp.self) === app)
            released.kept = app
        }
        #expect(released.container == nil)
        #expect(released.kept == nil)
        #expect(released.sentinel == nil)
    }

    @Test func anInjectedInjectorAndChildFactoryOfATransientObjectWorkAfterATemporaryContainer() throws {
        let holder = try Container().resolve(ContainerHandleHolder.self)
        try holder.use()
        let second: ContainerHandleHolder = try {
            let container = Container()
            _ = try container.resolve(ContainerHandleHolder.self)
            return try container.resolve(ContainerHandleHolder.self)
        }()
        try second.use()
    }

    @Test func releasingAContainerFreesASingletonHoldingAnInjectorAndAChildFactory() throws {
        var released = ReleasedState()
        do {
            let container = try Container { binder in
                binder.bind(ContainerHandleHolder.self).scoped(.singleton).to(ContainerHandleHolder.self)
            }
            released.container = container
            released.sentinel = try container.resolve(LifetimeSentinel.self)
            let holder = try container.resolve(ContainerHandleHolder.self)
            try holder.use()
            released.kept = holder
        }
        #expect(released.container == nil)
        #expect(released.kept == nil)
        #expect(released.sentinel == nil)
    }

    /// What a singleton's `Lazy` resolves later is kept by the singleton: its handles hold the
    /// container weakly too.
    @Test func releasingAContainerFreesASingletonWhoseLazyValueHoldsHandles() throws {
        var released = ReleasedState()
        do {
            let container = try Container { binder in
                binder.bind(LazyHandleApp.self).scoped(.singleton).to(LazyHandleApp.self)
            }
            released.container = container
            released.sentinel = try container.resolve(LifetimeSentinel.self)
            let app = try container.resolve(LazyHandleApp.self)
            let holder = try app.holder.get()
            for handle in HandleKind.allCases { try handle.use(holder) }
            released.kept = app
        }
        #expect(released.container == nil)
        #expect(released.kept == nil)
        #expect(released.sentinel == nil)
    }

    /// The handles a singleton's closure resolves through its resolver are kept by the singleton:
    /// they hold the container weakly, as the handles in its properties do.
    @Test func releasingAContainerFreesASingletonThatKeepsHandlesItsResolverResolved() throws {
        var released = ReleasedState()
        do {
            let container = try Container { binder in
                binder.bind(HandleKeeper.self).scoped(.singleton).to { resolver in try HandleKeeper(resolver: resolver)
                }
            }
            released.container = container
            released.sentinel = try container.resolve(LifetimeSentinel.self)
            let keeper = try container.resolve(HandleKeeper.self)
            _ = try keeper.makeReport.get()
            _ = try keeper.report.get()
            #expect(try keeper.makeDraft.make("Q3").title == "Q3")
            released.kept = keeper
        }
        #expect(released.container == nil)
        #expect(released.kept == nil)
        #expect(released.sentinel == nil)
    }

    /// What a singleton's kept resolver resolves later, and the singleton keeps, holds the
    /// container weakly.
    @Test func releasingAContainerFreesASingletonThatKeepsWhatItsResolverResolvesLater() throws {
        var released = ReleasedState()
        do {
            let container = try Container { binder in
                binder.bind(ResolvingKeeper.self).scoped(.singleton).to { resolver in
                    ResolvingKeeper(resolver: resolver)
                }
            }
            released.container = container
            released.sentinel = try container.resolve(LifetimeSentinel.self)
            let keeper = try container.resolve(ResolvingKeeper.self)
            for _ in 0..<2 { keeper.resolved.append(try keeper.resolver.resolve(HandleHolder.self)) }
            for handle in HandleKind.allCases { try handle.use(keeper.resolved[1]) }
            released.kept = keeper
        }
        #expect(released.container == nil)
        #expect(released.kept == nil)
        #expect(released.sentinel == nil)
    }

    /// Custom-scope and resettable instances are kept by their container like singletons: their
    /// handles hold it weakly, and releasing the container (or a per-user child) frees them.
    @Test(arguments: [false, true])
    func releasingAContainerFreesKeptInstancesWhoseObjectsHoldHandles(perUserChild: Bool) throws {
        var released = ReleasedState()
        weak var resettable: HandleApp?
        do {
            let parent = Container()
            let configure: (Binder) -> Void = { binder in
                binder.makeSingletonsResettable()
                binder.bind(HandleApp.self).scoped(.singleton).to(HandleApp.self)
                binder.bind(HandleHolder.self).scoped(.custom(UserSession.self)).to(HandleHolder.self)
            }
            let container = perUserChild ? try parent.child(configure) : try Container(configure)
            released.container = container
            released.sentinel = try container.resolve(LifetimeSentinel.self)
            let app = try container.resolve(HandleApp.self)
            let holder = try container.resolve(HandleHolder.self)
            #expect(try container.resolve(HandleHolder.self) === holder)
            for handle in HandleKind.allCases {
                try handle.use(app.holder)
                try handle.use(holder)
            }
            resettable = app
            released.kept = holder
        }
        #expect(released.container == nil)
        #expect(released.kept == nil)
        #expect(resettable == nil)
        #expect(released.sentinel == nil)
    }

    @Test func releasingAContainerFreesASingletonMadeByAResolveProgramWhoseObjectsHoldHandles() throws {
        var released = ReleasedState()
        do {
            let container = Container()
            released.container = container
            released.sentinel = try container.resolve(LifetimeSentinel.self)
            let app = try container.resolve(CyclicHandleApp.self)
            #expect(app.holder.app === app)
            _ = try app.holder.makeReport.get()
            _ = try app.holder.report.get()
            _ = try app.holder.makeDraft.make("Q1")
            released.kept = app
        }
        #expect(released.container == nil)
        #expect(released.kept == nil)
        #expect(released.sentinel == nil)
    }

    /// A singleton kept by the caller after its container was released: its handles held the
    /// container weakly, so they report that it is gone.
    @Test(arguments: HandleKind.allCases)
    func aHandleInASingletonThrowsOnceItsContainerIsReleased(handle: HandleKind) throws {
        let holder = try Container { binder in
            binder.bind(HandleHolder.self).scoped(.singleton).to(HandleHolder.self)
        }.resolve(HandleHolder.self)
        let error = #expect(throws: ResolutionError.self) { try handle.use(holder) }
        #expect(error?.diagnostics.map(\.code) == [.containerReleased])
        #expect(error?.diagnostics.first?.message == handle.releasedMessage)
    }
}
