import Autowire
import AutowireTesting
import Synchronization
import Testing

private typealias Tag = Autowire.Tag

protocol Mailer: AnyObject, Sendable {
    func send(_ message: String)
}

final class SMTPMailer: Mailer, Injectable {
    func send(_ message: String) {}
}

final class RecordingMailer: Mailer {
    private let messages = Mutex<[String]>([])
    var sent: [String] { messages.withLock { $0 } }
    func send(_ message: String) { messages.withLock { $0.append(message) } }
}

final class SignUp: Injectable {
    var mailer: Mailer!
    static let dependencies: [Dependency<SignUp>] = [.inject(\.mailer)]

    func register(_ email: String) { mailer.send("Welcome, \(email)") }
}

enum Greeting: Tag { typealias Value = String }

/// An autowired singleton: each child container makes its own.
final class SessionCache: Injectable {
    static let scope = Scope.singleton
}

/// The app's container, built once.
private let builtAppContainer = Result {
    try Container { binder in
        binder.bind(Mailer.self).scoped(.singleton).to(SMTPMailer.self)
        binder.bind(String.self).tagged(Greeting.self).to(value: "Hello")
    }
}

/// The app's container, shared by every test and never changed by one. Reading it throws the
/// configuration error when it could not be built, so that every test using it fails with that
/// error instead of running against an empty container.
var appContainer: Container {
    get throws { try builtAppContainer.get() }
}

/// A recording mailer shared by the overriding trait and the test that reads it.
let recordingMailer = RecordingMailer()

@Suite struct ContainerTraitTests {
    @Test(
        .overriding(try appContainer) { binder in
            binder.override(Mailer.self).to(value: recordingMailer)
        })
    func anOverriddenBindingIsSeenByTheTestAndNotByTheAppContainer() throws {
        let signUp = try TestContainer.current().resolve(SignUp.self)
        signUp.register("ada@example.com")

        #expect(recordingMailer.sent.contains("Welcome, ada@example.com"))
        #expect(try appContainer.resolve(Mailer.self) is SMTPMailer)
        #expect(try TestContainer.current().resolve(String.self, tag: Greeting.self) == "Hello")
    }

    @Test(
        .container { binder in
            binder.bind(String.self).tagged(Greeting.self).to(value: "Hi")
        })
    func aFreshContainerHasOnlyTheTestsBindings() throws {
        #expect(try TestContainer.current().resolve(String.self, tag: Greeting.self) == "Hi")
        #expect(throws: ResolutionError.self) { try TestContainer.current().resolve(Mailer.self) }
    }

    @Test(.container { _ in })
    func childTasksSeeTheTestsContainer() async throws {
        let container = try TestContainer.current()
        async let seen = TestContainer.current()
        #expect(try await seen === container)
    }

    @Test func eachTestGetsANewContainerSharingNoSingletonWithTheBaseOrAnotherTest() async throws {
        let containers = try await containersOfTwoTests(.overriding(try appContainer) { _ in })
        #expect(containers[0] !== containers[1])
        #expect(try containers[0].resolve(SessionCache.self) !== containers[1].resolve(SessionCache.self))
        #expect(try containers[0].resolve(SessionCache.self) !== appContainer.resolve(SessionCache.self))
        // A singleton bound in the base container is made anew for each test too.
        #expect(try containers[0].resolve(Mailer.self) !== containers[1].resolve(Mailer.self))
        #expect(try containers[0].resolve(Mailer.self) !== appContainer.resolve(Mailer.self))
        #expect(try containers[0].resolve(Mailer.self) is SMTPMailer)
    }

    @Test func aTestThatOptsInSharesTheSingletonsTheBaseBinds() async throws {
        let containers = try await containersOfTwoTests(
            .overriding(try appContainer, sharingBaseInstances: true) { _ in })
        #expect(try containers[0].resolve(Mailer.self) === appContainer.resolve(Mailer.self))
        #expect(try containers[1].resolve(Mailer.self) === appContainer.resolve(Mailer.self))
    }

    /// The containers `trait` gives two tests.
    private func containersOfTwoTests(_ trait: ContainerTrait) async throws -> [Container] {
        let test = try #require(Test.current)
        let seen = Mutex<[Container]>([])
        for _ in 0..<2 {
            try await trait.provideScope(for: test, testCase: nil) {
                let container = try TestContainer.current()
                seen.withLock { $0.append(container) }
            }
        }
        return seen.withLock { $0 }
    }

    @Test func aProblemInTheTestsBindingsFailsTheTestWithTheConfigurationError() async throws {
        let trait: ContainerTrait = .overriding(try appContainer) { binder in
            binder.bind(Mailer.self).to(value: recordingMailer)
        }
        let test = try #require(Test.current)
        await #expect {
            try await trait.provideScope(for: test, testCase: nil) {}
        } throws: { error in
            (error as? ConfigurationError)?.diagnostics.map(\.code) == [.accidentalShadowing]
        }
    }

    @Test func aTestWithoutTheTraitGetsAnErrorSayingHowToAddIt() {
        #expect {
            try TestContainer.current(fileID: "AppTests/SignUpTests.swift", line: 12)
        } throws: { error in
            "\(error)" == """
                error[missing-test-container]: TestContainer.current() was called in a test that has no container trait.
                  at: AppTests/SignUpTests.swift:12
                  fix: Add `.overriding(appContainer) { binder in … }` or `.container { binder in … }` to the test's `@Test(…)` or to its `@Suite(…)`.
                """
        }
    }
}

@Suite(
    .overriding(try appContainer) { binder in
        binder.override(String.self).tagged(Greeting.self).to(value: "Hey")
    })
struct SuiteWideOverrideTests {
    @Test func theSuitesOverrideAppliesToThisTest() throws {
        #expect(try TestContainer.current().resolve(String.self, tag: Greeting.self) == "Hey")
    }

    @Test func andToThisOne() throws {
        #expect(try TestContainer.current().resolve(String.self, tag: Greeting.self) == "Hey")
    }
}
