import Synchronization
import Testing

@testable import Autowire

// `RequestScope`: a graph per request that sees the request, sharing the container's singletons.

private struct IncomingRequest: Sendable {
    let path: String
    let userID: Int
}

private final class OrderStore: Injectable {
    static var scope: Scope { .singleton }
    let orders = Mutex<[String]>([])
}
private final class RequestLog: Injectable {
    var request: IncomingRequest!
    static let dependencies: [Dependency<RequestLog>] = [.inject(\.request)]
}
private final class CurrentUser: ConstructorInjectable {
    let id: Int
    init(request: IncomingRequest) { id = request.userID }
    static let construction = Construction(CurrentUser.init)
}
private final class OrderHandler: Injectable {
    var store: OrderStore!
    var log: RequestLog!
    var user: CurrentUser!
    var request: IncomingRequest!
    static let dependencies: [Dependency<OrderHandler>] = [
        .inject(\.store), .inject(\.log), .inject(\.user), .inject(\.request),
    ]
}

private final class RequestCounter: Injectable {
    static var scope: Scope { .singleton }
    var request: IncomingRequest!
    static let dependencies: [Dependency<RequestCounter>] = [.inject(\.request)]
}
private final class CountingHandler: Injectable {
    var counter: RequestCounter!
    static let dependencies: [Dependency<CountingHandler>] = [.inject(\.counter)]
}

private final class LateLog: Injectable {
    var log: Provider<RequestLog>!
    static let logLine = #line + 1
    static let dependencies: [Dependency<LateLog>] = [.inject(\.log)]
}

private enum Greeting: Autowire.Tag { typealias Value = String }
private final class Greeter: Injectable {
    var greeting: String!
    static let dependencies: [Dependency<Greeter>] = [.inject(\.greeting, tag: Greeting.self)]
}

private final class LateGreeter: Injectable {
    var greeter: Provider<Greeter>!
    static let dependencies: [Dependency<LateGreeter>] = [.inject(\.greeter)]
}

/// Shared while anyone holds it: with the request in it, request 2 would see user 1.
private final class UserSession: Injectable {
    static var scope: Scope { .weak }
    var request: IncomingRequest!
    static let dependencies: [Dependency<UserSession>] = [.inject(\.request)]
}
private final class SessionHandler: Injectable {
    var session: UserSession!
    static let dependencies: [Dependency<SessionHandler>] = [.inject(\.session)]
}
private enum Tenant: CustomScope {}
private final class TenantCache: Injectable {
    static var scope: Scope { .custom(Tenant.self) }
    var user: CurrentUser!
    static let dependencies: [Dependency<TenantCache>] = [.inject(\.user)]
}

