import Autowire
import AutowireTesting
import Observation
import Synchronization
import Testing

// The articles' examples (BindingsAndFactories, ConstructorInjection, PropertyInjection,
// ValidationAndDiagnostics), written as the articles write them and compiled unchanged in each
// setting users build in: this file is linked into every settings target (see Package.swift and
// ReadmeExampleTests.swift). Under Xcode 26's defaults every type here is `@MainActor`.

// BindingsAndFactories: a typed factory, one parameter tagged.
enum MailHost: Autowire.Tag { typealias Value = String }
protocol Mailer: AnyObject { var host: String { get } }
final class EventLog: Injectable {}

final class SMTPMailer: Mailer {
    let host: String
    let logger: EventLog
    init(host: Tagged<MailHost>, logger: EventLog) {
        self.host = host.value
        self.logger = logger
    }
}

// BindingsAndFactories: a closure factory for a type the container cannot make by itself.
enum DatabasePath: Autowire.Tag { typealias Value = String }
final class SQLiteDatabase {
    let path: String
    init(path: String) throws { self.path = path }
}

// BindingsAndFactories: assisted injection, autowired and through a bound function.
struct OrderID: Hashable, Sendable { let raw: Int }

final class OrderDetail: Injectable {
    var orderID: OrderID!
    var log: EventLog!
    static let dependencies: [Dependency<OrderDetail>] = [.assisted(\.orderID), .inject(\.log)]
}

final class OrderList: Injectable {
    var makeDetail: AssistedFactory<OrderID, OrderDetail>!
    static let dependencies: [Dependency<OrderList>] = [.inject(\.makeDetail)]
}

// Under Xcode 26's defaults `ReceiptPrinter.init` is `@MainActor`: `make(_:)` calls it on the main
// thread only.
final class ReceiptPrinter {
    let order: OrderID
    let log: EventLog
    init(order: OrderID, log: EventLog) {
        self.order = order
        self.log = log
    }
}

// ConstructorInjection: `let` dependencies, named once by `Construction(T.init)`.
final class TimeSource: ConstructorInjectable, Sendable {
    static let construction = Construction(TimeSource.init)
    static var scope: Scope { .singleton }
}

final class Ledger: ConstructorInjectable, Sendable {
    let time: TimeSource
    init(time: TimeSource) { self.time = time }
    static let construction = Construction(Ledger.init, labels: "time")
}

// PropertyInjection: a view controller made by the UI framework, filled by the container.
final class ProfileService: Injectable {}

@MainActor
final class ProfileScreen: @MainActor PropertyInjectable {
    var profiles: ProfileService!
    static let dependencies: [Dependency<ProfileScreen>] = [.inject(\.profiles)]
}

// An `@Observable` view model: its dependencies are not observed state.
@MainActor @Observable
final class ProfileViewState: @MainActor Injectable {
    @ObservationIgnored var profiles: ProfileService!
    @ObservationIgnored var log: EventLog?
    var name = ""
    static let dependencies: [Dependency<ProfileViewState>] = [.inject(\.profiles), .optional(\.log)]
}

// TestingWithOverrides: the app's container, and a trait that overrides one binding per test.
protocol Notifier: AnyObject, Sendable {
    func send(_ message: String)
}

final class EmailNotifier: Notifier, Injectable {
    func send(_ message: String) {}
}

final class RecordingNotifier: Notifier {
    let sent = Mutex<[String]>([])
    func send(_ message: String) { sent.withLock { $0.append(message) } }
}

final class SignUp: Injectable {
    var notifier: Notifier!
    static let dependencies: [Dependency<SignUp>] = [.inject(\.notifier)]

    func register(_ email: String) {
        notifier.send("Welcome, \(email)")
    }
}

enum SignUpApp {
    static func container() throws -> Container {
        try Container { binder in
            binder.bind(Notifier.self).to(EmailNotifier.self)
        }
    }
}

let sharedRecorder = RecordingNotifier()

extension Trait where Self == ContainerTrait {
    /// The app's bindings, with a notifier that records what it sends.
    static var recordingNotifier: Self {
        .overriding(try SignUpApp.container()) { @MainActor binder in
            binder.override(Notifier.self).to(value: sharedRecorder)
        }
    }
}

// ValidationAndDiagnostics: a forgotten dependency and a graph.
protocol Catalog: AnyObject {}
final class BookCatalog: Catalog, Injectable {}

final class Shelf: Injectable {
    var logger: EventLog?  // not in dependencies: validate warns
    var catalog: Catalog!
    static let dependencies: [Dependency<Shelf>] = [.inject(\.catalog)]
}

@Suite struct ArticleExampleTests {
    @Test func aTypedFactoryResolvesEachParameterTaggedOnesIncluded() throws {
        let mailContainer = try Container { binder in
            binder.bind(String.self).tagged(MailHost.self).to(value: "smtp.example.com")
            binder.bind(Mailer.self).to(factory: SMTPMailer.init)
        }
        let mailer = try mailContainer.resolve(Mailer.self)
        #expect(mailer.host == "smtp.example.com")
        #expect((mailer as? SMTPMailer)?.logger != nil)
    }

