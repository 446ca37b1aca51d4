import Autowire
import Testing

private final class ProfileService: Injectable {}

@MainActor
private final class ProfileScreen: @MainActor PropertyInjectable {
    var service: ProfileService!
    static let dependencies: [Dependency<ProfileScreen>] = [.inject(\.service)]
}

@MainActor
private final class ProfileViewModel: @MainActor Injectable {
    var service: ProfileService!
    nonisolated init() {}
    static let dependencies: [Dependency<ProfileViewModel>] = [.inject(\.service)]
}

@Suite struct MainActorTests {
    @Test @MainActor func aMainActorObjectIsFilledOnTheMainActor() throws {
        let screen = ProfileScreen()
        try Container().inject(into: screen)
        #expect(screen.service != nil)
    }

    @Test @MainActor func aMainActorInjectableIsResolvedOnTheMainActor() throws {
        let model = try Container().resolve(ProfileViewModel.self)
        #expect(model.service != nil)
    }
}

extension MainActorTests {
    @Test func aMainActorObjectRequestedOffTheMainThreadIsAnErrorNotARace() async throws {
        let container = Container()
        _ = try await MainActor.run { try container.resolve(ProfileViewModel.self) }
        let error = await Task.detached { captureResolutionError { try container.resolve(ProfileViewModel.self) } }
            .value
        #expect(
            error?.description == """
                error[main-actor-required]: ProfileViewModel is isolated to the main actor but was resolved or injected off the main thread.
                  path: ProfileViewModel
                  fix: Resolve or inject ProfileViewModel from the main actor, for example in a `@MainActor` function or inside `await MainActor.run { … }`.
                """)
    }
}
