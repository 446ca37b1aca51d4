import Autowire
import Testing

private final class Session: Injectable {}
private final class Settings: Injectable {
    static var scope: Scope { .singleton }
}

private protocol Analytics: AnyObject {}
private protocol Payments: AnyObject {}
private final class ConsoleAnalytics: Analytics, Injectable {}

/// Made by "a framework": no `init()` requirement, so the container never creates it.
private final class ProfileScreen: PropertyInjectable {
    let title: String
    var session: Session!
    var settings: Settings!
    var analytics: Analytics?
    init(title: String) { self.title = title }
    static let dependencies: [Dependency<ProfileScreen>] = [
        .inject(\.session), .inject(\.settings), .optional(\.analytics),
    ]
}

private final class CheckoutScreen: PropertyInjectable {
    var analytics: Analytics!
    var payments: Payments!
    var session: Session!
    static let dependencies: [Dependency<CheckoutScreen>] = [
        .inject(\.analytics), .inject(\.session), .inject(\.payments),
    ]
}

/// A framework base class and a subclass with a longer list.
private class BaseScreen: PropertyInjectable {
    var session: Session!
    class var dependencies: [Dependency<BaseScreen>] { [.inject(\.session)] }
}
private final class SettingsScreen: BaseScreen {
    var settings: Settings!
    override class var dependencies: [Dependency<BaseScreen>] {
        super.dependencies + Dependency.subclass(SettingsScreen.self, [.inject(\.settings)])
    }
}

@Suite struct PropertyInjectorTests {
    @Test func injectorFillsDeclaredProperties() throws {
        let injector = try Container().propertyInjector(for: ProfileScreen.self)
        let screen = ProfileScreen(title: "Profile")
        try injector.inject(into: screen)
        #expect(screen.session != nil)
        #expect(screen.settings != nil)
        #expect(screen.analytics == nil)
        #expect(screen.title == "Profile")
    }

    @Test func injectorFillsOptionalPropertiesWhenBound() throws {
        let container = try Container { binder in
            binder.bind(Analytics.self).to(ConsoleAnalytics.self)
        }
        let screen = ProfileScreen(title: "Profile")
        try container.propertyInjector(for: ProfileScreen.self).inject(into: screen)
        #expect(screen.analytics is ConsoleAnalytics)
    }

    @Test func injectorChecksAtCreationAndListsEveryMissingDependency() throws {
        let error = #expect(throws: ResolutionError.self) {
            try Container().propertyInjector(for: CheckoutScreen.self)
        }
        #expect(error?.diagnostics.map(\.code) == [.missingBinding, .missingBinding])
        #expect(
            error?.diagnostics.map(\.renderedPath) == [
                "CheckoutScreen.analytics → Analytics", "CheckoutScreen.payments → Payments",
            ])
    }

    @Test func injectorCanBeUsedManyTimes() throws {
        let container = Container()
        let injector = try container.propertyInjector(for: ProfileScreen.self)
        let screens = (0..<5).map { ProfileScreen(title: "\($0)") }
        for screen in screens { try injector.inject(into: screen) }
        #expect(screens.allSatisfy { $0.session != nil && $0.settings != nil })
        // Each injection is its own resolve: `.graph` values are new, singletons shared.
        #expect(screens[0].session !== screens[1].session)
        #expect(screens.allSatisfy { $0.settings === screens[0].settings })
    }

    @Test func injectingTheSameObjectAgainReplacesGraphValues() throws {
        let injector = try Container().propertyInjector(for: ProfileScreen.self)
        let screen = ProfileScreen(title: "Profile")
        try injector.inject(into: screen)
        let firstSession = screen.session
        try injector.inject(into: screen)
        #expect(screen.session !== firstSession)
    }

    @Test func containerInjectIntoIsAOneOffConvenience() throws {
        let container = Container()
        let screen = ProfileScreen(title: "Profile")
        try container.inject(into: screen)
        #expect(screen.session != nil)
        #expect(screen.settings === (try container.resolve(Settings.self)))
    }

    @Test func containerInjectIntoThrowsListingMissingDependencies() throws {
        let error = #expect(throws: ResolutionError.self) { try Container().inject(into: CheckoutScreen()) }
        #expect(error?.diagnostics.count == 2)
    }

    @Test func subclassInstanceIsFilledWithTheSubclassList() throws {
        let injector = try Container().propertyInjector(for: BaseScreen.self)
        let base = BaseScreen()
        let subclass = SettingsScreen()
        try injector.inject(into: base)
        try injector.inject(into: subclass)
        #expect(base.session != nil)
        #expect(subclass.session != nil)
        #expect(subclass.settings != nil)
    }

    @Test func containerInjectIntoUsesTheDynamicType() throws {
        let screen: BaseScreen = SettingsScreen()
        try Container().inject(into: screen)
        #expect((screen as? SettingsScreen)?.settings != nil)
    }
}
