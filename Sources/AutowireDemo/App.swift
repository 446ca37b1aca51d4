import Autowire
import Synchronization

// The demo's app: a small bookshop. Each class says what it needs; nothing here knows how the
// graph is put together.

/// Collects what the app did, so the demo can print it.
final class EventLog: Injectable {
    private(set) var lines: [String] = []
    func record(_ line: String) { lines.append(line) }
}

/// The books on the shelf.
final class Inventory: Injectable {
    var log: EventLog!
    static let dependencies: [Dependency<Inventory>] = [.inject(\.log)]

    private let stock = [
        "978-0134092669": "The Swift Programming Language", "978-0262033848": "Introduction to Algorithms",
    ]

    func title(of isbn: String) -> String? {
        log.record("looked up \(isbn)")
        return stock[isbn]
    }
}

/// The shop front: everything here is an Injectable class, so it is autowired.
final class Bookshop: Injectable {
    var inventory: Inventory!
    var log: EventLog!
    static let dependencies: [Dependency<Bookshop>] = [.inject(\.inventory), .inject(\.log)]
}

// MARK: - Parts that need bindings

enum StoreName: Tag { typealias Value = String }
enum DatabasePath: Tag { typealias Value = String }

/// A database connection: not Injectable (it needs a path), so a closure factory makes it. It keeps
/// the orders, so that every store on the same database numbers them in one sequence.
final class Database: Sendable {
    let path: String
    private let orders = Mutex<[String]>([])
    init(path: String) { self.path = path }

    /// Stores `order` and returns its number, counted from 1.
    func insert(_ order: String) -> Int {
        orders.withLock { orders in
            orders.append(order)
            return orders.count
        }
    }
}

/// Where orders are kept: a protocol, bound to an implementation.
protocol OrderStore: AnyObject {
    func save(_ order: String) -> Int
}

final class DatabaseOrderStore: OrderStore, Injectable {
    var database: Database!
    var log: EventLog!
    static let dependencies: [Dependency<DatabaseOrderStore>] = [.inject(\.database), .inject(\.log)]

    func save(_ order: String) -> Int {
        log.record("saved \"\(order)\" to \(database.path)")
        return database.insert(order)
    }
}

/// Sends receipts: made by a typed factory, whose parameters the container resolves.
final class ReceiptPrinter {
    let storeName: String
    let log: EventLog
    init(storeName: Tagged<StoreName>, log: EventLog) {
        self.storeName = storeName.value
        self.log = log
    }

    func receipt(for title: String, number: Int) -> String { "\(storeName) receipt #\(number): \(title)" }
}

final class CheckoutService: Injectable {
    var inventory: Inventory!
    var orders: OrderStore!
    var printer: ReceiptPrinter!
    static let dependencies: [Dependency<CheckoutService>] = [
        .inject(\.inventory),
        .inject(\.orders),
        .inject(\.printer),
    ]

    func buy(_ isbn: String) -> String {
        let title = inventory.title(of: isbn) ?? "unknown book"
        return printer.receipt(for: title, number: orders.save(title))
    }
}

/// The app's bindings, as a module the app and its tests include.
enum BookshopModule: Module {
    static func configure(_ binder: Binder) {
        binder.bind(OrderStore.self).to(DatabaseOrderStore.self)
        binder.bind(String.self).tagged(StoreName.self).to(value: "Autowire Books")
        binder.bind(String.self).tagged(DatabasePath.self).to(value: "bookshop.sqlite")
        binder.bind(Database.self).scoped(.singleton).to { resolver in
            Database(path: try resolver.resolve(String.self, tag: DatabasePath.self))
        }
        binder.bind(ReceiptPrinter.self).to(factory: ReceiptPrinter.init)
    }
}

// MARK: - Made elsewhere

/// A screen that a UI framework creates with its own initializer.
final class CheckoutScreen: PropertyInjectable {
    let title: String
    var checkout: CheckoutService!
    static let dependencies: [Dependency<CheckoutScreen>] = [.inject(\.checkout)]

    init(title: String) { self.title = title }
}

/// Stands in for a UI framework that instantiates screens itself.
enum FakeUIFramework {
    static func makeScreens() -> [CheckoutScreen] {
        [CheckoutScreen(title: "Cart"), CheckoutScreen(title: "Checkout")]
    }
}

// MARK: - A deliberate mistake

/// Needs a tagged currency that nothing binds.
enum Currency: Tag { typealias Value = String }

final class PriceTag: Injectable {
    var currency: String!
    static let dependencies: [Dependency<PriceTag>] = [.inject(\.currency, tag: Currency.self)]
}

// MARK: - Found by validation

/// Has a property it forgot to declare: validation's Mirror audit warns about it.
final class Shelf: Injectable {
    var inventory: Inventory!
    var log: EventLog?  // forgotten: not in dependencies
    static let dependencies: [Dependency<Shelf>] = [.inject(\.inventory)]
}

// MARK: - A test double

final class InMemoryOrderStore: OrderStore, Injectable {
    private(set) var saved: [String] = []
    func save(_ order: String) -> Int {
        saved.append(order)
        return saved.count
    }
}
