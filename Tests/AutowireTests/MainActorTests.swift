import Autowire
import Testing

/// Made while a main-actor object is filled or resolved; remembers where.
private final class ProfileService: Injectable {
    let madeOnMainActor = runsOnMainActor()
}

@MainActor
private final class ProfileScreen: @MainActor PropertyInjectable {
    var service: ProfileService!
    static let dependencies: [Dependency<ProfileScreen>] = [.inject(\.service)]
}

@MainActor
private final class ProfileViewModel: @MainActor Injectable {
    var service: ProfileService!
    let madeOnMainActor: Bool
    nonisolated init() { madeOnMainActor = runsOnMainActor() }
    static let dependencies: [Dependency<ProfileViewModel>] = [.inject(\.service)]
}

@Suite struct MainActorTests {
    @Test @MainActor func aMainActorObjectIsFilledOnTheMainActor() throws {
        let screen = ProfileScreen()
        try Container().inject(into: screen)
        #expect(screen.service?.madeOnMainActor == true)
    }

    @Test @MainActor func aMainActorInjectableIsResolvedOnTheMainActor() throws {
        let model = try Container().resolve(ProfileViewModel.self)
        #expect(model.madeOnMainActor)
        #expect(model.service?.madeOnMainActor == true)
    }
}

extension MainActorTests {
    @Test func aMainActorObjectRequestedOffTheMainThreadIsAnErrorNotARace() async throws {
        let container = Container()
        let madeOnMainActor = try await MainActor.run { try container.resolve(ProfileViewModel.self).madeOnMainActor }
        #expect(madeOnMainActor)
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
