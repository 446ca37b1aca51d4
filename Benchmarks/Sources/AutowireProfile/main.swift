import Autowire
import BenchmarkModels
import Swinject

// Runs one benchmark scenario in a loop so that callgrind can attribute its cost:
//
//     swift build --package-path Benchmarks -c release --product AutowireProfile
//     valgrind --tool=callgrind Benchmarks/.build/release/AutowireProfile autowired 10000
//
// The setup (containers, first resolves) runs once before the loop, as in the benchmarks.

let arguments = CommandLine.arguments
let scenario = arguments.count > 1 ? arguments[1] : "autowired"
let count = arguments.count > 2 ? Int(arguments[2]) ?? 10_000 : 10_000

func loop(_ body: () throws -> Void) rethrows {
    for _ in 0..<count { try body() }
}

switch scenario {
case "handwritten-constructors":
    loop { keep(handWrittenConstructors()) }
case "handwritten-properties":
    loop { keep(handWrittenPropertyInjection()) }
case "autowired":
    let container = Autowire.Container()
    try loop { keep(try container.resolve(App.self)) }
case "typed-factories":
    let container = try typedFactoryContainer()
    try loop { keep(try container.resolve(CApp.self)) }
case "closure-factories":
    let container = try closureFactoryContainer()
    try loop { keep(try container.resolve(CApp.self)) }
case "swinject-transient":
    let container = swinjectContainer(scope: .transient)
    loop { keep(container.resolve(CApp.self)) }
case "swinject-graph":
    let container = swinjectContainer(scope: .graph)
    loop { keep(container.resolve(CApp.self)) }
case "swift-dependencies":
    loop { keep(swiftDependenciesGraph()) }
case "swinject-singleton":
    let container = Swinject.Container()
    container.register(SessionStore.self) { _ in SessionStore() }.inObjectScope(.container)
    loop { keep(container.resolve(SessionStore.self)) }
case "singleton":
    let container = Autowire.Container()
    try loop { keep(try container.resolve(SessionStore.self)) }
case "injector":
    let injector = try Autowire.Container().propertyInjector(for: Screen.self)
    let screen = Screen()
    try loop { try injector.inject(into: screen) }
case "handwritten-assignment":
    let values = ScreenValues()
    let screen = Screen()
    loop { handWrittenAssignment(values, into: screen) }
case "chain-100":
    let container = Autowire.Container()
    try loop { keep(try container.resolve(Chain100_0.self)) }
case "chain-1000":
    let container = Autowire.Container()
    try loop { keep(try container.resolve(Chain1000_0.self)) }
case "build-100":
    try loop { keep(try Autowire.Container { bind100Types($0) }) }
case "build-1000":
    try loop { keep(try Autowire.Container { bind1000Types($0) }) }
case "validate-100":
    let container = Autowire.Container()
    try loop { keep(try container.validate(Chain100_0.self)) }
case "validate-1000":
    let container = Autowire.Container()
    try loop { keep(try container.validate(Chain1000_0.self)) }
case "validate-no-probes-100":
    let container = Autowire.Container()
    try loop { keep(try container.validate(Chain100_0.self, injectingProbes: false)) }
case "validate-no-probes-1000":
    let container = Autowire.Container()
    try loop { keep(try container.validate(Chain1000_0.self, injectingProbes: false)) }
case "cold":
    try loop { keep(try Autowire.Container().resolve(App.self)) }
default:
    print("unknown scenario \(scenario)")
}
