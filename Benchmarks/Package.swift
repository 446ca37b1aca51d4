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
        .executableTarget(
            name: "AutowireBenchmarks",
            dependencies: [
                .product(name: "Autowire", package: "Autowire"),
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Swinject", package: "Swinject"),
            ],
            path: "Benchmarks/AutowireBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    ],
    swiftLanguageModes: [.v6]
)
