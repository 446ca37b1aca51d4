import Autowire
import Synchronization
import Testing

/// Swift Testing has a `Tag` of its own; a file that imports both names Autowire's explicitly.
private typealias Tag = Autowire.Tag

/// Documentation.docc/Articles/RequestScopes.md
enum RequestScopeExamples {
    struct IncomingRequest: Sendable {
        let path: String
        let userID: Int
        var headers: [String: String] = [:]
    }

    final class CurrentUser: ConstructorInjectable, Sendable {
        let id: Int
        init(request: IncomingRequest) { id = request.userID }
        static let construction = Construction(CurrentUser.init)
    }

    final class RequestLog: Injectable {
        var request: IncomingRequest!
        private(set) var lines: [String] = []
        static let dependencies: [Dependency<RequestLog>] = [.inject(\.request)]

        func record(_ line: String) { lines.append("\(request.path): \(line)") }
    }

    final class CartStore: ConstructorInjectable, Sendable {
        private let items = Mutex<[Int: [String]]>([:])

        func add(_ item: String, for user: Int) -> [String] {
            items.withLock { items in
                items[user, default: []].append(item)
                return items[user] ?? []
            }
        }

        static let construction = Construction(CartStore.init)
        static var scope: Scope { .singleton }
    }

    final class CartHandler: Injectable {
        var user: CurrentUser!
        var log: RequestLog!
        var store: CartStore!

        static let dependencies: [Dependency<CartHandler>] = [
            .inject(\.user),
            .inject(\.log),
            .inject(\.store),
        ]

        func add(_ item: String) -> [String] {
            log.record("added \(item)")
            return store.add(item, for: user.id)
        }
    }

    enum AuthToken: Tag { typealias Value = String }

    final class TokenCheck: Injectable {
        var token: String!
        static let dependencies: [Dependency<TokenCheck>] = [.inject(\.token, tag: AuthToken.self)]
    }

    final class VisitCounter: Injectable {
        static var scope: Scope { .singleton }
        var request: IncomingRequest!
        static let dependencies: [Dependency<VisitCounter>] = [.inject(\.request)]
    }

    final class StatsHandler: Injectable {
        var visits: VisitCounter!
        static let dependencies: [Dependency<StatsHandler>] = [.inject(\.visits)]
    }

    /// A singleton that reaches the request only through a `.graph` object it holds.
    final class LogArchive: Injectable {
        static var scope: Scope { .singleton }
        var log: RequestLog!
        static let dependencies: [Dependency<LogArchive>] = [.inject(\.log)]
    }

    final class AuditHandler: Injectable {
        var makeLog: Provider<RequestLog>!
        static let dependencies: [Dependency<AuditHandler>] = [.inject(\.makeLog)]
    }

    struct AppServices: Sendable {
        let container: Container
        let requests: RequestScope<IncomingRequest>
    }

    final class CartReloader: Injectable {
        var carts: Provider<CartStore>!
        static let dependencies: [Dependency<CartReloader>] = [.inject(\.carts)]
    }

    final class Transaction {
        private(set) var isCommitted = false
        func commit() { isCommitted = true }
    }

    final class OrderWriter: Injectable {
        var transaction: Transaction!
        var request: IncomingRequest!
        static let dependencies: [Dependency<OrderWriter>] = [.inject(\.transaction), .inject(\.request)]
    }

    final class AuditWriter: Injectable {
        var transaction: Transaction!
        static let dependencies: [Dependency<AuditWriter>] = [.inject(\.transaction)]
    }

    @Suite struct Tests {
        @Test func eachRequestsGraphSeesItsRequest() throws {
            let container = Container()
            let requests = try container.requestScope(for: IncomingRequest.self)  // once, at start-up

            // For each request, on any thread:
            let handler = try requests.resolve(CartHandler.self, for: IncomingRequest(path: "/cart", userID: 7))
            let items = handler.add("tea")  // ["tea"]

            #expect(items == ["tea"])
            #expect(handler.log.lines == ["/cart: added tea"])
            let next = try requests.resolve(CartHandler.self, for: IncomingRequest(path: "/cart/add", userID: 7))
            #expect(next.add("milk") == ["tea", "milk"])
            #expect(next.log.lines == ["/cart/add: added milk"])
            #expect(next.store === handler.store)
            #expect(next.log !== handler.log)
            #expect(try container.resolve(CartStore.self) === handler.store)
        }

        @Test func aScopesBindingsAreMadeFromTheRequest() throws {
            let container = Container()
            let requests = try container.requestScope(for: IncomingRequest.self) { binder in
                binder.bind(String.self).tagged(AuthToken.self).to { resolver in
                    try resolver.resolve(IncomingRequest.self).headers["Authorization"] ?? ""
                }
            }

            let request = IncomingRequest(path: "/", userID: 1, headers: ["Authorization": "Bearer 42"])
            #expect(try requests.resolve(TokenCheck.self, for: request).token == "Bearer 42")
        }

