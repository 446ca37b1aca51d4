import Autowire
import Testing

private enum MailHost: Autowire.Tag { typealias Value = String }
private enum MailPort: Autowire.Tag { typealias Value = Int }

private final class MailLogger: Injectable {}
private protocol Mailer: AnyObject { var host: String { get } }
private final class SMTPMailer: Mailer {
    let host: String
    let port: Int
    let logger: MailLogger
    init(host: Tagged<MailHost>, port: Tagged<MailPort>, logger: MailLogger) {
        self.host = host.value
        self.port = port.value
        self.logger = logger
    }
}
private final class Outbox: Injectable {
    var mailer: Mailer!
    var logger: MailLogger!
    static let dependencies: [Dependency<Outbox>] = [.inject(\.mailer), .inject(\.logger)]
}
private struct Greeting { let text: String }
private struct Farewell { let text: String }

private struct FactoryBroke: Error, CustomStringConvertible {
    var description: String { "no network" }
}

@Suite struct TypedFactoryTests {
    private func mailContainer() throws -> Container {
        try Container { binder in
            binder.bind(String.self).tagged(MailHost.self).to(value: "smtp.example.com")
            binder.bind(Int.self).tagged(MailPort.self).to(value: 587)
            binder.bind(Mailer.self).to(factory: SMTPMailer.init)
        }
    }

    @Test func resolvesEveryParameterOfAnInitializer() throws {
        let mailer = try mailContainer().resolve(Mailer.self)
        let smtp = try #require(mailer as? SMTPMailer)
        #expect(smtp.host == "smtp.example.com")
        #expect(smtp.port == 587)
    }

    @Test func factoryParametersShareGraphInstancesWithTheRestOfTheResolve() throws {
        let outbox = try mailContainer().resolve(Outbox.self)
        let smtp = try #require(outbox.mailer as? SMTPMailer)
        #expect(smtp.logger === outbox.logger)
    }

    @Test func factoriesOfZeroAndManyParametersWork() throws {
        let container = try Container { binder in
            binder.bind(Greeting.self).to(factory: { Greeting(text: "hello") })
            binder.bind(Farewell.self).to(factory: {
                (greeting: Greeting, host: Tagged<MailHost>, port: Tagged<MailPort>) in
                Farewell(text: "\(greeting.text) \(host.value):\(port.value)")
            })
            binder.bind(String.self).tagged(MailHost.self).to(value: "h")
            binder.bind(Int.self).tagged(MailPort.self).to(value: 1)
        }
        #expect(try container.resolve(Farewell.self).text == "hello h:1")
    }

    @Test func buildingReportsEveryParameterThatCannotBeProvided() throws {
        let line = #line + 1
        let error = captureConfigurationError { try Container { $0.bind(Mailer.self).to(factory: SMTPMailer.init) } }
        #expect(
            error?.description == """
                Container configuration has 2 problems:

                error[missing-binding]: String tagged MailHost cannot be provided: nothing is bound with that tag.
                  at: AutowireTests/TypedFactoryTests.swift:\(line)
                  path: parameter 1 of Mailer's factory → String tagged MailHost
                  fix: Bind it in the container with `binder.bind(String.self).tagged(MailHost.self).to(…)`.

                error[missing-binding]: Int tagged MailPort cannot be provided: nothing is bound with that tag.
                  at: AutowireTests/TypedFactoryTests.swift:\(line)
                  path: parameter 2 of Mailer's factory → Int tagged MailPort
                  fix: Bind it in the container with `binder.bind(Int.self).tagged(MailPort.self).to(…)`.
                """)
    }

    @Test func anErrorThrownByTheFactoryNamesTheBindingAndKeepsTheCause() throws {
        let line = #line + 2
        let container = try Container { binder in
            binder.bind(Greeting.self).to(factory: { () throws -> Greeting in throw FactoryBroke() })
        }
        let error = captureResolutionError { try container.resolve(Greeting.self) }
        #expect(error?.code == .factoryFailed)
        #expect(error?.underlyingError is FactoryBroke)
        #expect(
            error?.description == """
                error[factory-failed]: The factory for Greeting threw: no network.
                  at: AutowireTests/TypedFactoryTests.swift:\(line)
                  path: Greeting
                  fix: Fix the cause reported by the factory, or catch it inside the factory.
                """)
    }

    @Test func aClassFactoryReturningAnUnrelatedClassFailsTheBuild() throws {
        let line = #line + 1
        let error = captureConfigurationError { try Container { $0.bind(MailLogger.self).to(factory: { Outbox() }) } }
        #expect(
            error?.diagnostics.map(\.description) == [
                """
                error[non-conforming-implementation]: Outbox is bound to MailLogger but is not a subclass of it.
                  at: AutowireTests/TypedFactoryTests.swift:\(line)
                  path: MailLogger
                  fix: Make Outbox a subclass of MailLogger, or bind MailLogger to a type that is one.
                """
            ])
    }
    @Test func anAssistedFactorysParametersAreNamedByPositionNotByInternalTags() throws {
        struct Receipt { init(order: String, port: Int) {} }
        let line = #line + 2
        let error = captureConfigurationError {
            try Container { $0.bind(AssistedFactory<String, Receipt>.self).to(assisted: Receipt.init) }
        }
        #expect(
            error?.description == """
                Container configuration has 1 problem:

                error[missing-binding]: Int cannot be provided: it has no binding and is not an Injectable class.
                  at: AutowireTests/TypedFactoryTests.swift:\(line)
                  path: parameter 2 of Receipt's factory → Int
                  fix: Bind it in the container with `binder.bind(Int.self).to(…)`.
                """)
    }
}
