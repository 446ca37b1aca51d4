import Autowire
import Fluent
import Foundation
import Logging
import TeamTasks
import Vapor
import VaporTesting

// Per-request wiring cost of `GET /teams/:teamID/tasks`, served by the same `ListTasksHandler` two
// ways in one app and one run: resolved per request with `req.resolve(_:)` (the request scope kept
// in `app.storage`, as `TeamTasksServer` does), and wired by hand in the route. Requests go through
// Vapor's responder in process (VaporTesting's in-memory tester: middleware, router, error
// middleware, no socket), each reading SQLite (in memory); the hand-wired route runs twice per round,
// to show the noise floor. Then the wiring alone, no HTTP and no database query: `req.resolve`, the
// request scope's resolve without the storage lookup, and the same objects made by hand.
//
//   swift run -c release --package-path Examples TeamTasksBench [requests per round, default 2000]

let requestsPerRound = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 2000
let rounds = 5

let app = try await Application.make(Environment(name: "bench", arguments: ["TeamTasksBench"]))
app.logger.logLevel = .warning  // no per-request log lines in the figures
var logger = Logger(label: "TeamTasksBench")
logger.logLevel = .warning
let container = try AppContainer.make(settings: .inMemory, logger: logger)
try await configure(app, container: container)

// The same handler, wired by hand: what the container does for each request, written out.
let clock = SystemAppClock()
let notifier = try container.resolve((any TaskNotifier).self)
@Sendable func handWiredHandler(_ req: Request) throws -> ListTasksHandler {
    let database = req.db
    let teams = TeamService(database: database)
    let user = try req.auth.require(CurrentUser.self)
    return ListTasksHandler(
        tasks: TaskService(database: database, teams: teams, user: user, clock: clock, notifier: notifier))
}
app.grouped("by-hand", "teams", ":teamID", "tasks").get { req in try await handWiredHandler(req).handle(req) }

