import Autowire
import Foundation
import Testing

// An app's whole wiring in one container, the way users write it: autowired classes, a protocol bound to
// an implementation, a singleton closure factory, tagged values, a typed factory and a collection, with
// small types for the names it uses.

private protocol OrderRepository: AnyObject {}
private protocol AuditLog: AnyObject {}
private protocol Database: AnyObject {
    var path: String { get }
}
private protocol Plugin: AnyObject {}
private protocol Mailer: AnyObject {}

private final class SMTPMailer: Mailer {
    let clock: SystemClock
    init(clock: SystemClock) { self.clock = clock }
}

private final class SystemClock: Injectable {}

private final class SQLiteDatabase: Database {
    let path: String
    init(path: String) throws { self.path = path }
}

private final class SQLOrderRepository: OrderRepository, Injectable {
    var database: Database!
    static let dependencies: [Dependency<SQLOrderRepository>] = [.inject(\.database)]
}

private final class AuditPlugin: Plugin, Injectable {}

private enum DatabasePath: Autowire.Tag { typealias Value = String }
// `Tag` alone is ambiguous next to `import Testing`, which has a `Tag` of its own.
private enum APIBaseURL: Autowire.Tag { typealias Value = URL }

private final class OrderService: Injectable {
    var repository: OrderRepository!  // a protocol: needs a binding
    var clock: SystemClock!  // an Injectable class: autowired, no registration
    var audit: AuditLog?  // optional: left nil when nothing can provide it
    var baseURL: URL!  // a tagged value

    static let dependencies: [Dependency<OrderService>] = [
        .inject(\.repository),
        .inject(\.clock),
        .optional(\.audit),
        .inject(\.baseURL, tag: APIBaseURL.self),
    ]
}

private final class CheckoutScreen: PropertyInjectable {  // no init() requirement
    var orders: OrderService!
    static let dependencies: [Dependency<CheckoutScreen>] = [.inject(\.orders)]
}

private final class App: Injectable {
    var orders: OrderService!
    var plugins: [Plugin]!
    static let dependencies: [Dependency<App>] = [.inject(\.orders), .inject(\.plugins)]
}

@Suite struct DesignExampleTests {
    let apiURL = URL(string: "https://api.example.com")

    func makeContainer() throws -> Container {
        let apiURL = try #require(apiURL)
        return try Container { binder in
            binder.bind(OrderRepository.self).to(SQLOrderRepository.self)  // autowired implementation
            binder.bind(Database.self).scoped(.singleton).to { r in
                try SQLiteDatabase(path: r.resolve(String.self, tag: DatabasePath.self))
            }
            binder.bind(String.self).tagged(DatabasePath.self).to(value: ":memory:")
            binder.bind(URL.self).tagged(APIBaseURL.self).to(value: apiURL)
            binder.bind(Mailer.self).to(factory: SMTPMailer.init)  // typed factory: init's parameters are resolved
            binder.bind(Plugin.self).intoCollection().to(AuditPlugin.self)  // resolve [Plugin]
        }
    }

    @Test func prototypeResolvesWithNoRegistration() throws {
        let clock = try Container().resolve(SystemClock.self)
        #expect(type(of: clock) == SystemClock.self)
    }

    @Test func explicitBindingsWireTheService() throws {
        let container = try makeContainer()
        let service = try container.resolve(OrderService.self)
        let repository = try #require(service.repository as? SQLOrderRepository)
        #expect(repository.database is SQLiteDatabase)
        #expect(repository.database.path == ":memory:")
        #expect(service.clock != nil)
        #expect(service.audit == nil)
        #expect(service.baseURL == apiURL)
    }

    @Test func singletonDatabaseIsSharedAcrossResolves() throws {
        let container = try makeContainer()
        let first = try #require(try container.resolve(OrderService.self).repository as? SQLOrderRepository)
        let second = try #require(try container.resolve(OrderService.self).repository as? SQLOrderRepository)
        #expect(first !== second)
        #expect(first.database === second.database)
    }

    @Test func typedFactoryResolvesTheInitializersParameters() throws {
        let mailer = try makeContainer().resolve(Mailer.self)
        #expect((mailer as? SMTPMailer)?.clock != nil)
    }

    @Test func pluginsResolveAsACollection() throws {
        let plugins = try makeContainer().resolve([Plugin].self)
        #expect(plugins.count == 1)
        #expect(plugins.first is AuditPlugin)
    }

    @Test func objectsCreatedElsewhereAreFilled() throws {
        let container = try makeContainer()
        let injector = try container.propertyInjector(for: CheckoutScreen.self)  // checked once, here
        let screenMadeByTheFramework = CheckoutScreen()
        try injector.inject(into: screenMadeByTheFramework)  // fast, repeatable
        let otherScreen = CheckoutScreen()
        try container.inject(into: otherScreen)  // one-off convenience
        #expect(screenMadeByTheFramework.orders.baseURL == apiURL)
        #expect(otherScreen.orders.repository is SQLOrderRepository)
    }

    @Test func diagnosticsValidateTheWiringAndExportTheGraph() throws {
        let container = try makeContainer()
        let report = try container.validate(App.self)  // every problem at once; warnings in the report
        #expect(report.diagnostics.isEmpty)
        let dot = container.graph(from: App.self).dot  // Graphviz
        #expect(dot.hasPrefix("digraph"))
        #expect(dot.contains("label=\"orders\""))
        #expect(dot.contains("label=\"repository\""))
    }
}
