import Autowire
import Testing

private final class CheckoutScreen {}
private final class CheckoutPresenter: Injectable {
    static var scope: Scope { .transient }
    var screen: CheckoutScreen!
    static let dependencies: [Dependency<CheckoutPresenter>] = [.inject(\.screen)]
}
private final class Banner: Injectable {
    static var scope: Scope { .transient }
    var screen: CheckoutScreen?
    static let dependencies: [Dependency<Banner>] = [.optional(\.screen)]
}

@Suite struct OfferedInstanceTests {
    private func container() throws -> Container {
        try Container { $0.bind(CheckoutScreen.self).toOfferedInstance() }
    }

    @Test func anOfferedObjectIsResolvedWhileItLives() throws {
        let container = try container()
        let screen = CheckoutScreen()
        try container.offer(screen)
        #expect(try container.resolve(CheckoutPresenter.self).screen === screen)
        #expect(try container.resolve(Banner.self).screen === screen)
    }

    @Test func aReleasedObjectIsAClearErrorOrNilForOptionalDependencies() throws {
        let container = try container()
        do {
            let screen = CheckoutScreen()
            try container.offer(screen)
        }
        #expect(try container.resolve(Banner.self).screen == nil)
        let error = captureResolutionError { try container.resolve(CheckoutPresenter.self) }
        #expect(
            error?.description == """
                error[unavailable-instance]: The CheckoutScreen offered to the container has been released.
                  at: AutowireTests/OfferedInstanceTests.swift:18
                  path: CheckoutPresenter.screen → CheckoutScreen
                  fix: Call `container.offer(_:)` with a live CheckoutScreen before resolving what needs it, or declare the dependency `.optional` to accept its absence.
                """)
    }

    @Test func theContainerDoesNotKeepAnOfferedObjectAlive() throws {
        let container = try container()
        weak var released: CheckoutScreen?
        do {
            let screen = CheckoutScreen()
            released = screen
            try container.offer(screen)
        }
        #expect(released == nil)
    }

    @Test func offeringATypeNotDeclaredOfferedIsAnError() throws {
        let error = captureResolutionError { try Container().offer(CheckoutScreen()) }
        #expect(error?.code == .notOfferable)
    }
}
