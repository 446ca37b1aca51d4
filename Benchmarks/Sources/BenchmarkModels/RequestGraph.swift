public import Autowire

// The request scope scenario: the graph a server resolves for every request it handles.
//
//     OrderHandler ─→ RequestContext ─→ HTTPRequest      per request (`.graph`), made from the request
//                  ─→ CurrentUser    ─→ HTTPRequest
//                  ─→ OrderService   ─→ OrderRepository ─→ AppLogger    app-wide singletons
//                  ─→ AppLogger
//
// Six objects: three made for each request (the handler and the two objects made from the
// request) and three singletons the app container made once and every request shares. The
// request is a struct value, different for every request. Both declaration styles appear, as in a
// real server: key-path `Injectable` and `ConstructorInjectable` (the singletons as checked
// `Sendable` classes with `let` dependencies).

/// The request a server hands its handler: a value, as HTTP server frameworks pass it.
public struct HTTPRequest: Sendable {
    public var method: String
    public var path: String
    public var requestID: UInt64
    public var userID: Int

    public init(method: String, path: String, requestID: UInt64, userID: Int) {
        self.method = method
        self.path = path
        self.requestID = requestID
        self.userID = userID
    }
}

// MARK: - App-wide singletons

public final class AppLogger: Injectable, Sendable {
    public static var scope: Scope { .singleton }
    public let label = "orders"
    public init() {}
}

public final class OrderRepository: ConstructorInjectable, Sendable {
    public let logger: AppLogger
    public init(logger: AppLogger) { self.logger = logger }
    public static let construction = Construction(OrderRepository.init)
    public static var scope: Scope { .singleton }
}

public final class OrderService: ConstructorInjectable, Sendable {
    public let repository: OrderRepository
    public let logger: AppLogger
    public init(repository: OrderRepository, logger: AppLogger) {
        self.repository = repository
        self.logger = logger
    }
    public static let construction = Construction(OrderService.init)
    public static var scope: Scope { .singleton }
}

// MARK: - Per request

/// What the handler's logging and tracing read: filled from the request by key path.
public final class RequestContext: Injectable {
    public var request: HTTPRequest!
    public init() {}
    public static let dependencies: [Dependency<RequestContext>] = [.inject(\.request)]
}

/// The caller, made from the request by its initializer.
public final class CurrentUser: ConstructorInjectable {
    public let id: Int
    public init(request: HTTPRequest) { id = request.userID }
    public static let construction = Construction(CurrentUser.init)
}

/// The root of each request's graph.
public final class OrderHandler: Injectable {
    public var context: RequestContext!
    public var user: CurrentUser!
    public var orders: OrderService!
    public var logger: AppLogger!
    public init() {}
    public static let dependencies: [Dependency<OrderHandler>] = [
        .inject(\.context), .inject(\.user), .inject(\.orders), .inject(\.logger),
    ]
}

// MARK: - Hand-written baseline

/// The app-wide singletons, made once at start-up, as a hand-wired server keeps them.
public struct OrderSingletons: Sendable {
    public let logger: AppLogger
    public let service: OrderService

    public init() {
        logger = AppLogger()
        service = OrderService(repository: OrderRepository(logger: logger), logger: logger)
    }
}

/// The request's graph wired by hand: the three per-request objects made, the singletons passed in.
@inline(never)
public func handWrittenOrderHandler(for request: HTTPRequest, singletons: OrderSingletons) -> OrderHandler {
    let context = RequestContext()
    context.request = request
    let handler = OrderHandler()
    handler.context = context
    handler.user = CurrentUser(request: request)
    handler.orders = singletons.service
    handler.logger = singletons.logger
    return handler
}

/// The request every operation of the scenario handles. Its strings fit in a `String` without an
/// allocation, so copying the request allocates nothing.
public func sampleRequest() -> HTTPRequest {
    HTTPRequest(method: "POST", path: "/orders", requestID: 42, userID: 7)
}

// MARK: - Checking what is measured

/// Throws unless `handler` is the graph the scenario means to measure: made for `request`, with
/// `container`'s singletons (a child that made singletons of its own would measure more work).
public func checkOrderHandler(_ handler: OrderHandler, for request: HTTPRequest, sharing container: Container) throws {
    let service = try container.resolve(OrderService.self)
    let logger = try container.resolve(AppLogger.self)
    guard handler.context.request.requestID == request.requestID, handler.user.id == request.userID else {
        throw ScenarioMismatch(description: "the handler's graph does not see the request it was resolved for")
    }
    guard handler.orders === service, handler.logger === logger, service.logger === logger else {
        throw ScenarioMismatch(description: "the handler's graph does not share the container's singletons")
    }
}

/// A scenario that would measure something other than what it says.
public struct ScenarioMismatch: Error, CustomStringConvertible {
    public let description: String
}
