// swift-tools-version: 6.1
import PackageDescription

// The benchmark suite is its own package so that users of Autowire never depend on
// package-benchmark or Swinject. Run it with `Scripts/compare.sh` from the repository root.
let package = Package(
    name: "AutowireBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Autowire", path: ".."),
        // The MallocInterposer trait is what provides the allocation counts (mallocCountTotal).
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/Swinject/Swinject", from: "2.10.0"),
    ],
    targets: [
        // The graph, the generated scaling types and the containers every contender uses.
        .target(
            name: "BenchmarkModels",
            dependencies: [
                .product(name: "Autowire", package: "Autowire"),
                .product(name: "Swinject", package: "Swinject"),
            ]
        ),
        .executableTarget(
            name: "AutowireBenchmarks",
            dependencies: [
                "BenchmarkModels",
                .product(name: "Autowire", package: "Autowire"),
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Swinject", package: "Swinject"),
            ],
            path: "Benchmarks/AutowireBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // One scenario in a loop, for `valgrind --tool=callgrind` (instruction counts are
        // repeatable where wall-clock times are not): `AutowireProfile autowired 10000`.
        .executableTarget(
            name: "AutowireProfile",
            dependencies: [
                "BenchmarkModels",
                .product(name: "Autowire", package: "Autowire"),
                .product(name: "Swinject", package: "Swinject"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
