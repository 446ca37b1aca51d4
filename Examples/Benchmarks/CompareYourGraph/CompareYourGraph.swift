// Compare your own graph: one root resolved three ways, in one benchmark run.
//
//   autowired   the container makes the root from its types' own declarations (the bindings
//               autowiring cannot do without: protocols, values);
//   explicit    every type bound in the container, with a typed factory (`to(factory: T.init)`);
//   by hand     the same objects made with their initializers, as you would write them without
//               a container.
//
// Each is measured for wall clock, throughput, allocations (malloc calls) and, where the machine
// has hardware counters, instructions. To use it on your graph (see README.md beside this file):
//
//   1. copy this file to Benchmarks/CompareYourGraph/CompareYourGraph.swift in your package, and
//      add the target to your Package.swift (README.md has the lines);
//   2. replace section 1 with `import YourModule`, and change the lines marked `// ✎` in
//      section 2;
//   3. swift package benchmark --target CompareYourGraph
//
// Section 3, the benchmarks themselves, needs no change.

import Autowire
import Benchmark
import Foundation

// MARK: - 1. The graph (✎ replace this section with `import YourModule`)

// A server's request handler and what it needs: three services and two repositories made for each
// request, two app-wide singletons, a protocol bound to its implementation, and a configuration
// value. Constructor-injected, as a server's services usually are.

struct DatabaseSettings: Sendable {
    let path: String
}

/// Opened once, shared by every request.
final class Database: ConstructorInjectable, Sendable {
    let settings: DatabaseSettings
    init(settings: DatabaseSettings) { self.settings = settings }
    static let construction = Construction(Database.init)
    static var scope: Scope { .singleton }
}

protocol TaskNotifier: Sendable {
    func taskCreated(_ title: String)
}

/// One for the app.
final class LogTaskNotifier: TaskNotifier, ConstructorInjectable {
    func taskCreated(_ title: String) {}
    static let construction = Construction(LogTaskNotifier.init)
    static var scope: Scope { .singleton }
}

final class TeamRepository: ConstructorInjectable, Sendable {
    let database: Database
    init(database: Database) { self.database = database }
    static let construction = Construction(TeamRepository.init)
}

final class TaskRepository: ConstructorInjectable, Sendable {
    let database: Database
    init(database: Database) { self.database = database }
    static let construction = Construction(TaskRepository.init)
}

final class TeamService: ConstructorInjectable, Sendable {
    let teams: TeamRepository
    init(teams: TeamRepository) { self.teams = teams }
    static let construction = Construction(TeamService.init)
}

final class TaskService: ConstructorInjectable, Sendable {
    let tasks: TaskRepository
    let teams: TeamService
    let notifier: any TaskNotifier
    init(tasks: TaskRepository, teams: TeamService, notifier: any TaskNotifier) {
        self.tasks = tasks
        self.teams = teams
        self.notifier = notifier
    }
    static let construction = Construction(TaskService.init)
}

/// The root: what a route resolves for each request.
final class ListTasksHandler: ConstructorInjectable, Sendable {
    let tasks: TaskService
    let teams: TeamService
    init(tasks: TaskService, teams: TeamService) {
        self.tasks = tasks
        self.teams = teams
    }
    static let construction = Construction(ListTasksHandler.init)
}

// MARK: - 2. Your root, wired three ways (✎ change the lines marked ✎)

typealias Root = ListTasksHandler  // ✎ your root type

let settings = DatabaseSettings(path: ":memory:")  // ✎ your configuration, or remove

/// Autowired: only the bindings your app's container has, the types' own declarations for the
/// rest. ✎ Your app's bindings (call the function that builds your app's container, if you have one).
func autowiredContainer() throws -> Container {
    try Container { binder in
        binder.bind(DatabaseSettings.self).to(value: settings)  // ✎
        binder.bind((any TaskNotifier).self).to(LogTaskNotifier.self)  // ✎
    }
}

/// Explicit bindings: every type of the graph bound with a typed factory, as you would without
/// `ConstructorInjectable` (or with types you do not own). ✎ One line per type of your graph.
func explicitContainer() throws -> Container {
    try Container { binder in
        binder.bind(DatabaseSettings.self).to(value: settings)  // ✎
        binder.bind(Database.self).scoped(.singleton).to(factory: Database.init)  // ✎
        binder.bind((any TaskNotifier).self).scoped(.singleton).to(factory: LogTaskNotifier.init)  // ✎
        binder.bind(TeamRepository.self).to(factory: TeamRepository.init)  // ✎
        binder.bind(TaskRepository.self).to(factory: TaskRepository.init)  // ✎
        binder.bind(TeamService.self).to(factory: TeamService.init)  // ✎
        binder.bind(TaskService.self).to(factory: TaskService.init)  // ✎
        binder.bind(ListTasksHandler.self).to(factory: ListTasksHandler.init)  // ✎
    }
}

/// By hand: the app-wide objects made once, as `init` does; `makeRoot()` makes what one resolve
/// makes. In the default `.graph` scope an object is shared within one resolve, so `TeamService`
/// is made once here too.
struct HandWiring {
    let database = Database(settings: settings)  // ✎ your singletons
    let notifier: any TaskNotifier = LogTaskNotifier()  // ✎

    func makeRoot() -> Root {
        // ✎ your root's graph, written out
        let teams = TeamService(teams: TeamRepository(database: database))
        let tasks = TaskService(tasks: TaskRepository(database: database), teams: teams, notifier: notifier)
        return ListTasksHandler(tasks: tasks, teams: teams)
    }
}

// MARK: - 3. The benchmarks (no change needed)

/// Each sample times 1,000 operations; the figures marked `*` in the output are per operation.
/// `COMPARE_YOUR_GRAPH_SMOKE` in the environment makes a run of a few seconds, to check that it
/// builds and runs (the figures of such a run mean nothing).
let benchmarks: @Sendable () -> Void = {
    let smoke = ProcessInfo.processInfo.environment["COMPARE_YOUR_GRAPH_SMOKE"] != nil
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal, .instructions],
        warmupIterations: smoke ? 1 : 10,
        scalingFactor: .kilo,
        maxDuration: smoke ? .milliseconds(100) : .seconds(3),
        maxIterations: smoke ? 5 : 3_000
    )

    // The first resolve of a root compiles its plan and lowers its program, the next lowers it
    // again with what the first run learned (see the Performance article); both happen before
    // measuring, as at a server's start-up.
    Benchmark("1 autowired") { benchmark in
        let container = try autowiredContainer()
        for _ in 0..<3 { blackHole(try container.resolve(Root.self)) }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try container.resolve(Root.self)) }
    }

    Benchmark("2 explicit bindings") { benchmark in
        let container = try explicitContainer()
        for _ in 0..<3 { blackHole(try container.resolve(Root.self)) }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try container.resolve(Root.self)) }
    }

    Benchmark("3 by hand") { benchmark in
        let wiring = HandWiring()
        for _ in 0..<3 { blackHole(wiring.makeRoot()) }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(wiring.makeRoot()) }
    }
}
