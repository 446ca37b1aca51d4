// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "Autowire",
    // `Synchronization` (Mutex, Atomic) is what keeps the hot path cheap; it needs these releases.
    // Documentation.docc/Articles/GettingStarted.md explains the choice.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Autowire", targets: ["Autowire"]),
        // Test support: overridden bindings per test, as a Swift Testing trait. Depends only on the
        // toolchain (Swift Testing ships with it).
        .library(name: "AutowireTesting", targets: ["AutowireTesting"]),
        // `localizedDescription` for Autowire's errors: conformances to Foundation's
        // `LocalizedError`, kept out of Autowire so that it never links Foundation.
        .library(name: "AutowireFoundation", targets: ["AutowireFoundation"]),
    ],
    targets: [
        // Strict memory safety (SE-0458): every unsafe expression in the library says `unsafe`, and
        // Scripts/lint-unsafe.sh keeps them in Internal/Memory/ and Internal/Runtime/ (CONTRIBUTING.md).
        .target(name: "Autowire", swiftSettings: [.strictMemorySafety()]),
        .target(name: "AutowireTesting", dependencies: ["Autowire"]),
        .target(name: "AutowireFoundation", dependencies: ["Autowire"]),
        // The README's demo: `swift run AutowireDemo` runs it (SwiftPM makes a product for an executable
        // target of the root package), and it is no product of the package, so no user depends on it.
        .executableTarget(name: "AutowireDemo", dependencies: ["Autowire"]),
        .testTarget(name: "AutowireTests", dependencies: ["Autowire", "AutowireTesting", "AutowireFoundation"]),
        .testTarget(name: "AutowireTestingTests", dependencies: ["Autowire", "AutowireTesting"]),
        // The README's examples built in the settings users build in (DESIGN.md, "Where users build
        // it"): the Swift 5 language mode; a module where every key path is `Sendable`, as in any
        // module that imports Vapor or Fluent; and Xcode 26's new-app defaults.
        // The Swift 5 mode infers `T.init` `@Sendable` only with `InferSendableFromCaptures` (on in
        // Swift 6): without it `Construction(T.init)` and `to(factory: T.init)` compile with a
        // warning, which CI would count. A Swift-5-only non-`Sendable` overload would silence it,
        // but Swift 5 overload ranking then prefers it for `@MainActor` initializers too, which
        // would run them off the main thread unchecked.
        .testTarget(
            name: "AutowireSwift5Tests", dependencies: ["Autowire", "AutowireTesting"],
            swiftSettings: [.swiftLanguageMode(.v5), .enableUpcomingFeature("InferSendableFromCaptures")]),
        .testTarget(name: "AutowireRetroactiveSendableTests", dependencies: ["Autowire", "AutowireTesting"]),
        .testTarget(
            name: "AutowireMainActorByDefaultTests", dependencies: ["Autowire", "AutowireTesting"],
            swiftSettings: [
                .defaultIsolation(MainActor.self), .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
                .enableUpcomingFeature("InferIsolatedConformances"),
            ]),
        // Built the way size-conscious apps build: without field records, so `Mirror` sees no
        // stored properties. Validation must then say it cannot check, never trap or guess.
        .testTarget(
            name: "AutowireNoReflectionTests", dependencies: ["Autowire"],
            swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-reflection-metadata"])]),
        // Built as Xcode's "Reflection Metadata Level: Without Names" builds: field records kept,
        // their names stripped, so `Mirror` sees properties without labels. Validation must use
        // the types it can see and say what it cannot name, never trap or guess.
        .testTarget(
            name: "AutowireNoReflectionNamesTests", dependencies: ["Autowire"],
            swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-reflection-names"])]),
    ],
    swiftLanguageModes: [.v6]
)

/// Upcoming language features turned on for every target, present and future: they catch mistakes
/// early and keep the code ready for the next language mode.
///
/// `ExistentialAny` is not on yet: the library and its tests still spell some existentials without
/// `any`. Users' own targets can enable it; nothing they write with Autowire needs a bare one.
let upcomingFeatures: [SwiftSetting] = [
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + upcomingFeatures
}
