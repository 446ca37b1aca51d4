import Autowire
import Synchronization
import Testing

/// Documentation.docc/Articles/ScopesAndLifetimes.md: eager singletons, custom scopes, resettable
/// singletons.
enum LifecycleExamples {
    enum StartupError: Error { case diskFull, offline }

    final class Database: Sendable {
        static let opened = Atomic<Int>(0)
        static let failing = Atomic<Bool>(false)
        static func open() throws -> Database {
            if failing.load(ordering: .relaxed) { throw StartupError.diskFull }
            opened.add(1, ordering: .relaxed)
            return Database()
        }
    }

    final class MetricsEndpoint: Sendable {
        static let failing = Atomic<Bool>(false)
        static func connect() throws -> MetricsEndpoint {
            if failing.load(ordering: .relaxed) { throw StartupError.offline }
            return MetricsEndpoint()
        }
    }

    final class MetricsReporter: Injectable {
        static var scope: Scope { .singleton }
        var endpoint: MetricsEndpoint!
        static let dependencies: [Dependency<MetricsReporter>] = [.inject(\.endpoint)]
    }

    enum Session: CustomScope {}

    final class ShoppingCart: Injectable {
        static var scope: Scope { .custom(Session.self) }
    }

    final class UserProfile {
        let name: String
        init(name: String) { self.name = name }
    }

    @Suite(.serialized) struct Tests {
        static func build() throws -> Container {
            let container = try Container { binder in
                binder.bind(Database.self).scoped(.singleton).eager().to { _ in try Database.open() }
                binder.eager(MetricsReporter.self)  // an Injectable class whose scope is .singleton
                binder.bind(MetricsEndpoint.self).to { _ in try MetricsEndpoint.connect() }
            }
            return container
        }

        @Test func eagerSingletonsAreCreatedWhenTheContainerIsBuilt() throws {
            let before = Database.opened.load(ordering: .relaxed)
            let container = try Self.build()
            #expect(Database.opened.load(ordering: .relaxed) == before + 1)
            #expect(try container.resolve(Database.self) === container.resolve(Database.self))
        }

        @Test func everyEagerFailureIsReportedAtOnce() {
            Database.failing.store(true, ordering: .relaxed)
            MetricsEndpoint.failing.store(true, ordering: .relaxed)
            defer {
                Database.failing.store(false, ordering: .relaxed)
                MetricsEndpoint.failing.store(false, ordering: .relaxed)
            }
            let error = captureConfigurationError { try Self.build() }
            expectDocumented(
                error?.description ?? "no error",
                #"""
                Container configuration has 2 problems:

                error[eager-creation-failed]: Creating the eager singleton Database while building the container failed: The factory for Database threw: diskFull.
                  at: App/Bindings.swift:3
                  path: Database
                  fix: Fix the cause reported by the factory, or catch it inside the factory.

                error[eager-creation-failed]: Creating the eager singleton MetricsReporter while building the container failed: The factory for MetricsEndpoint threw: offline.
                  at: App/Bindings.swift:4
                  also: App/Bindings.swift:5
                  path: MetricsReporter.endpoint → MetricsEndpoint
                  fix: Fix the cause reported by the factory, or catch it inside the factory.
                """#)
        }

        @Test func aCustomScopeIsSharedUntilItIsReset() throws {
            let container = Container()
            let cart = try container.resolve(ShoppingCart.self)
            // cart === (try container.resolve(ShoppingCart.self))
            container.reset(Session.self)  // signed out
            let next = try container.resolve(ShoppingCart.self)
            // next !== cart

            #expect(next !== cart)
            #expect(next === (try container.resolve(ShoppingCart.self)))
        }

        @Test func aChildsSingletonsAreResetTogether() throws {
            let appContainer = Container()
            let userContainer = try appContainer.child { binder in
                binder.makeSingletonsResettable()
                binder.bind(UserProfile.self).scoped(.singleton).to { _ in UserProfile(name: "Ada") }
            }
            let profile = try userContainer.resolve(UserProfile.self)
            try userContainer.resetSingletons()
            // (try userContainer.resolve(UserProfile.self)) !== profile

            #expect((try userContainer.resolve(UserProfile.self)) !== profile)
        }
    }
}

/// Documentation.docc/Articles/PropertyInjection.md: injected injectors and child factories;
/// TestingWithOverrides.md: wrappers made by hand.
enum WrapperExamples {
    final class CheckoutScreen: PropertyInjectable {
        var clock: Clock!
        static let dependencies: [Dependency<CheckoutScreen>] = [.inject(\.clock)]
    }
    final class Clock: Injectable {}

    final class Navigator: Injectable {
        var screens: PropertyInjector<CheckoutScreen>!
        static let dependencies: [Dependency<Navigator>] = [.inject(\.screens)]

        func show(_ screen: CheckoutScreen) throws {
            try screens.inject(into: screen)
        }
    }

    final class Request {
        let path: String
        init(path: String) { self.path = path }
    }
    struct Response: Equatable { let status: Int }
    final class RequestHandler: Injectable {
        var request: Request!
        static let dependencies: [Dependency<RequestHandler>] = [.inject(\.request)]
        func respond() -> Response { Response(status: request.path == "/orders" ? 200 : 404) }
    }

    final class RequestRouter: Injectable {
        var requestContainers: ChildContainerFactory!
        static let dependencies: [Dependency<RequestRouter>] = [.inject(\.requestContainers)]

        func handle(_ request: Request) throws -> Response {
            let scope = try requestContainers.makeChild { $0.bind(Request.self).to(value: request) }
            return try scope.resolve(RequestHandler.self).respond()
        }
    }

    protocol Exporter: AnyObject {}
    final class CSVExporter: Exporter {}
    final class Settings {
        let currency: String
        init(currency: String) { self.currency = currency }
    }
    final class Row {
        let index: Int
        init(index: Int) { self.index = index }
    }
    final class ReportScreen {
        var makeExporter: Provider<Exporter>!
        var settings: Lazy<Settings>!
        var makeRow: AssistedFactory<Int, Row>!

        func exportAll() throws -> Int {
            _ = try makeExporter.get()
            _ = try settings.get()
            return try (0..<3).map { try makeRow.make($0) }.count
        }
    }

    @Suite struct Tests {
        @Test func anInjectedInjectorFillsScreens() throws {
            let container = Container()
            let navigator = try container.resolve(Navigator.self)
            let screen = CheckoutScreen()
            try navigator.show(screen)
            #expect(screen.clock != nil)
            withExtendedLifetime(container) {}
        }

        @Test func anInjectedChildFactoryMakesARequestScope() throws {
            let container = Container()
            let router = try container.resolve(RequestRouter.self)
            #expect(try router.handle(Request(path: "/orders")) == Response(status: 200))
            withExtendedLifetime(container) {}
        }

        @Test func wrappersMadeByHandTestAClassWithoutAContainer() throws {
            let screen = ReportScreen()
            screen.makeExporter = Provider { CSVExporter() }
            screen.settings = Lazy { Settings(currency: "EUR") }
            screen.makeRow = AssistedFactory { index in Row(index: index) }
            #expect(try screen.exportAll() == 3)
        }
    }
}
