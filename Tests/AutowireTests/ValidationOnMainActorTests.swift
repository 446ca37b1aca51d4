import Testing

@testable import Autowire

private final class AvatarCache: Injectable {}

@MainActor
private final class AvatarViewModel: @MainActor Injectable {
    var cache: AvatarCache!
    var placeholder: AvatarCache?  // Forgotten.
    nonisolated init() {}
    static let dependencies: [Dependency<AvatarViewModel>] = [.inject(\.cache)]
}

@MainActor
private final class AvatarScreen: @MainActor PropertyInjectable {
    var model: AvatarViewModel!
    static let dependencies: [Dependency<AvatarScreen>] = [.inject(\.model)]
}

@Suite struct ValidationOnMainActorTests {
    @Test @MainActor func mainActorClassesAreValidatedOnTheMainActor() throws {
        let report = try Container().validate(AvatarScreen.self)
        #expect(
            report.description == """
                Validation of AvatarScreen (3 types, 0 bindings) found 1 warning:

                warning[likely-forgotten-dependency]: AvatarViewModel.placeholder looks like a forgotten dependency: it is nil after init(), is not in AvatarViewModel.dependencies, and the container can provide AvatarCache.
                  path: AvatarScreen.model → AvatarViewModel.placeholder
                  fix: Add `.inject(\\.placeholder)` to AvatarViewModel.dependencies, or `.optional(\\.placeholder)` if it may stay nil.
                """)
        #expect(
            report.graph.textTree == """
                AvatarScreen (filled by a PropertyInjector, transient)
                └─ model: AvatarViewModel (autowired, graph)
                   └─ cache: AvatarCache (autowired, graph)
                """)
    }
}
