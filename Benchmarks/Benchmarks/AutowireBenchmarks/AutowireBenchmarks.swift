import Autowire
import Benchmark
import BenchmarkModels
import Foundation
import Swinject

// Every scenario of Benchmarks/README.md on one six-object graph (see BenchmarkModels/Graph.swift). Micro
// benchmarks run 1,000 operations per measured iteration (`scalingFactor: .kilo`); `Scripts/compare.sh` divides
// by that to report per-operation figures. Scaling benchmarks run one operation per iteration.
//
// All benchmarks live in this one executable, so they share one process. Before any of them is
// registered, `settleProcess()` runs a heavy allocate/free loop: on these machines a tight
// allocation loop runs at one speed in a fresh process and at another once a heavy loop has run,
// so hand-written and library code are measured in the same, settled, state.

let benchmarks: @Sendable () -> Void = {
    settleProcess()

    let smoke = ProcessInfo.processInfo.environment["AUTOWIRE_BENCHMARK_SMOKE"] != nil
    let metrics: [BenchmarkMetric] = [.wallClock, .mallocCountTotal, .throughput]
    let micro = Benchmark.Configuration(
        metrics: metrics, warmupIterations: smoke ? 1 : 20, scalingFactor: .kilo,
        maxDuration: smoke ? .milliseconds(200) : .seconds(2), maxIterations: smoke ? 20 : 2_000)
    let scaling = Benchmark.Configuration(
        metrics: metrics, warmupIterations: smoke ? 1 : 3, scalingFactor: .one,
        maxDuration: smoke ? .milliseconds(200) : .seconds(2), maxIterations: smoke ? 20 : 2_000)

    // MARK: Six-object graph, transient (a fresh graph per operation)

    Benchmark("graph/handwritten-constructors", configuration: micro) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(handWrittenConstructors()) }
    }

    Benchmark("graph/handwritten-properties", configuration: micro) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(handWrittenPropertyInjection()) }
    }

    Benchmark("graph/autowire-autowired", configuration: micro) { benchmark in
        let container = Container()
        blackHole(try container.resolve(App.self))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try container.resolve(App.self)) }
    }

    Benchmark("graph/handwritten-shared", configuration: micro) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(handWrittenSharedLogger()) }
    }

    Benchmark("graph/autowire-shared", configuration: micro) { benchmark in
        let container = Container()
        blackHole(try container.resolve(SharedApp.self))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try container.resolve(SharedApp.self)) }
    }

    Benchmark("graph/handwritten-transient", configuration: micro) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(handWrittenTransient()) }
    }

    Benchmark("graph/autowire-transient", configuration: micro) { benchmark in
        let container = Container()
        blackHole(try container.resolve(TransientApp.self))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try container.resolve(TransientApp.self)) }
    }

    Benchmark("graph/handwritten-cycle", configuration: micro) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(handWrittenCycle()) }
    }

    Benchmark("graph/autowire-cycle", configuration: micro) { benchmark in
        let container = Container()
        blackHole(try container.resolve(Document.self))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try container.resolve(Document.self)) }
    }

    Benchmark("graph/handwritten-protocols", configuration: micro) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(handWrittenProtocols()) }
    }

    Benchmark("graph/autowire-protocols", configuration: micro) { benchmark in
        let container = try protocolContainer()
        blackHole(try container.resolve(ProtocolApp.self))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try container.resolve(ProtocolApp.self)) }
    }

    Benchmark("graph/autowire-typed-factories", configuration: micro) { benchmark in
        let container = try typedFactoryContainer()
        blackHole(try container.resolve(CApp.self))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try container.resolve(CApp.self)) }
    }

    Benchmark("graph/autowire-closure-factories", configuration: micro) { benchmark in
        let container = try closureFactoryContainer()
        blackHole(try container.resolve(CApp.self))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try container.resolve(CApp.self)) }
    }

    Benchmark("graph/swinject-transient", configuration: micro) { benchmark in
        let container = swinjectContainer(scope: .transient)
        blackHole(container.resolve(CApp.self))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(container.resolve(CApp.self)) }
    }

    Benchmark("graph/swinject-graph", configuration: micro) { benchmark in
        let container = swinjectContainer(scope: .graph)
        blackHole(container.resolve(CApp.self))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(container.resolve(CApp.self)) }
    }

    // swift-dependencies reads each dependency on property access and caches its live values for
    // the process: an operation makes the root and reads its five dependencies once (see
    // BenchmarkModels/DependenciesGraph.swift).
    Benchmark("graph/swift-dependencies", configuration: micro) { benchmark in
        blackHole(swiftDependenciesGraph())
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(swiftDependenciesGraph()) }
    }

    // MARK: Singletons

    Benchmark("singleton/autowire", configuration: micro) { benchmark in
        let container = Container()
        blackHole(try container.resolve(SessionStore.self))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try container.resolve(SessionStore.self)) }
    }

    Benchmark("singleton/swinject", configuration: micro) { benchmark in
        let container = Swinject.Container()
        container.register(SessionStore.self) { _ in SessionStore() }.inObjectScope(.container)
        blackHole(container.resolve(SessionStore.self))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(container.resolve(SessionStore.self)) }
    }

    // MARK: Property injection into an existing object (five singletons)

    Benchmark("inject/handwritten-assignment", configuration: micro) { benchmark in
        let values = ScreenValues()
        let screen = Screen()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { handWrittenAssignment(values, into: screen) }
        blackHole(screen)
    }

    Benchmark("inject/autowire-property-injector", configuration: micro) { benchmark in
        let injector = try Container().propertyInjector(for: Screen.self)
        let screen = Screen()
        try injector.inject(into: screen)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { try injector.inject(into: screen) }
        blackHole(screen)
    }

    // MARK: Request scope (a server's per-request graph, BenchmarkModels/RequestGraph.swift)

    Benchmark("request/handwritten", configuration: micro) { benchmark in
        let singletons = OrderSingletons()
        let request = sampleRequest()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(handWrittenOrderHandler(for: request, singletons: singletons))
        }
    }

    Benchmark("request/request-scope", configuration: micro) { benchmark in
        let container = Container()
        let requests = try container.requestScope(for: HTTPRequest.self)
        let request = sampleRequest()
        try checkOrderHandler(try requests.resolve(OrderHandler.self, for: request), for: request, sharing: container)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try requests.resolve(OrderHandler.self, for: request)) }
    }

    Benchmark("request/child-container", configuration: micro) { benchmark in
        let container = Container()
        let request = sampleRequest()
        try checkOrderHandler(
            try container.child { $0.bind(HTTPRequest.self).to(value: request) }.resolve(OrderHandler.self),
            for: request, sharing: container)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try container.child { $0.bind(HTTPRequest.self).to(value: request) }.resolve(OrderHandler.self))
        }
    }

    // MARK: Scaling

    Benchmark("chain/depth-10", configuration: scaling) { benchmark in
        let container = Container()
        blackHole(try container.resolve(Chain10_0.self))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try container.resolve(Chain10_0.self)) }
    }

    Benchmark("chain/depth-100", configuration: scaling) { benchmark in
        let container = Container()
        blackHole(try container.resolve(Chain100_0.self))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try container.resolve(Chain100_0.self)) }
    }

    Benchmark("chain/depth-1000", configuration: scaling) { benchmark in
        let container = Container()
        blackHole(try container.resolve(Chain1000_0.self))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try container.resolve(Chain1000_0.self)) }
    }

    Benchmark("build/bindings-100", configuration: scaling) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try Autowire.Container { bind100Types($0) }) }
    }

    Benchmark("build/swinject-100", configuration: scaling) { benchmark in
        for _ in benchmark.scaledIterations {
            let container = Swinject.Container()
            register100Types(container)
            blackHole(container)
        }
    }

    // Building, then resolving each binding once: Autowire compiles a binding it proved clean at
    // its first resolve, not when the container is built, so this is what building costs in all.
    Benchmark("build/bindings-100-resolve-each", configuration: scaling) { benchmark in
        for _ in benchmark.scaledIterations {
            let container = try Autowire.Container { bind100Types($0) }
            try resolve100Types(container) { blackHole($0) }
            blackHole(container)
        }
    }

    Benchmark("build/swinject-100-resolve-each", configuration: scaling) { benchmark in
        for _ in benchmark.scaledIterations {
            let container = Swinject.Container()
            container.register(Config.self) { _ in Config() }
            register100Types(container)
            resolve100Types(container) { blackHole($0) }
            blackHole(container)
        }
    }

    Benchmark("build/bindings-1000", configuration: scaling) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try Autowire.Container { bind1000Types($0) }) }
    }

    Benchmark("validate/types-100", configuration: scaling) { benchmark in
        let container = Container()
        for _ in benchmark.scaledIterations { blackHole(try container.validate(Chain100_0.self)) }
    }

    Benchmark("validate/types-1000", configuration: scaling) { benchmark in
        let container = Container()
        for _ in benchmark.scaledIterations { blackHole(try container.validate(Chain1000_0.self)) }
    }

    Benchmark("validate/types-100-no-probes", configuration: scaling) { benchmark in
        let container = Container()
        for _ in benchmark.scaledIterations {
            blackHole(try container.validate(Chain100_0.self, injectingProbes: false))
        }
    }

    Benchmark("validate/types-1000-no-probes", configuration: scaling) { benchmark in
        let container = Container()
        for _ in benchmark.scaledIterations {
            blackHole(try container.validate(Chain1000_0.self, injectingProbes: false))
        }
    }

    Benchmark("cold/first-resolve", configuration: scaling) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try Container().resolve(App.self)) }
    }
}
