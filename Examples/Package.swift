// swift-tools-version: 6.1
import PackageDescription

// The example server is its own package so that Autowire itself keeps zero dependencies: a JSON
// API on Hummingbird 2 over a SQLite file (GRDB), wired with Autowire. See Examples/README.md.
let package = Package(
    name: "AutowireExamples",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "TodoServer", targets: ["TodoServer"])
    ],
    dependencies: [
        .package(name: "Autowire", path: ".."),
        // Without its default ConfigurationSupport trait: this app reads its environment itself,
        // and swift-configuration would add minutes to every CI build.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: ["FullFoundation"]),
        // Links the system SQLite: Debian's libsqlite3-dev must be installed.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // The app: domain, database, repositories, services, routes and the container that wires them.
        .target(
            name: "TodoAPI",
            dependencies: [
                .product(name: "Autowire", package: "Autowire"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // `swift run --package-path Examples TodoServer` serves; `--graph` prints DOT; `--validate` checks.
        .executableTarget(
            name: "TodoServer",
            dependencies: [
                "TodoAPI",
                .product(name: "Autowire", package: "Autowire"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
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
            ]
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
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
