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
        super.dependencies + Dependency.subclass(LoginScreen.self, [.inject(\.analytics)])
    }
}

@Suite struct ClassHierarchyTests {
    @Test func aSubclassGetsItsOwnAndItsAncestorsDependencies() throws {
        let screen = try Container().resolve(LoginScreen.self)
        #expect(screen.logger != nil)
        #expect(screen.session != nil)
        #expect(screen.analytics != nil)
    }

    @Test func injectingThroughTheBaseTypeUsesTheDynamicType() throws {
        let screen: Screen = LoginScreen()
        try Container().inject(into: screen)
        #expect((screen as? LoginScreen)?.analytics != nil)
    }

    @Test func aKeyPathIntoAnotherClassIsReported() throws {
        let error = captureResolutionError { try Container().resolve(SettingsScreen.self) }
        #expect(
            error?.description == """
                error[misdeclared-dependency]: SettingsScreen.dependencies has a key path into LoginScreen, which SettingsScreen is not.
                  at: AutowireTests/ClassHierarchyTests.swift:28
                  path: SettingsScreen
                  fix: Write the key path against SettingsScreen or one of its superclasses.
                """)
    }
}
