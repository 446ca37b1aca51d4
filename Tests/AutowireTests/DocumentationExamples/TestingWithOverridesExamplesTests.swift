import Autowire
import AutowireTesting
import Synchronization
import Testing

private typealias Tag = Autowire.Tag

/// Documentation.docc/Articles/TestingWithOverrides.md
private typealias Mailer = TestingWithOverridesExamples.Mailer
private let appContainer = TestingWithOverridesExamples.appContainer
private let sharedRecorder = TestingWithOverridesExamples.sharedRecorder

enum TestingWithOverridesExamples {
    protocol Mailer: AnyObject, Sendable {
        func send(_ message: String)
    }

    final class SMTPMailer: Mailer, Injectable {
        func send(_ message: String) {
            // talks to a mail server
        }
    }

    final class SignUp: Injectable {
        var mailer: Mailer!
        static let dependencies: [Dependency<SignUp>] = [.inject(\.mailer)]

        func register(_ email: String) {
            mailer.send("Welcome, \(email)")
        }
    }

    protocol Notifier: AnyObject {
        var mailer: Mailer! { get }
    }

    final class EmailNotifier: Notifier, Injectable {
        var mailer: Mailer!
        static let dependencies: [Dependency<EmailNotifier>] = [.inject(\.mailer)]
    }

    final class RecordingMailer: Mailer {
        private let messages = Mutex<[String]>([])
        var sent: [String] { messages.withLock { $0 } }
        func send(_ message: String) { messages.withLock { $0.append(message) } }
    }

    static func makeAppContainer() throws -> Container {
        let appContainer = try Container { binder in
            binder.bind(Mailer.self).to(SMTPMailer.self)
        }
        return appContainer
    }

    /// The documentation's app container, built once. A failure is recorded as an issue of the test
    /// that first uses it (the empty stand-in then fails the others), never swallowed.
    static let appContainer: Container = {
        do {
            return try makeAppContainer()
        } catch {
            Issue.record(error, "the documentation's app container could not be built")
            return Container()
        }
    }()
    static let sharedRecorder = RecordingMailer()

    @Suite struct Tests {
        @Test func anOverrideReachesWhatAParentsNonKeptBindingMakes() throws {
            let appContainer = try Container { binder in
                binder.bind(Mailer.self).to(SMTPMailer.self)
                binder.bind(Notifier.self).to(EmailNotifier.self)
            }
            let mailer = RecordingMailer()
            let testContainer = try appContainer.child { binder in
                binder.override(Mailer.self).to(value: mailer)
            }

            let notifier = try testContainer.resolve(Notifier.self)
            // notifier.mailer === mailer: the parent's binding, evaluated in the child

            #expect(notifier.mailer === mailer)
            #expect(try appContainer.resolve(Notifier.self).mailer is SMTPMailer)
        }

        @Test func anOverrideAParentsSingletonReachesFailsTheChildUntilTheSingletonIsOverriddenToo() throws {
            var printed: [String] = []
            do {
                let appContainer = try Container { binder in
                    binder.bind(Mailer.self).to(SMTPMailer.self)
                    binder.bind(Notifier.self).scoped(.singleton).to(EmailNotifier.self)
                }
                let testContainer = try appContainer.child { binder in  // throws
                    binder.override(Mailer.self).to(value: RecordingMailer())
                }
                _ = testContainer
            } catch {
                printed.append("\(error)")
            }
            expectDocumented(
                printed.joined(separator: "\n"),
                #"""
                Container configuration has 1 problem:

                error[override-not-reaching]: The override of Mailer does not reach Notifier, which a parent container keeps in the `.singleton` scope: Notifier belongs to the parent and uses the parent's Mailer.
                  at: AppTests/SignUpTests.swift:6
                  also: App/Bindings.swift:3
                  path: EmailNotifier.mailer → Mailer
                  fix: Override Notifier in this child too, so that the child makes its own with this Mailer (`binder.override(Notifier.self)…`), or build the test's container from the bindings rather than as a child.
                """#)

            // The same app container, built again: the one above lives in the `do` block.
            let appContainer = try Container { binder in
                binder.bind(Notifier.self).scoped(.singleton).to(EmailNotifier.self)
                binder.bind(Mailer.self).to(SMTPMailer.self)
            }
            let mailer = RecordingMailer()
            let testContainer = try appContainer.child { binder in
                binder.override(Mailer.self).to(value: mailer)
                binder.override(Notifier.self).scoped(.singleton).to(EmailNotifier.self)
            }
            // testContainer.resolve(Notifier.self).mailer === mailer

            #expect(try testContainer.resolve(Notifier.self).mailer === mailer)
            #expect(try appContainer.resolve(Notifier.self).mailer is SMTPMailer)
        }

        @Test func aChildOverridesTheMailerAndLeavesTheAppContainerAlone() throws {
            let appContainer = try makeAppContainer()
            let mailer = RecordingMailer()
            let testContainer = try appContainer.child { binder in
                binder.override(Mailer.self).to(value: mailer)
            }

            try testContainer.resolve(SignUp.self).register("ada@example.com")
            // mailer.sent == ["Welcome, ada@example.com"]

            #expect(mailer.sent == ["Welcome, ada@example.com"])
            #expect(try appContainer.resolve(SignUp.self).mailer is SMTPMailer)
        }

        @Test func anIsolatedCopyOverridesTheMailerAndSharesNothingWithTheApp() throws {
            let appContainer = try makeAppContainer()
            let testContainer = try appContainer.isolatedCopy { binder in
                binder.override(Mailer.self).to(value: RecordingMailer())
            }

            let signUp = try testContainer.resolve(SignUp.self)
            signUp.register("ada@example.com")
            #expect((signUp.mailer as? RecordingMailer)?.sent == ["Welcome, ada@example.com"])
            #expect(try appContainer.resolve(SignUp.self).mailer is SMTPMailer)
        }
    }

    @Suite(.recordingMail)
    struct SignUpTests {
        @Test func registeringSendsAWelcomeMail() throws {
            let signUp = try TestContainer.current().resolve(SignUp.self)
            signUp.register("grace@example.com")
            #expect(sharedRecorder.sent.contains("Welcome, grace@example.com"))
        }
    }

    @Suite final class CheckoutTests: PropertyInjectable {
        let mailer = RecordingMailer()
        var signUp: SignUp!
        static let dependencies: [Dependency<CheckoutTests>] = [.inject(\.signUp)]

        init() throws {
            let container = try appContainer.child { binder in
                binder.override(Mailer.self).to(value: mailer)
            }
            try container.inject(into: self)
        }

        @Test func registeringSendsOneMail() {
            signUp.register("grace@example.com")
            #expect(mailer.sent.count == 1)
        }
    }
}

extension Trait where Self == ContainerTrait {
    /// The app's bindings, with a mailer that records what it sends.
    static var recordingMail: Self {
        .overriding(appContainer) { binder in
            binder.override(Mailer.self).to(value: sharedRecorder)
        }
    }
}
