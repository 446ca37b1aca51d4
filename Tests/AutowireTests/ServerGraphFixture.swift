import Autowire

/// The dependency graph of a small JSON API server, about forty types: configuration values,
/// app-wide singletons, repositories behind protocols, services, per-request handlers and
/// middleware. Graph export is checked on it, and its picture is what a user's real graph looks like.
enum ServerGraphFixture {
    enum DatabasePath: Autowire.Tag { typealias Value = String }
    enum ListenPort: Autowire.Tag { typealias Value = Int }
    enum SigningSecret: Autowire.Tag { typealias Value = String }
    enum MailHost: Autowire.Tag { typealias Value = String }

    final class DatabasePool {
        init(path: String) {}
    }
    final class SystemClock: Injectable { static var scope: Scope { .singleton } }
    final class EventLog: Injectable { static var scope: Scope { .singleton } }
    final class MetricsRegistry: Injectable { static var scope: Scope { .singleton } }
    final class HTTPClient {
        init(log: EventLog, metrics: MetricsRegistry) {}
    }
    final class ResponseCache: Injectable { static var scope: Scope { .weak } }

    protocol UserRepository: AnyObject {}
    protocol OrderRepository: AnyObject {}
    protocol ProductRepository: AnyObject {}
    protocol CartRepository: AnyObject {}
    protocol ReviewRepository: AnyObject {}

    /// What every SQL repository needs.
    class SQLRepository {
        var pool: DatabasePool!
        var log: EventLog!
        class var dependencies: [Dependency<SQLRepository>] { [.inject(\.pool), .inject(\.log)] }
        required init() {}
    }
    final class SQLUserRepository: SQLRepository, UserRepository, Injectable {}
    final class SQLOrderRepository: SQLRepository, OrderRepository, Injectable {}
    final class SQLProductRepository: SQLRepository, ProductRepository, Injectable {}
    final class SQLCartRepository: SQLRepository, CartRepository, Injectable {}
    final class SQLReviewRepository: SQLRepository, ReviewRepository, Injectable {}

    protocol PaymentGateway: AnyObject {}
    final class CardGateway: PaymentGateway {
        init(client: HTTPClient, secret: Tagged<SigningSecret>, clock: SystemClock) {}
    }
    protocol Mailer: AnyObject {}
    final class SMTPMailer: Mailer {
        init(host: Tagged<MailHost>, log: EventLog) {}
    }

    final class TokenSigner: Injectable {
        var secret: String!
        var clock: SystemClock!
        static let dependencies: [Dependency<TokenSigner>] = [
            .inject(\.secret, tag: SigningSecret.self), .inject(\.clock),
        ]
    }
    final class UserService: Injectable {
        var users: UserRepository!
        var mailer: Mailer!
        static let dependencies: [Dependency<UserService>] = [.inject(\.users), .inject(\.mailer)]
    }
    final class AuthService: Injectable {
        var users: UserService!
        var signer: TokenSigner!
        static let dependencies: [Dependency<AuthService>] = [.inject(\.users), .inject(\.signer)]
    }
    final class ProductService: Injectable {
        var products: ProductRepository!
        var cache: ResponseCache!
        static let dependencies: [Dependency<ProductService>] = [.inject(\.products), .inject(\.cache)]
    }
    final class CartService: Injectable {
        var carts: CartRepository!
        var products: ProductService!
        static let dependencies: [Dependency<CartService>] = [.inject(\.carts), .inject(\.products)]
    }
    final class PaymentService: Injectable {
        var gateway: PaymentGateway!
        var metrics: MetricsRegistry!
        static let dependencies: [Dependency<PaymentService>] = [.inject(\.gateway), .inject(\.metrics)]
    }
    final class OrderService: Injectable {
        var orders: OrderRepository!
        var carts: CartService!
        var payments: PaymentService!
        var mailer: Mailer!
        var clock: SystemClock!
        static let dependencies: [Dependency<OrderService>] = [
            .inject(\.orders), .inject(\.carts), .inject(\.payments), .inject(\.mailer), .inject(\.clock),
        ]
    }
    final class ReviewService: Injectable {
        var reviews: ReviewRepository!
        var products: ProductService!
        static let dependencies: [Dependency<ReviewService>] = [.inject(\.reviews), .inject(\.products)]
    }
    final class ReportJob: Injectable {
        var orders: OrderRepository!
        static let dependencies: [Dependency<ReportJob>] = [.inject(\.orders)]
    }