        @Test func aSingletonThatKeepsTheRequestIsRefused() throws {
            let requests = try Container().requestScope(for: IncomingRequest.self)  // @stats-scope
            let text = thrownText {
                try requests.resolve(StatsHandler.self, for: IncomingRequest(path: "/stats", userID: 1))
            }
            #expect(text.contains("  at: \(marked("stats-scope"))\n"))
            expectDocumented(
                thrownText {
                    try requests.resolve(StatsHandler.self, for: IncomingRequest(path: "/stats", userID: 1))
                },
                #"""
                error[request-scoped-singleton]: VisitCounter is kept in the `.singleton` scope and depends on IncomingRequest, the request of a RequestScope, which is different for every request: it would hand one request's IncomingRequest to later requests.
                  at: App/Server.swift:12
                  path: StatsHandler.visits → VisitCounter.request → IncomingRequest
                  fix: Give VisitCounter the `.graph` scope (one per request) or `.transient`, or stop it depending on IncomingRequest.
                """#)
        }

        @Test func aSingletonThatReachesTheRequestThroughAnotherObjectIsRefusedToo() throws {
            let requests = try Container().requestScope(for: IncomingRequest.self)
            let error = captureResolutionError {
                try requests.resolve(LogArchive.self, for: IncomingRequest(path: "/", userID: 1))
            }
            #expect(error?.code == .requestScopedSingleton)
        }

        @Test func aContainerThatBindsTheRequestCannotMakeItsScope() throws {
            let container = try Container { binder in
                binder.bind(IncomingRequest.self).to(value: IncomingRequest(path: "/", userID: 0))
            }
            #expect(throws: ConfigurationError.self) { try container.requestScope(for: IncomingRequest.self) }
        }

        @Test func theScopeIsKeptWithTheAppsServices() throws {
            let container = Container()
            let services = AppServices(
                container: container, requests: try container.requestScope(for: IncomingRequest.self))
            let handler = try services.requests.resolve(CartHandler.self, for: IncomingRequest(path: "/", userID: 3))
            #expect(handler.user.id == 3)
        }

        @Test func startUpValidationNamesASingletonThatKeepsTheRequest() throws {
            let container = Container()
            expectDocumented(
                thrownText {
                    let requests = try container.requestScope(for: IncomingRequest.self)
                    try requests.validate(CartHandler.self, StatsHandler.self)
                },
                #"""
                Validation of CartHandler, StatsHandler (7 types, 1 binding) found 1 error:

                error[request-scoped-singleton]: VisitCounter is kept in the `.singleton` scope and depends on IncomingRequest, the request of a RequestScope, which is different for every request: it would hand one request's IncomingRequest to later requests.
                  at: App/Server.swift:12
                  path: StatsHandler.visits → VisitCounter.request → IncomingRequest
                  fix: Give VisitCounter the `.graph` scope (one per request) or `.transient`, or stop it depending on IncomingRequest.
                """#)
            let requests = try container.requestScope(for: IncomingRequest.self)
            #expect(try requests.validate(CartHandler.self).errors.isEmpty)
            #expect(requests.graph(from: CartHandler.self).nodes.contains { $0.name.hasSuffix("IncomingRequest") })
        }

        @Test func aProviderWhoseTargetNeedsTheRequestIsRefusedAtTheFirstResolve() throws {
            let requests = try Container().requestScope(for: IncomingRequest.self)
            let resolve = { try requests.resolve(AuditHandler.self, for: IncomingRequest(path: "/audit", userID: 1)) }
            expectDocumented(
                thrownText {
                    _ = try resolve()
                },
                #"""
                error[request-unavailable]: Provider<RequestLog> resolves after the request's resolve has ended, and what it makes depends on IncomingRequest, the request of a RequestScope: there is no request then.
                  at: App/Handlers.swift:24
                  path: AuditHandler.makeLog → Provider<RequestLog> → RequestLog.request → IncomingRequest
                  fix: Inject what the handle makes directly (a request's resolve makes it anew for every request), or stop it depending on IncomingRequest.
                """#)
        }

        @Test func aProviderFromARequestScopeKeepsTheScopeAlive() throws {
            let container = Container()
            var requests: RequestScope<IncomingRequest>? = try container.requestScope(for: IncomingRequest.self)
            let reloader = try requests?.resolve(CartReloader.self, for: IncomingRequest(path: "/", userID: 1))
            requests = nil
            // The handle keeps the scope: it resolves there, outside any request's resolve.
            let cart = try reloader?.carts.get()
            #expect(cart != nil)
            #expect(cart === (try container.resolve(CartStore.self)))
        }

        @Test func aChildContainerPerRequestSharesItsSingletonsAcrossResolves() throws {
            let container = Container()
            let request = IncomingRequest(path: "/orders", userID: 7)
            let requestContainer = try container.child { binder in
                binder.bind(IncomingRequest.self).to(value: request)
                binder.bind(Transaction.self).scoped(.singleton).to { _ in Transaction() }
            }
            let orders = try requestContainer.resolve(OrderWriter.self)
            let audit = try requestContainer.resolve(AuditWriter.self)
            // orders.transaction === audit.transaction

            #expect(orders.transaction === audit.transaction)
            #expect(orders.request.path == "/orders")
            #expect(try requestContainer.resolve(CartStore.self) === container.resolve(CartStore.self))
        }
    }
}
