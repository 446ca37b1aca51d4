import Testing

@testable import Autowire

/// Where each `AvatarViewModel` was made: on the main actor or not.
private let avatarModelsMadeOnMainActor = Locked<[Bool]>([])

private final class AvatarCache: Injectable {}

@MainActor
private final class AvatarViewModel: @MainActor Injectable {
    var cache: AvatarCache!
    var placeholder: AvatarCache?  // Forgotten.
    nonisolated init() { avatarModelsMadeOnMainActor.withLock { $0.append(runsOnMainActor()) } }
    static let dependencies: [Dependency<AvatarViewModel>] = [.inject(\.cache)]  // @cache
}

@MainActor
private final class AvatarScreen: @MainActor PropertyInjectable {
    var model: AvatarViewModel!
    static let dependencies: [Dependency<AvatarScreen>] = [.inject(\.model)]
}

@Suite struct ValidationOnMainActorTests {
    @Test @MainActor func mainActorClassesAreValidatedOnTheMainActor() throws {
        // Its probes are created and filled here, on the main actor: the filled probe's check
        // finds the forgotten placeholder.
        let error = #expect(throws: ValidationError.self) { try Container().validate(AvatarScreen.self) }
        #expect(
            error?.description == """
                Validation of AvatarScreen (3 types, 0 bindings) found 1 error:

                error[forgotten-dependency]: AvatarViewModel.placeholder is nil after injection but is not in AvatarViewModel.dependencies, and the container can provide AvatarCache: it looks like a forgotten `.inject`.
                  at: \(marked("cache"))
                  path: AvatarScreen.model → AvatarViewModel.placeholder
                  fix: Add `.inject(\\.placeholder)` to AvatarViewModel.dependencies; if it may stay nil, `.optional(\\.placeholder)`; if something else sets it, `.notInjected(\\.placeholder)`.
                """)
        #expect(avatarModelsMadeOnMainActor.withLock { $0 } == [true])
        let report = try Container().validate(AvatarScreen.self, injectingProbes: false)
        #expect(
            report.graph.textTree == """
                AvatarScreen (filled by a PropertyInjector, transient)
                └─ model: AvatarViewModel (autowired, graph)
                   └─ cache: AvatarCache (autowired, graph)
                """)
    }
}
