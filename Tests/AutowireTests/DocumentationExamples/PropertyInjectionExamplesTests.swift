import Autowire
import Testing

/// Documentation.docc/Articles/PropertyInjection.md
enum PropertyInjectionExamples {
    final class ProfileService: Injectable {}

    @MainActor
    final class ProfileScreen: @MainActor PropertyInjectable {
        var profiles: ProfileService!
        static let dependencies: [Dependency<ProfileScreen>] = [.inject(\.profiles)]
    }

    @MainActor
    final class ProfileCoordinator {
        let container: Container
        init(container: Container) { self.container = container }

        func showProfile() throws -> ProfileScreen {
            let screen = ProfileScreen()  // created by the UI framework
            try container.inject(into: screen)
            return screen
        }
    }

    final class OrderService: Injectable {}
    protocol Analytics: AnyObject {}
    protocol AccountStore: AnyObject {}
    protocol BillingService: AnyObject {}

    final class CheckoutScreen: PropertyInjectable {
        let title: String
        var orders: OrderService!
        var analytics: Analytics?

        static let dependencies: [Dependency<CheckoutScreen>] = [
            .inject(\.orders),
            .optional(\.analytics),
        ]

        init(title: String) { self.title = title }
    }

    final class SettingsScreen: PropertyInjectable {
        var account: AccountStore!
        var billing: BillingService!

        static let dependencies: [Dependency<SettingsScreen>] = [
            .inject(\.account),
            .inject(\.billing),
        ]
    }

    final class SessionWindow {}

    final class Toolbar: Injectable {
        var window: SessionWindow!
        static let dependencies: [Dependency<Toolbar>] = [.inject(\.window)]
    }

    @Suite struct Tests {
        @Test func anOfferedObjectIsReceivedWhileItLives() throws {
            let windowContainer = try Container { binder in
                binder.bind(SessionWindow.self).toOfferedInstance()
            }
            let window = SessionWindow()  // created by the framework
            try windowContainer.offer(window)
            let toolbar = try windowContainer.resolve(Toolbar.self)

            #expect(toolbar.window === window)
        }

        let container = Container()

        @Test @MainActor func aMainActorScreenIsFilledOnTheMainActor() throws {
            let screen = try ProfileCoordinator(container: container).showProfile()
            #expect(screen.profiles != nil)
        }

        @Test func anObjectMadeElsewhereIsFilledOnce() throws {
            let screen = CheckoutScreen(title: "Checkout")  // created by the framework
            try container.inject(into: screen)

            #expect(screen.orders != nil)
            #expect(screen.analytics == nil)
        }

        @Test func anInjectorIsCheckedOnceAndReused() throws {
            var screens: [CheckoutScreen] = []
            let injector = try container.propertyInjector(for: CheckoutScreen.self)  // checked once, here
            for title in ["Cart", "Checkout", "Receipt"] {
                let screen = CheckoutScreen(title: title)
                try injector.inject(into: screen)
                screens.append(screen)
            }

            #expect(screens.allSatisfy { $0.orders != nil })
            #expect(screens[0].orders !== screens[1].orders)  // .graph: one per inject(into:)
        }

        @Test func anInjectorThatCannotBeMadeReportsEveryMissingDependency() {
            expectDocumented(
                thrownText {
                    try container.propertyInjector(for: SettingsScreen.self)
                },
                #"""
                2 problems:

                error[missing-binding]: AccountStore cannot be provided: it has no binding and is not an Injectable class.
                  at: App/SettingsScreen.swift:6
                  path: SettingsScreen.account → AccountStore
                  fix: Bind it in the container with `binder.bind(AccountStore.self).to(…)`, or declare it `.optional(\.account)` if it may be absent.

                error[missing-binding]: BillingService cannot be provided: it has no binding and is not an Injectable class.
                  at: App/SettingsScreen.swift:7
                  path: SettingsScreen.billing → BillingService
                  fix: Bind it in the container with `binder.bind(BillingService.self).to(…)`, or declare it `.optional(\.billing)` if it may be absent.
                """#)
        }
    }
}
