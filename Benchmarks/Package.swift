// swift-tools-version: 6.1
import PackageDescription

// The benchmark suite is its own package so that users of Autowire never depend on
// package-benchmark, Swinject or swift-dependencies. Run it with `Scripts/compare.sh` from the
// repository root.
let package = Package(
    name: "AutowireBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Autowire", path: ".."),
        // The MallocInterposer trait is what provides the allocation counts (mallocCountTotal).
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/Swinject/Swinject", from: "2.10.0"),
        // The second peer. Its default traits only add dependency values this graph does not use
        // (clocks, Combine schedulers, Foundation's date, UUID and URLSession) and would build
        // swift-clocks, combine-schedulers and OpenCombine in every CI run; `@Dependency` is the
        // same without them.
        .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1", traits: []),
    ],
    targets: [
        // The graph, the generated scaling types and the containers every contender uses.
        .target(
            name: "BenchmarkModels",
            dependencies: [
                .product(name: "Autowire", package: "Autowire"),
                .product(name: "Swinject", package: "Swinject"),
                .product(name: "Dependencies", package: "swift-dependencies"),
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
        // `Scripts/instruction-counts.sh` and `Scripts/speed-gates.sh` run it.
        .executableTarget(
            name: "AutowireProfile",
            dependencies: [
                "BenchmarkModels",
                "CallgrindRequests",
                .product(name: "Autowire", package: "Autowire"),
                .product(name: "Swinject", package: "Swinject"),
            ]
        ),
        // callgrind's start/stop requests (from valgrind's headers, when installed), so that
        // AutowireProfile counts only its measured loop. Its debug information is DWARF 4:
        // clang's default, DWARF 5, stops valgrind 3.19 (Debian 12) from loading the binary.
        .target(name: "CallgrindRequests", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
    ],
    swiftLanguageModes: [.v6]
)