    @Test func aTypedFactoryWithLabelsNamesItsParametersInTheGraph() throws {
        let mailContainer = try Container { binder in
            binder.bind(String.self).tagged(MailHost.self).to(value: "smtp.example.com")
            binder.bind(Mailer.self).to(factory: SMTPMailer.init, labels: "host", "logger")
        }
        #expect(try mailContainer.resolve(Mailer.self).host == "smtp.example.com")
        #expect(mailContainer.graph(from: Mailer.self).textTree.contains("└─ logger: EventLog (autowired, graph)"))
    }

    @MainActor @Test func aMainActorClosureFactoryMakesASingletonFromWhatItResolves() throws {
        let container = try Container { binder in
            binder.bind(String.self).tagged(DatabasePath.self).to(value: "app.sqlite")
            binder.bind(SQLiteDatabase.self).scoped(.singleton).to { @MainActor resolver in
                try SQLiteDatabase(path: resolver.resolve(String.self, tag: DatabasePath.self))
            }
        }
        let database = try container.resolve(SQLiteDatabase.self)
        #expect(database.path == "app.sqlite")
        #expect(try container.resolve(SQLiteDatabase.self) === database)
    }

    @Test func anAssistedFactoryPassesTheRuntimeValue() throws {
        let list = try Container().resolve(OrderList.self)
        let detail = try list.makeDetail.make(OrderID(raw: 42))
        #expect(detail.orderID == OrderID(raw: 42))
        #expect(detail.log != nil)
    }

    @Test func anAssistedBindingCallsTheFunctionWithTheSeedFirst() throws {
        let container = try Container { binder in
            binder.bind(AssistedFactory<OrderID, ReceiptPrinter>.self).to(assisted: ReceiptPrinter.init)
        }
        let printer = try container.resolve(AssistedFactory<OrderID, ReceiptPrinter>.self).make(OrderID(raw: 7))
        #expect(printer.order == OrderID(raw: 7))
    }

    @Test func aConstructorInjectedServiceIsAutowired() throws {
        let container = Container()
        let ledger = try container.resolve(Ledger.self)
        #expect(try container.resolve(Ledger.self).time === ledger.time)
    }

    @MainActor @Test func aViewControllerIsFilledByTheContainerAndByAnInjector() throws {
        let container = Container()
        let screen = ProfileScreen()  // created by the UI framework
        try container.inject(into: screen)
        #expect(screen.profiles != nil)

        let injector = try container.propertyInjector(for: ProfileScreen.self)
        let another = ProfileScreen()
        try injector.inject(into: another)
        #expect(another.profiles != nil)
    }

    @MainActor @Test func anObservableViewModelHasItsIgnoredPropertiesFilled() throws {
        let container = Container()
        let model = try container.resolve(ProfileViewState.self)
        #expect(model.profiles != nil)
        #expect(model.log != nil)
        #expect(try container.validate(ProfileViewState.self).diagnostics.isEmpty)
    }

    // A nil optional not in `dependencies` fails the root's first fill, which validate runs too.
    @Test func validateReportsAForgottenDependency() throws {
        let container = try Container { $0.bind(Catalog.self).to(BookCatalog.self) }
        let error = #expect(throws: ValidationError.self) { try container.validate(Shelf.self) }
        #expect(error?.report.diagnostics.map(\.code) == [.forgottenDependency])
        #expect(
            error?.report.diagnostics.first?.message
                == "Shelf.logger is nil after injection but is not in Shelf.dependencies, and the container can provide EventLog: it looks like a forgotten `.inject`."
        )
    }

    @Test func validateReportsAMissingBinding() throws {
        let error = #expect(throws: ValidationError.self) { try Container().validate(Shelf.self) }
        #expect(
            error?.report.diagnostics.first(where: { $0.code == .missingBinding })?.message
                == "Catalog cannot be provided: it has no binding and is not an Injectable class.")
    }

    @Test func theGraphIsPrintedAsATree() throws {
        let container = try Container { $0.bind(Catalog.self).to(BookCatalog.self) }
        let tree = container.graph(from: Shelf.self).textTree
        #expect(tree.hasPrefix("Shelf (autowired, graph)\n└─ catalog: Catalog (bound to BookCatalog at "))
        #expect(container.graph(from: Shelf.self).dot.hasPrefix("digraph"))
    }
}

@Suite(.recordingNotifier)
struct SignUpTraitTests {
    @Test func registeringSendsAWelcomeThroughTheOverride() throws {
        let signUp = try TestContainer.current().resolve(SignUp.self)
        signUp.register("grace@example.com")
        #expect(sharedRecorder.sent.withLock { $0.contains("Welcome, grace@example.com") })
    }
}
