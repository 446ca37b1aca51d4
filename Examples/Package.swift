// swift-tools-version: 6.1
import PackageDescription

// The example servers are one package of their own, so that Autowire itself keeps zero
// dependencies and the two servers share one build of SwiftNIO and swift-log. Each example has its
// own folder and README (see Examples/README.md):
// - Hummingbird/: a todo JSON API on Hummingbird 2 over a SQLite file (GRDB);
// - Vapor/: a team-tasks JSON API on Vapor 4 and Fluent over SQLite;
// - Benchmarks/CompareYourGraph/: a benchmark to copy into your own package, comparing your root
//   autowired, through explicit bindings and by hand.
let package = Package(
    name: "AutowireExamples",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "TodoServer", targets: ["TodoServer"]),
        .executable(name: "TeamTasksServer", targets: ["TeamTasksServer"]),
    ],
    dependencies: [
        .package(name: "Autowire", path: ".."),
        // Without its default ConfigurationSupport trait: this app reads its environment itself,
        // and swift-configuration would add minutes to every CI build.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: ["FullFoundation"]),
        // Links the system SQLite: Debian's libsqlite3-dev must be installed.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // The team-tasks example: Vapor 4 and Fluent over SQLite (sqlite-nio bundles SQLite).
        .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
        .package(url: "https://github.com/vapor/fluent", from: "4.13.0"),
        .package(url: "https://github.com/vapor/fluent-sqlite-driver", from: "4.9.0"),
        // CompareYourGraph: package-benchmark; its MallocInterposer trait counts the allocations.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // Hummingbird: the app (domain, database, repositories, services, routes and the container
        // that wires them).
        .target(
            name: "TodoAPI",
            dependencies: [
                .product(name: "Autowire", package: "Autowire"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Hummingbird/Sources/TodoAPI"
        ),
        // `swift run --package-path Examples TodoServer` serves; `--graph` prints DOT; `--validate` checks.
        .executableTarget(
            name: "TodoServer",
            dependencies: [
                "TodoAPI",
                .product(name: "Autowire", package: "Autowire"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Hummingbird/Sources/TodoServer"
        ),
        // `swift run -c release --package-path Examples TodoBench`: request latency through the
        // container against the same handler wired by hand, in one run.
        .executableTarget(
            name: "TodoBench",
            dependencies: [
                "TodoAPI",
                .product(name: "Autowire", package: "Autowire"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Hummingbird/Sources/TodoBench"
        ),
        .testTarget(
            name: "TodoAPITests",
            dependencies: [
                "TodoAPI",
                .product(name: "Autowire", package: "Autowire"),
                .product(name: "AutowireTesting", package: "Autowire"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Hummingbird/Tests/TodoAPITests"
        ),

        // Vapor: the app (Fluent models and migrations, services, route handlers, middleware,
        // `configure(_:)` and the container kept in `Application.storage`).
        .target(
            name: "TeamTasks",
            dependencies: [
                .product(name: "Autowire", package: "Autowire"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Fluent", package: "fluent"),
                .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Vapor/Sources/TeamTasks"
        ),
        // `swift run --package-path Examples TeamTasksServer serve`: Vapor's own commands
        // (`serve`, `migrate`, `routes`), plus `validate` and `graph`.
        .executableTarget(
            name: "TeamTasksServer",
            dependencies: [
                "TeamTasks",
                .product(name: "Vapor", package: "vapor"),
            ],
            path: "Vapor/Sources/TeamTasksServer"
        ),
        // `swift run -c release --package-path Examples TeamTasksBench`: per-request wiring cost
        // through the request scope against the same handler wired by hand, in one run.
        .executableTarget(
            name: "TeamTasksBench",
            dependencies: [
                "TeamTasks",
                .product(name: "Autowire", package: "Autowire"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "VaporTesting", package: "vapor"),
                .product(name: "Fluent", package: "fluent"),
            ],
            path: "Vapor/Sources/TeamTasksBench"
        ),
        .testTarget(
            name: "TeamTasksTests",
            dependencies: [
                "TeamTasks",
                .product(name: "Autowire", package: "Autowire"),
                .product(name: "AutowireTesting", package: "Autowire"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "VaporTesting", package: "vapor"),
                .product(name: "Fluent", package: "fluent"),
            ],
            path: "Vapor/Tests/TeamTasksTests"
        ),

        // A benchmark to copy into your own package: your root autowired, through explicit
        // bindings and by hand (see Benchmarks/CompareYourGraph/README.md). Benchmark targets live
        // in `Benchmarks/<Target>/`, where package-benchmark's plugin finds them:
        // `swift package --package-path Examples benchmark --target CompareYourGraph`.
        .executableTarget(
            name: "CompareYourGraph",
            dependencies: [
                .product(name: "Autowire", package: "Autowire"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/CompareYourGraph",
            exclude: ["README.md"],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