// `performTest(request:)`, not `sendRequest`: the latter expects to run inside a Swift Testing test.
let tester = try app.testing()
let headers: HTTPHeaders = [UserHeaderMiddleware.header: "alice"]
func post(_ path: String, json: String) async throws -> TestingHTTPResponse {
    try await tester.performTest(
        request: TestingHTTPRequest(
            method: .POST, url: URI(path: path), headers: headers.adding(contentType: .json),
            body: ByteBuffer(string: json)))
}
let team = try await post("teams", json: #"{"name":"Bench"}"#).content.decode(TeamDTO.self)
_ = try await post("teams/\(team.id)/tasks", json: #"{"title":"Measure"}"#)

extension HTTPHeaders {
    func adding(contentType: HTTPMediaType) -> HTTPHeaders {
        var headers = self
        headers.contentType = contentType
        return headers
    }
}

/// Per-request durations in nanoseconds, `count` requests to `path` in a row.
func timeRequests(_ path: String, count: Int) async throws -> [Double] {
    var durations: [Double] = []
    durations.reserveCapacity(count)
    let clock = ContinuousClock()
    for _ in 0..<count {
        let start = clock.now
        let response = try await tester.performTest(
            request: TestingHTTPRequest(method: .GET, url: URI(path: path), headers: headers, body: ByteBuffer()))
        durations.append(nanoseconds(clock.now - start))
        guard response.status == .ok else { throw BenchmarkFailure("GET \(path) answered \(response.status)") }
    }
    return durations
}

func nanoseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

struct Summary {
    let median: Double
    let p90: Double
    let mean: Double
    init(_ samples: [Double]) {
        let sorted = samples.sorted()
        median = sorted[sorted.count / 2]
        p90 = sorted[sorted.count * 9 / 10]
        mean = sorted.reduce(0, +) / Double(sorted.count)
    }
}

func format(_ nanoseconds: Double) -> String { String(format: "%9.0f ns", nanoseconds) }

/// One line per way of wiring, then each against the last (by hand) at the median.
func report(_ title: String, _ rows: [(name: String, samples: [Double])]) {
    let summaries = rows.map { (name: $0.name, summary: Summary($0.samples)) }
    print(title)
    print("  wiring                        median          p90         mean")
    for (name, summary) in summaries {
        let label = name.padding(toLength: 22, withPad: " ", startingAt: 0)
        print("  \(label) \(format(summary.median)) \(format(summary.p90)) \(format(summary.mean))")
    }
    guard let hand = summaries.last?.summary else { return }
    for (name, summary) in summaries.dropLast() {
        let difference = summary.median - hand.median
        let figures = String(
            format: "%+.0f ns per request at the median (%+.1f%%)", difference, 100 * difference / hand.median)
        print("  \(name) − hand: \(figures)")
    }
}

// Warm-up (the first resolve compiles the plans), then alternate rounds so that drift on a shared
// machine lands on every side alike. The hand-wired route runs twice per round: the gap between its
// two runs is this machine's noise, the floor under any difference.
let resolvedPath = "teams/\(team.id)/tasks"
let byHandPath = "by-hand/teams/\(team.id)/tasks"
_ = try await timeRequests(resolvedPath, count: 300)
_ = try await timeRequests(byHandPath, count: 300)
var viaResolve: [Double] = []
var viaHandAgain: [Double] = []
var viaHand: [Double] = []
for _ in 0..<rounds {
    viaResolve += try await timeRequests(resolvedPath, count: requestsPerRound)
    viaHand += try await timeRequests(byHandPath, count: requestsPerRound)
    viaHandAgain += try await timeRequests(byHandPath, count: requestsPerRound)
}
print(
    "GET /teams/:teamID/tasks through Vapor's responder, \(rounds) × \(requestsPerRound) requests each, "
        + "SQLite (in memory) read included")
report(
    "whole request",
    [("req.resolve", viaResolve), ("by hand, again", viaHandAgain), ("by hand", viaHand)])

// The wiring alone: what each request pays to get its handler, the request's `req.db` included on
// every side.
let request = Request(application: app, on: app.eventLoopGroup.any())
request.auth.login(CurrentUser(name: "alice"))
let requests = try app.requests
func timeWiring<Made>(count: Int, _ make: () throws -> Made) rethrows -> [Double] {
    let clock = ContinuousClock()
    var durations: [Double] = []
    durations.reserveCapacity(count)
    for _ in 0..<count {
        let start = clock.now
        let handler = try make()
        durations.append(nanoseconds(clock.now - start))
        withExtendedLifetime(handler) {}
    }
    return durations
}
let wiringCount = requestsPerRound * 10
_ = try timeWiring(count: 1000) { try request.resolve(ListTasksHandler.self) }
_ = try timeWiring(count: 1000) { try handWiredHandler(request) }
var wiredByResolve: [Double] = []
var wiredByScope: [Double] = []
var wiredByHand: [Double] = []
for _ in 0..<rounds {
    wiredByResolve += try timeWiring(count: wiringCount) { try request.resolve(ListTasksHandler.self) }
    wiredByScope += try timeWiring(count: wiringCount) { try requests.resolve(ListTasksHandler.self, for: request) }
    wiredByHand += try timeWiring(count: wiringCount) { try handWiredHandler(request) }
}
report(
    "wiring alone (handler, task and team services, req.db, the user; no HTTP, no query), \(rounds) × \(wiringCount)",
    [("req.resolve", wiredByResolve), ("request scope", wiredByScope), ("by hand", wiredByHand)])

// Where the hand-wired side's time goes: Fluent makes a new `Database` for each `req.db`.
var databaseOnly: [Double] = []
for _ in 0..<rounds {
    databaseOnly += timeWiring(count: wiringCount) { request.db }
}
print("of which, req.db alone: \(format(Summary(databaseOnly).median)) at the median")

try await app.asyncShutdown()
