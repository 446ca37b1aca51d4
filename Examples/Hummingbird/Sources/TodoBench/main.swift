import Autowire
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import TodoAPI

// Request latency of `GET /todos/1`, served by the same `GetTodoHandler` two ways in one run:
// resolved per request from the app's request scope (as `TodoServer` does), and wired by hand.
// Requests go through Hummingbird's router in process (HummingbirdTesting's `.router`), so no socket
// noise; each reads a real SQLite file; the hand-wired app runs twice, to show the noise floor. Then
// the wiring alone, no HTTP and no database: the request scope's resolve, a child container per
// request (the other way to wire a request), and the same objects made by hand.
//
//   swift run -c release --package-path Examples TodoBench [requests per round, default 4000]

let requestsPerRound = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 4000
let rounds = 5

var logger = Logger(label: "TodoBench")
logger.logLevel = .warning  // no per-request log lines in the figures

let databasePath = FileManager.default.temporaryDirectory
    .appendingPathComponent("todo-bench-\(UUID().uuidString).sqlite").path
defer {
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: databasePath + suffix) }
}

let container = try AppContainer.make(settings: AppSettings(databasePath: databasePath), logger: logger)
try AppContainer.validate(container)
let repository = try container.resolve((any TodoRepository).self)
_ = try await repository.insert(title: "Benchmark", done: false, createdAt: Date())

// The same handler, wired by hand: what the container does for each request, written out.
let clock = SystemAppClock()
@Sendable func handWiredHandler(_ data: RequestContextData) -> GetTodoHandler {
    GetTodoHandler(todos: TodoService(repository: repository, clock: clock, request: data))
}

let throughContainer = try TodoApp.application(container: container)
let byHand = TodoApp.application(host: "127.0.0.1", port: 0, logger: logger) { router in
    router.get("/todos/:id") { request, context in
        try await handWiredHandler(RequestContextData(request, context: context)).handle(request, context: context)
    }
}

/// Per-request durations in nanoseconds, `count` requests in a row.
func timeRequests(_ app: some ApplicationProtocol, count: Int) async throws -> [Double] {
    try await app.test(.router) { client in
        var durations: [Double] = []
        durations.reserveCapacity(count)
        let clock = ContinuousClock()
        for _ in 0..<count {
            let start = clock.now
            let response = try await client.execute(uri: "/todos/1", method: .get)
            durations.append(nanoseconds(clock.now - start))
            guard response.status == .ok else { throw BenchmarkFailure("GET /todos/1 answered \(response.status)") }
        }
        return durations
    }
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

func format(_ nanoseconds: Double) -> String { String(format: "%8.2f µs", nanoseconds / 1000) }

/// One line per way of wiring, then each against the last (by hand) at the median.
func report(_ title: String, _ rows: [(name: String, samples: [Double])]) {
    let summaries = rows.map { (name: $0.name, summary: Summary($0.samples)) }
    print(title)
    print("  wiring                    median       p90      mean")
    for (name, summary) in summaries {
        let label = name.padding(toLength: 20, withPad: " ", startingAt: 0)
        print("  \(label) \(format(summary.median)) \(format(summary.p90)) \(format(summary.mean))")
    }
    guard let hand = summaries.last?.summary else { return }
    for (name, summary) in summaries.dropLast() {
        let difference = summary.median - hand.median
        let figures = String(
            format: "%+.2f µs per request at the median (%+.1f%%)", difference / 1000, 100 * difference / hand.median)
        print("  \(name) − hand: \(figures)")
    }
}

// Warm-up (first resolve compiles the plans, first reads fill SQLite's cache), then alternate
// rounds so that drift on a shared machine lands on every side alike. The hand-wired app runs twice
// per round: the gap between its two runs is this machine's noise, the floor under any difference.
_ = try await timeRequests(throughContainer, count: 500)
_ = try await timeRequests(byHand, count: 500)
var viaContainer: [Double] = []
var viaHandAgain: [Double] = []
var viaHand: [Double] = []
for _ in 0..<rounds {
    viaContainer += try await timeRequests(throughContainer, count: requestsPerRound)
    viaHand += try await timeRequests(byHand, count: requestsPerRound)
    viaHandAgain += try await timeRequests(byHand, count: requestsPerRound)
}
print(
    "GET /todos/1 through Hummingbird's router, \(rounds) × \(requestsPerRound) requests each, SQLite read included"
)
report(
    "request latency",
    [("request scope", viaContainer), ("by hand, again", viaHandAgain), ("by hand", viaHand)])

// The wiring alone, no HTTP and no database: what each request pays to get its handler.
let sample = RequestContextData(requestID: "bench", method: "GET", path: "/todos/1", logger: logger)
let handlers = try RouteResolver(container: container)
@Sendable func childContainerHandler(_ data: RequestContextData) throws -> GetTodoHandler {
    try container.child { binder in binder.bind(RequestContextData.self).to(value: data) }
        .resolve(GetTodoHandler.self)
}
func timeWiring(count: Int, _ make: () throws -> GetTodoHandler) rethrows -> [Double] {
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
_ = try timeWiring(count: 1000) { try handlers.handler(GetTodoHandler.self, for: sample) }
_ = try timeWiring(count: 1000) { try childContainerHandler(sample) }
var wiredByScope: [Double] = []
var wiredByChild: [Double] = []
var wiredByHand: [Double] = []
for _ in 0..<rounds {
    wiredByScope += try timeWiring(count: requestsPerRound) { try handlers.handler(GetTodoHandler.self, for: sample) }
    wiredByChild += try timeWiring(count: requestsPerRound) { try childContainerHandler(sample) }
    wiredByHand += timeWiring(count: requestsPerRound) { handWiredHandler(sample) }
}
report(
    "wiring alone (a handler and its service, no HTTP, no database)",
    [("request scope", wiredByScope), ("child container", wiredByChild), ("by hand", wiredByHand)])

// Where a child container's time goes: making it is cheap; its first resolve compiles the plans of
// what depends on its binding (the service and the handler), and every request's child is new.
var childOnly: [Double] = []
for _ in 0..<rounds {
    let clock = ContinuousClock()
    for _ in 0..<requestsPerRound {
        let start = clock.now
        let child = try container.child { binder in binder.bind(RequestContextData.self).to(value: sample) }
        childOnly.append(nanoseconds(clock.now - start))
        withExtendedLifetime(child) {}
    }
}
print("of which, making each child container: \(format(Summary(childOnly).median)) at the median")
