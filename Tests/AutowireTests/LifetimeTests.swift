import Autowire
import Testing

private final class Settings: Injectable {
    static var scope: Scope { .singleton }
}
/// Bound by a closure factory, to cover bound singletons too.
private final class Connection {}
private final class Session: Injectable {
    static var scope: Scope { .weak }
}
private final class Screen: Injectable {
    var settings: Settings!
    var session: Session!
    static let dependencies: [Dependency<Screen>] = [.inject(\.settings), .inject(\.session)]
}
/// Something only the container holds: alive exactly as long as the container's state is.
private final class Sentinel: Injectable {
    static var scope: Scope { .singleton }
}

/// Weak references to what a container made, taken in a scope of their own so that no strong
/// reference outlives it.
private struct Released {
    weak var container: Container?
    weak var sentinel: Sentinel?
}

private func makeContainer() throws -> Container {
    try Container { binder in binder.bind(Connection.self).scoped(.singleton).to { _ in Connection() } }
}

@Suite struct LifetimeTests {
    @Test func releasingAContainerReleasesItsSingletons() throws {
        weak var container: Container?
        weak var settings: Settings?
        weak var connection: Connection?
        do {
            let strong = try makeContainer()
            container = strong
            settings = try strong.resolve(Settings.self)
            connection = try strong.resolve(Connection.self)
            #expect(settings != nil && connection != nil)
        }
        #expect(container == nil)
        #expect(settings == nil)
        #expect(connection == nil)
    }

    @Test func aWeakInstanceGoesAwayWithTheLastObjectHoldingIt() throws {
        let container = try makeContainer()
        weak var session: Session?
        do {
            let screen = try container.resolve(Screen.self)
            session = screen.session
            #expect(try container.resolve(Session.self) === screen.session)
        }
        #expect(session == nil)
    }

    @Test func resolvedObjectsDoNotKeepTheContainerAlive() throws {
        var released = Released()
        let screen: Screen
        do {
            let container = try makeContainer()
            released.container = container
            released.sentinel = try container.resolve(Sentinel.self)
            screen = try container.resolve(Screen.self)
        }
        #expect(released.container == nil)
        #expect(released.sentinel == nil)
        // The object keeps what it was given.
        #expect(screen.settings != nil)
    }

    @Test func releasingAChildReleasesItsSingletonsButNotItsParents() throws {
        let parent = try Container { binder in binder.bind(Settings.self).scoped(.singleton).to(Settings.self) }
        let parentSettings = try parent.resolve(Settings.self)
        weak var childSentinel: Sentinel?
        weak var childSettings: Settings?
        do {
            let child = try parent.child { binder in binder.bind(Sentinel.self).scoped(.singleton).to(Sentinel.self) }
            childSentinel = try child.resolve(Sentinel.self)
            childSettings = try child.resolve(Settings.self)
        }
        #expect(childSentinel == nil)
        #expect(childSettings === parentSettings)
    }

    @Test func aChildKeepsItsParentAlive() throws {
        weak var parentSentinel: Sentinel?
        let child: Container
        do {
            let parent = try Container { binder in binder.bind(Sentinel.self).scoped(.singleton).to(Sentinel.self) }
            parentSentinel = try parent.resolve(Sentinel.self)
            child = try parent.child { _ in }
        }
        #expect(parentSentinel != nil)
        #expect(try child.resolve(Sentinel.self) === parentSentinel)
    }
}
