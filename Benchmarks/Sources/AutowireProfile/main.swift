import Autowire
import BenchmarkModels
import CallgrindRequests
import Swinject

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Runs one benchmark scenario in a loop so that callgrind (or a malloc counter) can attribute its
// cost:
//
//     swift build --package-path Benchmarks -c release --product AutowireProfile
//     valgrind --tool=callgrind --instr-atstart=no Benchmarks/.build/release/AutowireProfile autowired 10000
//     Benchmarks/.build/release/AutowireProfile --list      # every scenario and its repetitions
//
// `AutowireProfile SCENARIO COUNT` sets the scenario up (containers, as in the benchmarks), runs
// its operation three times (a root's first resolve compiles its graph and lowers its program,
// whose first run learns what lets the second lower it again, and the third may lower it once
// more: see `ProgramWord` in the library), then runs it COUNT more times between
// callgrind's start and stop requests: under `--instr-atstart=no` callgrind counts only those
// COUNT operations, and start-up and set-up run at close to native speed. Scenarios run on the
// main thread, outside any task, so that no other thread runs while callgrind counts (counts then
// repeat exactly). package-benchmark runs its benchmarks inside a task; the one scenario that
// notices is swift-dependencies, whose reads set task-local values: outside a task they are
// allocated with malloc (21 allocations per operation here, 1 in the benchmarks).
// `Scripts/instruction-counts.sh` and `Scripts/speed-gates.sh` measure every scenario `--list`
// prints with its repetitions: instructions are callgrind's count divided by the repetitions;
// allocations are the difference between a run of COUNT = repetitions and one of COUNT = 0,
// divided by the repetitions, and so are, for the memory scenarios (`retains` in the list), the
// heap bytes still live when the process exits; their first operation's bytes are those of the
// run of COUNT = 0 (which runs the warm-up) less those of `AutowireProfile --baseline`.
// Scenarios of one operation in microseconds repeat 2,000 times; the heavy ones (chains, builds,
// validation, cold resolves, memory) fewer, to keep the speed gate within its CI budget.

/// One scenario: its name on the command line, how many operations a measurement repeats, whether
/// its operations keep what they make (the memory scenarios: the heap bytes they retain are
/// measured too), and the body that sets up and runs its operation once and then `count` more
/// times, through `measure`.
struct Scenario {
    let name: String
    let repetitions: Int
    let retains: Bool
    let run: (_ count: Int) throws -> Void

    init(name: String, repetitions: Int, retains: Bool = false, run: @escaping (_ count: Int) throws -> Void) {
        self.name = name
        self.repetitions = repetitions
        self.retains = retains
        self.run = run
    }
}

/// Runs `operation` `warmUps` times (three unless told), then `count` times between callgrind's
/// start and stop requests.
@inline(__always)
func measure(_ count: Int, warmUps: Int = 3, _ operation: () throws -> Void) rethrows {
    try warmUp(warmUps, operation)
    callgrind_start_counting()
    for _ in 0..<count { try operation() }
    callgrind_stop_counting()
}

/// The warm-up, out of line, so that its copies of the operation do not change the code the
/// measured loop is compiled into (three inlined ones moved a cached singleton's count by 6).
@inline(never)
func warmUp(_ times: Int, _ operation: () throws -> Void) rethrows {
    for _ in 0..<times { try operation() }
}

/// Where `retain` leaves the last object it kept: a store to a global, which the optimizer must
/// assume is read, so that it cannot delete an allocation whose only other use is the retain (it
/// deleted a local buffer kept through `_ = Unmanaged.passRetained(buffer)`).
nonisolated(unsafe) var lastRetained: UnsafeMutableRawPointer?

/// Keeps an object for the rest of the process (one retain it never releases, and no heap of its
/// own): a memory scenario's containers and objects stay in the bytes the malloc counter finds
/// live when the process exits.
@inline(never)
func retain(_ object: AnyObject) { lastRetained = Unmanaged.passRetained(object).toOpaque() }

/// The same for an optional result (Swinject's `resolve`).
@inline(never)
func retain(_ object: AnyObject?) { object.map { retain($0) } }

