// swift-tools-version: 6.0
import PackageDescription

/// Upcoming language features turned on for every target: they catch mistakes early and keep the
/// code ready for the next language mode.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "Autowire",
    // `Synchronization` (Mutex, Atomic) is what keeps the hot path cheap; it needs these releases.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Autowire", targets: ["Autowire"]),
        .executable(name: "AutowireDemo", targets: ["AutowireDemo"]),
    ],
    targets: [
        .target(name: "Autowire", swiftSettings: strictSettings),
        .executableTarget(name: "AutowireDemo", dependencies: ["Autowire"], swiftSettings: strictSettings),
        .testTarget(name: "AutowireTests", dependencies: ["Autowire"], swiftSettings: strictSettings),
    ],
    swiftLanguageModes: [.v6]
)
