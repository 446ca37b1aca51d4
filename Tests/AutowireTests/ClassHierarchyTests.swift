import Autowire
import Testing

private final class ScreenLogger: Injectable {}
private final class Session: Injectable {}
private final class Analytics: Injectable {}

private class Screen: Injectable {
    var logger: ScreenLogger!
    required init() {}
    class var dependencies: [Dependency<Screen>] { [.inject(\.logger)] }
}
private class AccountScreen: Screen {
    var session: Session!
    override class var dependencies: [Dependency<Screen>] {
        super.dependencies + Dependency.subclass(AccountScreen.self, [.inject(\.session)])
    }
}
private final class LoginScreen: AccountScreen {
    var analytics: Analytics!
    override class var dependencies: [Dependency<Screen>] {
        super.dependencies + Dependency.subclass(LoginScreen.self, [.inject(\.analytics)])
    }
}
private final class SettingsScreen: Screen {
    // A mistake: declares a key path into a sibling class.
    override class var dependencies: [Dependency<Screen>] {
        super.dependencies + Dependency.subclass(LoginScreen.self, [.inject(\.analytics)])  // @analytics
    }
}

// A hierarchy whose subclasses override nothing, or only the scope.
private final class Fuel: Injectable {}

private class Vehicle: Injectable {
    var fuel: Fuel!
    required init() {}
    // Declared `class var` so subclasses can override it; a subclass's own `static var scope`
    // would not be seen, because the conformance belongs to the base.
    class var scope: Scope { .graph }
    class var dependencies: [Dependency<Vehicle>] { [.inject(\.fuel)] }
}
/// Declares nothing: inherits the base list.
private final class Scooter: Vehicle {}
/// Overrides only the scope.
private final class Bus: Vehicle {
    override class var scope: Scope { .singleton }
}

/// Made elsewhere (no `init()` requirement), with a subclass that needs more.
private class BaseScreen: PropertyInjectable {
    var session: Session!
    class var dependencies: [Dependency<BaseScreen>] { [.inject(\.session)] }
}
private final class ProfileScreen: BaseScreen {
    var analytics: Analytics!
    override class var dependencies: [Dependency<BaseScreen>] {
        super.dependencies + Dependency.subclass(ProfileScreen.self, [.inject(\.analytics)])
    }
}

@Suite struct ClassHierarchyTests {
    @Test func aSubclassGetsItsOwnAndItsAncestorsDependencies() throws {
        let screen = try Container().resolve(LoginScreen.self)
        #expect(screen.logger != nil)
        #expect(screen.session != nil)
        #expect(screen.analytics != nil)
    }

    @Test func aBaseClassGetsOnlyItsOwnList() throws {
        // Its subclass first, in the same container: the base's plan must not take the subclass's list.
        let container = Container()
        _ = try container.resolve(LoginScreen.self)
        let screen = try container.resolve(AccountScreen.self)
        #expect(type(of: screen) == AccountScreen.self)
        #expect(screen.logger != nil)
        #expect(screen.session != nil)
        // What each class's plan fills, by the types it asks for (non-final classes' key paths have no
        // printable names).
        let account = container.graph(from: AccountScreen.self)
        #expect(account.edges.map { account.nodes[$0.to].name } == ["ScreenLogger", "Session"])
        let base = container.graph(from: Screen.self)
        #expect(base.edges.map { base.nodes[$0.to].name } == ["ScreenLogger"])
    }

    @Test func injectingThroughTheBaseTypeUsesTheDynamicType() throws {
        let screen: Screen = LoginScreen()
        try Container().inject(into: screen)
        #expect((screen as? LoginScreen)?.analytics != nil)
    }

    @Test func aBaseBoundToASubclassIsFilledWithTheSubclassList() throws {
        let container = try Container { binder in
            binder.bind(Screen.self).to(LoginScreen.self)
        }
        let screen = try container.resolve(Screen.self)
        #expect((screen as? LoginScreen)?.analytics != nil)
        #expect(screen.logger != nil)
    }

    @Test func aSubclassWithoutAnOverrideInheritsTheBaseList() throws {
        let scooter = try Container().resolve(Scooter.self)
        #expect(scooter.fuel != nil)
    }

    @Test func aSubclassOverridesTheScopeThroughAClassVar() throws {
        let container = Container()
        #expect(try container.resolve(Bus.self) === (try container.resolve(Bus.self)))
        #expect(try container.resolve(Scooter.self) !== (try container.resolve(Scooter.self)))
    }

    @Test func aPropertyInjectorForTheBaseFillsASubclassWithItsOwnList() throws {
        let injector = try Container().propertyInjector(for: BaseScreen.self)
        let base = BaseScreen()
        let profile = ProfileScreen()
        try injector.inject(into: base)
        try injector.inject(into: profile)
        #expect(base.session != nil)
        #expect(profile.session != nil)
        #expect(profile.analytics != nil)
    }

    @Test func aKeyPathIntoAnotherClassIsReported() throws {
        let error = captureResolutionError { try Container().resolve(SettingsScreen.self) }
        #expect(
            error?.description == """
                error[misdeclared-dependency]: SettingsScreen.dependencies has a key path into LoginScreen, which SettingsScreen is not.
                  at: \(marked("analytics"))
                  path: SettingsScreen
                  fix: Write the key path against SettingsScreen or one of its superclasses.
                """)
    }
}