@Suite struct RequestScopeTests {
    @Test func aWeakObjectThatDependsOnTheRequestIsRefusedNamingItAndItsScope() throws {
        let scopeLine = #line + 1
        let requests = try Container().requestScope(for: IncomingRequest.self)
        let error = try #require(throws: ResolutionError.self) {
            try requests.resolve(SessionHandler.self, for: IncomingRequest(path: "/", userID: 1))
        }
        #expect(
            error.description == """
                error[request-scoped-singleton]: UserSession is kept in the `.weak` scope and depends on \
                IncomingRequest, the request of a RequestScope, which is different for every request: it would hand \
                one request's IncomingRequest to later requests.
                  at: AutowireTests/RequestScopeTests.swift:\(scopeLine)
                  path: SessionHandler.session → UserSession.request → IncomingRequest
                  fix: Give UserSession the `.graph` scope (one per request) or `.transient`, or stop it depending on \
                IncomingRequest.
                """)
    }

    @Test func aCustomScopedObjectThatReachesTheRequestIsRefusedNamingItsScope() throws {
        let requests = try Container().requestScope(for: IncomingRequest.self)
        let error = try #require(throws: ResolutionError.self) {
            try requests.resolve(TenantCache.self, for: IncomingRequest(path: "/", userID: 1))
        }
        #expect(error.diagnostics.map(\.code) == [.requestScopedSingleton])
        #expect(
            error.diagnostics.first?.message == """
                TenantCache is kept in the `.custom(Tenant)` scope and depends on IncomingRequest, the request of a \
                RequestScope, which is different for every request: it would hand one request's IncomingRequest to \
                later requests.
                """)
        #expect(
            error.diagnostics.first?.path == [
                "TenantCache.user", "parameter 1 of CurrentUser's factory", "IncomingRequest",
            ])
    }

    @Test func eachRequestsGraphSeesItsRequestAndSharesTheContainersSingletons() throws {
        let container = Container()
        let requests = try container.requestScope(for: IncomingRequest.self)
        let first = try requests.resolve(OrderHandler.self, for: IncomingRequest(path: "/orders", userID: 7))
        let second = try requests.resolve(OrderHandler.self, for: IncomingRequest(path: "/cart", userID: 9))
        #expect(first.request.path == "/orders")
        #expect(first.log.request.path == "/orders")
        #expect(first.user.id == 7)
        #expect(second.log.request.path == "/cart")
        #expect(second.user.id == 9)
        #expect(first.log !== second.log)
        #expect(first.store === second.store)
        #expect(try container.resolve(OrderStore.self) === first.store)
    }

    @Test func aScopesBindingsMayBeMadeFromTheRequest() throws {
        let requests = try Container().requestScope(for: IncomingRequest.self) { binder in
            binder.bind(String.self).tagged(Greeting.self).to { resolver in
                "Hello, user \(try resolver.resolve(IncomingRequest.self).userID)"
            }
        }
        #expect(
            try requests.resolve(Greeter.self, for: IncomingRequest(path: "/", userID: 3)).greeting == "Hello, user 3")
    }

    @Test func requestsOnManyThreadsEachSeeTheirOwn() async throws {
        let requests = try Container().requestScope(for: IncomingRequest.self)
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for user in 0..<64 {
                group.addTask {
                    let handler = try requests.resolve(OrderHandler.self, for: IncomingRequest(path: "/", userID: user))
                    return handler.user.id == user && handler.log.request.userID == user
                }
            }
            for try await sawItsOwn in group { #expect(sawItsOwn) }
        }
    }

    @Test func aSingletonThatDependsOnTheRequestIsRefused() throws {
        let scopeLine = #line + 1
        let requests = try Container().requestScope(for: IncomingRequest.self)
        let error = try #require(throws: ResolutionError.self) {
            try requests.resolve(CountingHandler.self, for: IncomingRequest(path: "/", userID: 1))
        }
        #expect(
            error.description == """
                error[request-scoped-singleton]: RequestCounter is kept in the `.singleton` scope and depends on \
                IncomingRequest, the request of a RequestScope, which is different for every request: it would hand \
                one request's IncomingRequest to later requests.
                  at: AutowireTests/RequestScopeTests.swift:\(scopeLine)
                  path: CountingHandler.counter → RequestCounter.request → IncomingRequest
                  fix: Give RequestCounter the `.graph` scope (one per request) or `.transient`, or stop it depending on \
                IncomingRequest.
                """)
    }

    @Test func aProviderWhoseTargetNeedsTheRequestIsRefusedAtTheFirstResolve() throws {
        let requests = try Container().requestScope(for: IncomingRequest.self)
        let error = try #require(throws: ResolutionError.self) {
            try requests.resolve(LateLog.self, for: IncomingRequest(path: "/", userID: 1))
        }
        #expect(
            error.description == """
                error[request-unavailable]: Provider<RequestLog> resolves after the request's resolve has ended, and \
                what it makes depends on IncomingRequest, the request of a RequestScope: there is no request then.
                  at: AutowireTests/RequestScopeTests.swift:\(LateLog.logLine)
                  path: LateLog.log → Provider<RequestLog> → RequestLog.request → IncomingRequest
                  fix: Inject what the handle makes directly (a request's resolve makes it anew for every request), \
                or stop it depending on IncomingRequest.
                """)
    }

    @Test func aProviderWhoseClosureFactoryReadsTheRequestFailsAtItsGet() throws {
        // A closure's dependencies are unseen until it runs: only `get()` can tell.
        let requests = try Container().requestScope(for: IncomingRequest.self) { binder in
            binder.bind(String.self).tagged(Greeting.self).to { resolver in
                "user \(try resolver.resolve(IncomingRequest.self).userID)"
            }
        }
        let late = try requests.resolve(LateGreeter.self, for: IncomingRequest(path: "/", userID: 1))
        let error = try #require(throws: ResolutionError.self) { try late.greeter.get() }
        #expect(error.diagnostics.map(\.code) == [.requestUnavailable])
        #expect(error.diagnostics.first?.path.last == "IncomingRequest")
    }
}

