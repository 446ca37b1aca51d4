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
}
