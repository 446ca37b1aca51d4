import Autowire
import Synchronization
import Testing

private typealias Tag = Autowire.Tag

/// Documentation.docc/Articles/TestingWithOverrides.md
enum TestingWithOverridesExamples {
    protocol Mailer: AnyObject, Sendable {
        func send(_ message: String)
    }

    enum SenderAddress: Tag { typealias Value = String }

    /// The app's bindings; tests pass their own mailer.
    enum AppBindings {
        static func register(in binder: Binder, mailer: any Mailer) {
            binder.bind(Mailer.self).to(value: mailer)
            binder.bind(String.self).tagged(SenderAddress.self).to(value: "shop@example.com")
        }
    }

    final class SignUp: Injectable {
        var mailer: Mailer!
        static let dependencies: [Dependency<SignUp>] = [.inject(\.mailer)]

        func register(_ email: String) {
            mailer.send("Welcome, \(email)")
        }
    }

    final class RecordingMailer: Mailer {
        private let messages = Mutex<[String]>([])
        var sent: [String] { messages.withLock { $0 } }
        func send(_ message: String) { messages.withLock { $0.append(message) } }
    }

    @Suite struct Tests {
        @Test func signingUpSendsAWelcomeMail() throws {
            let mailer = RecordingMailer()
            let container = try Container { binder in AppBindings.register(in: binder, mailer: mailer) }

            try container.resolve(SignUp.self).register("ada@example.com")

            #expect(mailer.sent == ["Welcome, ada@example.com"])
        }
    }

    @Suite final class CheckoutTests: PropertyInjectable {
        let mailer = RecordingMailer()
        var signUp: SignUp!
        static let dependencies: [Dependency<CheckoutTests>] = [.inject(\.signUp)]

        init() throws {
            let container = try Container { binder in AppBindings.register(in: binder, mailer: mailer) }
            try container.inject(into: self)
        }

        @Test func registeringSendsOneMail() {
            signUp.register("grace@example.com")
            #expect(mailer.sent.count == 1)
        }
    }
}