/// Made by a closure factory, whose dependencies are unseen until it runs: only the resolve that
/// runs it can tell that it reads the request.
private final class UserBadge: Sendable {
    let userID: Int
    init(userID: Int) { self.userID = userID }
}
private final class BadgeHandler: Injectable {
    var badge: UserBadge!
    static let dependencies: [Dependency<BadgeHandler>] = [.inject(\.badge)]
}

extension RequestScopeTests {
    /// What resolving `BadgeHandler` three times, for users 1 to 3, gives while every handler is
    /// held, with `UserBadge` bound in `scope` by a closure that reads the request through
    /// `RequestLog` (a class, which the resolve program makes).
    private func badgesHeldAcrossRequests(in scope: Scope) throws -> [String] {
        let requests = try Container().requestScope(for: IncomingRequest.self) { binder in
            binder.bind(UserBadge.self).scoped(scope).to { resolver in
                UserBadge(userID: try resolver.resolve(RequestLog.self).request.userID)
            }
        }
        var held: [BadgeHandler] = []
        var outcomes: [String] = []
        for user in 1...3 {
            do {
                let handler = try requests.resolve(BadgeHandler.self, for: IncomingRequest(path: "/", userID: user))
                held.append(handler)
                outcomes.append("user \(user) sees \(handler.badge.userID)")
            } catch {
                outcomes.append("user \(user): \(error.code)")
            }
        }
        return outcomes
    }

    @Test(arguments: [Scope.singleton, .weak, .custom(Tenant.self)])
    func anObjectKeptByAScopeWhoseClosureFactoryReadsTheRequestIsRefused(_ scope: Scope) throws {
        // `.weak` and custom scopes were not refused: while user 1's handler held its badge, users 2
        // and 3 were handed user 1's.
        let refused = (1...3).map { "user \($0): request-scoped-singleton" }
        #expect(try badgesHeldAcrossRequests(in: scope) == refused)
    }

    @Test func aClosureFactoryOfAKeptObjectThatReadsTheRequestIsToldWhatToChange() throws {
        let requests = try Container().requestScope(for: IncomingRequest.self) { binder in  // @badgeRequests
            binder.bind(UserBadge.self).scoped(.weak).to { resolver in
                UserBadge(userID: try resolver.resolve(IncomingRequest.self).userID)
            }
        }
        let error = try #require(throws: ResolutionError.self) {
            try requests.resolve(BadgeHandler.self, for: IncomingRequest(path: "/", userID: 1))
        }
        #expect(
            error.description == """
                error[request-scoped-singleton]: An object kept beyond one resolve (a singleton, or a `.weak` or \
                custom-scope instance) is being made and depends on IncomingRequest, the request of a RequestScope, \
                which is different for every request: it would hand one request's IncomingRequest to later requests.
                  at: \(marked("badgeRequests"))
                  path: BadgeHandler.badge → UserBadge → IncomingRequest
                  fix: Give the object that reads IncomingRequest the `.graph` scope (one per request) or \
                `.transient`, or stop it depending on IncomingRequest.
                """)
    }

    @Test func aGraphObjectWhoseClosureFactoryReadsTheRequestSeesEachRequest() throws {
        #expect(try badgesHeldAcrossRequests(in: .graph) == (1...3).map { "user \($0) sees \($0)" })
    }
}

/// A request whose value holds references: copying it out of the caller's frame must retain them,
/// which AddressSanitizer would catch going wrong once the caller's copy is gone.
private final class RequestBody: Sendable {
    let text: String
    init(text: String) { self.text = text }
}
private struct UploadRequest: Sendable {
    let body: RequestBody
    let headers: [String: String]
}
private final class UploadHandler: Injectable {
    var request: UploadRequest!
    static let dependencies: [Dependency<UploadHandler>] = [.inject(\.request)]
}

extension RequestScopeTests {
    @Test func theGraphKeepsItsOwnCopyOfTheRequestAfterTheCallersIsGone() throws {
        let requests = try Container().requestScope(for: UploadRequest.self)
        var handlers: [UploadHandler] = []
        for index in 0..<100 {
            // The request exists only in this iteration; the handler must outlive it intact.
            let request = UploadRequest(
                body: RequestBody(text: "upload \(index)"), headers: ["X-Index": "\(index)"])
            handlers.append(try requests.resolve(UploadHandler.self, for: request))
        }
        for (index, handler) in handlers.enumerated() {
            #expect(handler.request.body.text == "upload \(index)")
            #expect(handler.request.headers == ["X-Index": "\(index)"])
        }
    }
}