/// The constructor family bound with typed factories but for the logger, bound with a closure as
/// apps bind what the container cannot make itself: the program calls the closure from below the
/// repository's factory. Here rather than in BenchmarkModels, whose typed-factory specializations
/// it would share: the optimizer then outlined them, which moved the typed-factories scenario by 35
/// instructions.
func typedFactoryContainerWithAClosure() throws -> Autowire.Container {
    try Autowire.Container { binder in
        binder.bind(CConfig.self).to(factory: CConfig.init)
        binder.bind(CLogger.self).to { _ in CLogger() }
        binder.bind(CDatabase.self).to(factory: CDatabase.init)
        binder.bind(CRepository.self).to(factory: CRepository.init)
        binder.bind(CService.self).to(factory: CService.init)
        binder.bind(CApp.self).to(factory: CApp.init)
    }
}

let micro = 2_000

let scenarios: [Scenario] = [
    Scenario(name: "handwritten-constructors", repetitions: micro) { count in
        measure(count) { keep(handWrittenConstructors()) }
    },
    Scenario(name: "handwritten-properties", repetitions: micro) { count in
        measure(count) { keep(handWrittenPropertyInjection()) }
    },
    Scenario(name: "autowired", repetitions: micro) { count in
        let container = Autowire.Container()
        try measure(count) { keep(try container.resolve(App.self)) }
    },
    // The same graph through a `Provider` a singleton keeps (a handle that holds the container
    // weakly): the program lowered for a kept object.
    Scenario(name: "kept-provider", repetitions: micro) { count in
        let container = Autowire.Container()
        let maker = try container.resolve(AppMaker.self)
        try measure(count) { keep(try maker.apps.get()) }
    },
    // The same graph under an object an `AssistedFactory` makes: a top-level resolve of the
    // target, the seed read from the call.
    Scenario(name: "assisted", repetitions: micro) { count in
        let container = Autowire.Container()
        let taker = try container.resolve(OrderTaker.self)
        try measure(count) { keep(try taker.takeOrder.make(7)) }
    },
    Scenario(name: "handwritten-shared", repetitions: micro) { count in
        measure(count) { keep(handWrittenSharedLogger()) }
    },
    Scenario(name: "autowired-shared", repetitions: micro) { count in
        let container = Autowire.Container()
        try measure(count) { keep(try container.resolve(SharedApp.self)) }
    },
    Scenario(name: "handwritten-transient", repetitions: micro) { count in
        measure(count) { keep(handWrittenTransient()) }
    },
    Scenario(name: "autowired-transient", repetitions: micro) { count in
        let container = Autowire.Container()
        try measure(count) { keep(try container.resolve(TransientApp.self)) }
    },
    Scenario(name: "handwritten-cycle", repetitions: micro) { count in
        measure(count) { keep(handWrittenCycle()) }
    },
    Scenario(name: "autowired-cycle", repetitions: micro) { count in
        let container = Autowire.Container()
        try measure(count) { keep(try container.resolve(Document.self)) }
    },
    Scenario(name: "handwritten-protocols", repetitions: micro) { count in
        measure(count) { keep(handWrittenProtocols()) }
    },
    Scenario(name: "autowired-protocols", repetitions: micro) { count in
        let container = try protocolContainer()
        try measure(count) { keep(try container.resolve(ProtocolApp.self)) }
    },
    Scenario(name: "autowired-protocols-closure", repetitions: micro) { count in
        let container = try protocolContainerWithAClosure()
        try measure(count) { keep(try container.resolve(ProtocolApp.self)) }
    },
    Scenario(name: "autowired-weak", repetitions: micro) { count in
        let container = Autowire.Container()
        let session = try container.resolve(WeakSession.self)
        try measure(count) { keep(try container.resolve(WeakScreen.self)) }
        keep(session)
    },
    Scenario(name: "typed-factories", repetitions: micro) { count in
        let container = try typedFactoryContainer()
        try measure(count) { keep(try container.resolve(CApp.self)) }
    },
    Scenario(name: "typed-factories-closure", repetitions: micro) { count in
        let container = try typedFactoryContainerWithAClosure()
        try measure(count) { keep(try container.resolve(CApp.self)) }
    },
    Scenario(name: "closure-factories", repetitions: micro) { count in
        let container = try closureFactoryContainer()
        try measure(count) { keep(try container.resolve(CApp.self)) }
    },
    Scenario(name: "swinject-transient", repetitions: micro) { count in
        let container = swinjectContainer(scope: .transient)
        measure(count) { keep(container.resolve(CApp.self)) }
    },
    Scenario(name: "swinject-graph", repetitions: micro) { count in
        let container = swinjectContainer(scope: .graph)
        measure(count) { keep(container.resolve(CApp.self)) }
    },
    Scenario(name: "swift-dependencies", repetitions: micro) { count in
        measure(count) {
            let (app, config, logger) = swiftDependenciesGraph()
            keep(app)
            keep(config)
            keep(logger)
        }
    },
    Scenario(name: "singleton", repetitions: micro) { count in
        let container = Autowire.Container()
        try measure(count) { keep(try container.resolve(SessionStore.self)) }
    },
    Scenario(name: "swinject-singleton", repetitions: micro) { count in
        let container = Swinject.Container()
        container.register(SessionStore.self) { _ in SessionStore() }.inObjectScope(.container)
        measure(count) { keep(container.resolve(SessionStore.self)) }
    },
    Scenario(name: "handwritten-assignment", repetitions: micro) { count in
        let values = ScreenValues()
        let screen = Screen()
        measure(count) { handWrittenAssignment(values, into: screen) }
    },
    Scenario(name: "injector", repetitions: micro) { count in
        let injector = try Autowire.Container().propertyInjector(for: Screen.self)
        let screen = Screen()
        try measure(count) { try injector.inject(into: screen) }
    },
    // A server's per-request graph (BenchmarkModels/RequestGraph.swift): three objects made from
    // the request, three app-wide singletons from the container.
    Scenario(name: "request-handwritten", repetitions: micro) { count in
        let singletons = OrderSingletons()
        let request = sampleRequest()
        measure(count) { keep(handWrittenOrderHandler(for: request, singletons: singletons)) }
    },
    Scenario(name: "request-scope", repetitions: micro) { count in
        let container = Autowire.Container()
        let requests = try container.requestScope(for: HTTPRequest.self)
        let request = sampleRequest()
        try checkOrderHandler(try requests.resolve(OrderHandler.self, for: request), for: request, sharing: container)
        try measure(count) { keep(try requests.resolve(OrderHandler.self, for: request)) }
    },
    // A new child compiles the plans that depend on its binding: about 100 µs while it does, so
    // fewer repetitions, as for the heavy scenarios below.
    Scenario(name: "request-child", repetitions: 200) { count in
        let container = Autowire.Container()
        let request = sampleRequest()
        try checkOrderHandler(
            try container.child { $0.bind(HTTPRequest.self).to(value: request) }.resolve(OrderHandler.self),
            for: request, sharing: container)
        try measure(count) {
            keep(try container.child { $0.bind(HTTPRequest.self).to(value: request) }.resolve(OrderHandler.self))
        }
    },
    Scenario(name: "chain-100", repetitions: 100) { count in
        let container = Autowire.Container()
        try measure(count) { keep(try container.resolve(Chain100_0.self)) }
    },
    Scenario(name: "chain-1000", repetitions: 20) { count in
        let container = Autowire.Container()
        try measure(count) { keep(try container.resolve(Chain1000_0.self)) }
    },
    Scenario(name: "build-100", repetitions: 20) { count in
        try measure(count) { keep(try Autowire.Container { bind100Types($0) }) }
    },
    Scenario(name: "swinject-build-100", repetitions: 20) { count in
        measure(count) {
            let container = Swinject.Container()
            register100Types(container)
            keep(container)
        }
    },
    // Building, then resolving each binding once: a binding proven clean is compiled at its first
    // resolve rather than when the container is built, so this is building's whole cost.
    Scenario(name: "build-100-resolve-each", repetitions: 10) { count in
        try measure(count) {
            let container = try Autowire.Container { bind100Types($0) }
            try resolve100Types(container) { keep($0) }
            keep(container)
        }
    },
    Scenario(name: "swinject-build-100-resolve-each", repetitions: 10) { count in
        measure(count) {
            let container = Swinject.Container()
            container.register(Config.self) { _ in Config() }
            register100Types(container)
            resolve100Types(container) { keep($0) }
            keep(container)
        }
    },
    Scenario(name: "build-1000", repetitions: 5) { count in
        try measure(count) { keep(try Autowire.Container { bind1000Types($0) }) }
    },
    Scenario(name: "validate-100", repetitions: 20) { count in
        let container = Autowire.Container()
        try measure(count) { keep(try container.validate(Chain100_0.self)) }
    },
    Scenario(name: "validate-1000", repetitions: 5) { count in
        let container = Autowire.Container()
        try measure(count) { keep(try container.validate(Chain1000_0.self)) }
    },
    Scenario(name: "validate-no-probes-100", repetitions: 20) { count in
        let container = Autowire.Container()
        try measure(count) { keep(try container.validate(Chain100_0.self, injectingProbes: false)) }
    },
    Scenario(name: "validate-no-probes-1000", repetitions: 5) { count in
        let container = Autowire.Container()
        try measure(count) { keep(try container.validate(Chain1000_0.self, injectingProbes: false)) }
    },
    Scenario(name: "cold", repetitions: 20) { count in
        try measure(count) { keep(try Autowire.Container().resolve(App.self)) }
    },
    // The first two resolves: the first lowers the program, the second lowers it again with the
    // offsets and first fills the first run learned.
    Scenario(name: "cold-two-resolves", repetitions: 20) { count in
        try measure(count) {
            let container = Autowire.Container()
            keep(try container.resolve(App.self))
            keep(try container.resolve(App.self))
        }
    },
    Scenario(name: "cold-singletons", repetitions: 20) { count in
        try measure(count) { keep(try Autowire.Container().resolve(StartupApp.self)) }
    },
    // Memory: the heap a container holds over the 150 generated `Graph150_*` types (up to three
    // dependencies each; `Graph150_0` reaches all of them). Each operation builds a container,
    // resolves, and keeps the container and every object it resolved for the rest of the process
    // (`retain`), so the bytes the malloc counter finds live at exit grow by what one operation
    // holds: the objects (the hand-written rows hold only them) and what the container keeps to
    // resolve them again. Every operation starts from a new container, so one warm-up settles
    // what the process keeps once (type metadata, the library's global tables).
    Scenario(name: "memory-150-root", repetitions: 3, retains: true) { count in
        try measure(count, warmUps: 1) {
            let container = Autowire.Container()
            retain(try container.resolve(Graph150_0.self))
            retain(container)
        }
    },
    Scenario(name: "memory-150-each-twice", repetitions: 3, retains: true) { count in
        try measure(count, warmUps: 1) {
            let container = Autowire.Container()
            retain(try container.resolve(Graph150_0.self))
            try resolveGraph150Each(container) { retain($0) }
            try resolveGraph150Each(container) { retain($0) }
            retain(container)
        }
    },
    Scenario(name: "swinject-memory-150-root", repetitions: 3, retains: true) { count in
        measure(count, warmUps: 1) {
            let container = Swinject.Container()
            registerGraph150Types(container)
            retain(container.resolve(Graph150_0.self))
            retain(container)
        }
    },
    Scenario(name: "swinject-memory-150-each-twice", repetitions: 3, retains: true) { count in
        measure(count, warmUps: 1) {
            let container = Swinject.Container()
            registerGraph150Types(container)
            retain(container.resolve(Graph150_0.self))
            resolveGraph150Each(container) { retain($0) }
            resolveGraph150Each(container) { retain($0) }
            retain(container)
        }
    },
    Scenario(name: "handwritten-memory-150-root", repetitions: 3, retains: true) { count in
        measure(count, warmUps: 1) { retain(makeGraph150Root()) }
    },
    Scenario(name: "handwritten-memory-150-each-twice", repetitions: 3, retains: true) { count in
        measure(count, warmUps: 1) {
            retain(makeGraph150Root())
            makeGraph150Each { retain($0) }
            makeGraph150Each { retain($0) }
        }
    },
]

let arguments = CommandLine.arguments
let name = arguments.count > 1 ? arguments[1] : "autowired"
if name == "--callgrind-requests" {
    print(callgrind_requests_available() ? "available" : "not available")
} else if name == "--baseline" {
    // Runs no scenario: the heap bytes a process holds at exit without one, which the first
    // operation of a memory scenario is measured against.
} else if name == "--list" {
    for scenario in scenarios {
        print(scenario.name, scenario.repetitions, terminator: scenario.retains ? " retains\n" : "\n")
    }
} else if let scenario = scenarios.first(where: { $0.name == name }) {
    try scenario.run(arguments.count > 2 ? Int(arguments[2]) ?? 10_000 : 10_000)
} else {
    print("unknown scenario \(name); AutowireProfile --list names them")
    exit(2)
}