    final class UsersHandler: Injectable {
        var users: UserService!
        static let dependencies: [Dependency<UsersHandler>] = [.inject(\.users)]
    }
    final class AuthHandler: Injectable {
        var auth: AuthService!
        static let dependencies: [Dependency<AuthHandler>] = [.inject(\.auth)]
    }
    final class ProductsHandler: Injectable {
        var products: ProductService!
        static let dependencies: [Dependency<ProductsHandler>] = [.inject(\.products)]
    }
    final class CartHandler: Injectable {
        var carts: CartService!
        static let dependencies: [Dependency<CartHandler>] = [.inject(\.carts)]
    }
    final class OrdersHandler: Injectable {
        var orders: OrderService!
        var makeReport: Provider<ReportJob>!
        static let dependencies: [Dependency<OrdersHandler>] = [.inject(\.orders), .inject(\.makeReport)]
    }
    final class ReviewsHandler: Injectable {
        var reviews: ReviewService!
        static let dependencies: [Dependency<ReviewsHandler>] = [.inject(\.reviews)]
    }

    protocol Middleware: AnyObject {}
    final class RequestLogging: Middleware, Injectable {
        var log: EventLog!
        static let dependencies: [Dependency<RequestLogging>] = [.inject(\.log)]
    }
    final class RequestMetrics: Middleware, Injectable {
        var metrics: MetricsRegistry!
        static let dependencies: [Dependency<RequestMetrics>] = [.inject(\.metrics)]
    }
    final class Authentication: Middleware, Injectable {
        var signer: TokenSigner!
        static let dependencies: [Dependency<Authentication>] = [.inject(\.signer)]
    }

    final class Router: Injectable {
        var port: Int!
        var middleware: [Middleware]!
        var users: UsersHandler!
        var auth: AuthHandler!
        var products: ProductsHandler!
        var carts: CartHandler!
        var orders: OrdersHandler!
        var reviews: ReviewsHandler!
        static let dependencies: [Dependency<Router>] = [
            .inject(\.port, tag: ListenPort.self), .inject(\.middleware), .inject(\.users), .inject(\.auth),
            .inject(\.products), .inject(\.carts), .inject(\.orders), .inject(\.reviews),
        ]
    }

    static func container() throws -> Container {
        try Container { binder in
            binder.bind(String.self).tagged(DatabasePath.self).to(value: "app.sqlite")
            binder.bind(Int.self).tagged(ListenPort.self).to(value: 8080)
            binder.bind(String.self).tagged(SigningSecret.self).to(value: "secret")
            binder.bind(String.self).tagged(MailHost.self).to(value: "smtp.example.com")
            binder.bind(DatabasePool.self).scoped(.singleton).to { resolver in
                DatabasePool(path: try resolver.resolve(String.self, tag: DatabasePath.self))
            }
            binder.bind(HTTPClient.self).scoped(.singleton).to(factory: HTTPClient.init)
            binder.bind(UserRepository.self).to(SQLUserRepository.self)
            binder.bind(OrderRepository.self).to(SQLOrderRepository.self)
            binder.bind(ProductRepository.self).to(SQLProductRepository.self)
            binder.bind(CartRepository.self).to(SQLCartRepository.self)
            binder.bind(ReviewRepository.self).to(SQLReviewRepository.self)
            binder.bind(PaymentGateway.self).scoped(.singleton).to(factory: CardGateway.init)
            binder.bind(Mailer.self).to(factory: SMTPMailer.init)
            binder.bind(Middleware.self).intoCollection().to(RequestLogging.self)
            binder.bind(Middleware.self).intoCollection().to(RequestMetrics.self)
            binder.bind(Middleware.self).intoCollection().to(Authentication.self)
        }
    }
}
