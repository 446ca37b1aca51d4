import Testing

@testable import Autowire

// A small shop, wired with one mistake per test.
private protocol PaymentGateway: AnyObject {}
private protocol Inventory: AnyObject {}
private final class StripeGateway: PaymentGateway, Injectable {}
private final class Warehouse: Injectable {}  // Forgot `: Inventory`.

private final class Checkout: Injectable {
    var gateway: PaymentGateway!
    static let dependencies: [Dependency<Checkout>] = [.inject(\.gateway)]  // @gateway
}

private final class Storefront: Injectable {
    var checkout: Checkout!
    static let dependencies: [Dependency<Storefront>] = [.inject(\.checkout)]
}

private final class Stock: Injectable {
    var inventory: Inventory!
    static let dependencies: [Dependency<Stock>] = [.inject(\.inventory)]
}

private final class Ping: Injectable {
    static var scope: Scope { .transient }
    var pong: Pong!
    static let dependencies: [Dependency<Ping>] = [.inject(\.pong)]
}

private final class Pong: Injectable {
    static var scope: Scope { .transient }
    var ping: Ping!
    static let dependencies: [Dependency<Pong>] = [.inject(\.ping)]  // @ping
}

private final class Ledger: Injectable {}

private final class Accounting: Injectable {
    var ledger: Ledger?  // Nil after init, undeclared, and the container can make a Ledger.
}

/// Counts how often its factory runs.
private final class FactoryRuns: @unchecked Sendable {
    var count = 0
}

private final class Connection {}

private final class Repository: Injectable {
    var connection: Connection!
    static let dependencies: [Dependency<Repository>] = [.inject(\.connection)]
}

private struct MissingSecret: Error, CustomStringConvertible {
    var description: String { "no API key in the environment" }
}

/// The description of the error `body` throws, or nil when it returns.
private func failure(_ body: () throws(ValidationError) -> ValidationReport) -> String? {
    do {
        _ = try body()
        return nil
    } catch {
        return error.description
    }
}

@Suite struct ValidationTests {
    @Test func missingBindingIsReportedWithThePathFromTheRootAndTheDeclaringLine() {
        let text = failure { () throws(ValidationError) in try Container().validate(Storefront.self) }
        #expect(
            text == """
                Validation of Storefront (2 types, 0 bindings) found 1 error:

                error[missing-binding]: PaymentGateway cannot be provided: it has no binding and is not an Injectable class.
                  at: \(marked("gateway"))
                  path: Storefront.checkout → Checkout.gateway → PaymentGateway
                  fix: Bind it in the container with `binder.bind(PaymentGateway.self).to(…)`, or declare it `.optional(\\.gateway)` if it may be absent.
                """)
    }

    @Test func rootThatCannotBeProvidedIsReported() {
        let text = failure { () throws(ValidationError) in try Container().validate(PaymentGateway.self) }
        #expect(
            text == """
                Validation of PaymentGateway (0 types, 0 bindings) found 1 error:

                error[missing-binding]: PaymentGateway cannot be provided: it has no binding and is not an Injectable class.
                  path: PaymentGateway
                  fix: Bind it in the container with `binder.bind(PaymentGateway.self).to(…)`.
                """)
    }

    @Test func duplicateBindingIsReportedWithBothLocations() {
        let text = failure { () throws(ValidationError) in
            try Container.validate(Checkout.self) { binder in
                binder.bind(PaymentGateway.self).to(StripeGateway.self)  // @bound1
                binder.bind(PaymentGateway.self).to(StripeGateway.self)  // @bound2
            }
        }
        #expect(
            text == """
                Validation of Checkout (3 types, 1 binding) found 1 error:

                error[duplicate-binding]: PaymentGateway is bound twice in the same container.
                  at: \(marked("bound2"))
                  also: \(marked("bound1"))
                  path: PaymentGateway
                  fix: Remove one of the two bindings; to replace a binding in tests, override it in a child container with `binder.override(_:)`.
                """)
    }

    @Test func protocolImplementationThatDoesNotConformIsFoundOnTheProbe() throws {
        // Building cannot tell from the metatypes that Warehouse is no Inventory; validation can.
        let container = try Container { binder in
            binder.bind(Inventory.self).to(Warehouse.self)  // @inventory
        }
        let text = failure { () throws(ValidationError) in try container.validate(Stock.self) }
        #expect(
            text == """
                Validation of Stock (3 types, 1 binding) found 1 error:

                error[non-conforming-implementation]: Warehouse is bound to Inventory but does not conform to it.
                  at: \(marked("inventory"))
                  path: Stock.inventory → Inventory
                  fix: Make Warehouse conform to Inventory, or bind Inventory to a type that does.
                """)
    }

    @Test func unclosableCycleNamesTheWholePath() {
        let text = failure { () throws(ValidationError) in try Container().validate(Ping.self) }
        #expect(
            text == """
                Validation of Ping (2 types, 0 bindings) found 1 error:

                error[unclosable-cycle]: Dependency cycle Ping.pong → Pong.ping → Ping can never close.
                  at: \(marked("ping"))
                  path: Ping.pong → Pong.ping → Ping
                  fix: Give one class in the cycle the `.graph` or `.singleton` scope (factories cannot be reentered), or make one of the properties a `Provider` or `Lazy`.
                """)
    }

    @Test func errorThrownWhileDeclaringBindingsIsReported() {
        let text = failure { () throws(ValidationError) in
            try Container.validate(Storefront.self) { binder in
                binder.bind(PaymentGateway.self).to(StripeGateway.self)
                throw MissingSecret()
            }
        }
        #expect(
            text == """
                Validation of Storefront (4 types, 1 binding) found 1 error:

                error[configuration-failed]: Declaring the bindings threw before it finished: no API key in the environment.
                  fix: Fix the cause of the error; bindings declared after the throwing statement were not checked.
                """)
    }

    @Test func fiveMistakesInOneContainerAreAllInOneReport() {
        let text = failure { () throws(ValidationError) in
            try Container.validate(Storefront.self, Stock.self, Ping.self, Accounting.self) { binder in
                binder.bind(Inventory.self).to(Warehouse.self)  // @inventory-once
                binder.bind(String.self).to(value: "a")  // @string1
                binder.bind(String.self).to(value: "b")  // @string2
            }
        }
        #expect(
            text == """
                Validation of Storefront, Stock, Ping, Accounting (9 types, 2 bindings) found 5 errors:

                error[missing-binding]: PaymentGateway cannot be provided: it has no binding and is not an Injectable class.
                  at: \(marked("gateway"))
                  path: Storefront.checkout → Checkout.gateway → PaymentGateway
                  fix: Bind it in the container with `binder.bind(PaymentGateway.self).to(…)`, or declare it `.optional(\\.gateway)` if it may be absent.

                error[unclosable-cycle]: Dependency cycle Ping.pong → Pong.ping → Ping can never close.
                  at: \(marked("ping"))
                  path: Ping.pong → Pong.ping → Ping
                  fix: Give one class in the cycle the `.graph` or `.singleton` scope (factories cannot be reentered), or make one of the properties a `Provider` or `Lazy`.

                error[duplicate-binding]: String is bound twice in the same container.
                  at: \(marked("string2"))
                  also: \(marked("string1"))
                  path: String
                  fix: Remove one of the two bindings; to replace a binding in tests, override it in a child container with `binder.override(_:)`.

                error[non-conforming-implementation]: Warehouse is bound to Inventory but does not conform to it.
                  at: \(marked("inventory-once"))
                  path: Stock.inventory → Inventory
                  fix: Make Warehouse conform to Inventory, or bind Inventory to a type that does.

                error[forgotten-dependency]: Accounting.ledger is nil after injection but is not in Accounting.dependencies, and the container can provide Ledger: it looks like a forgotten `.inject`.
                  path: Accounting.ledger
                  fix: Add `.inject(\\.ledger)` to Accounting.dependencies; if it may stay nil, `.optional(\\.ledger)`; if something else sets it, `.notInjected(\\.ledger)`.
                """)
    }

    @Test func warningsAloneAreReturnedInTheReportInsteadOfThrown() throws {
        let report = try Container().validate(Accounting.self, injectingProbes: false)
        #expect(report.errors.isEmpty)
        #expect(report.warnings.map(\.code) == [.likelyForgottenDependency])
        #expect(
            report.detailedDescription == """
                Validation of Accounting (1 type, 0 bindings) found 1 warning:
                └─ warning[likely-forgotten-dependency] Accounting.ledger looks like a forgotten dependency: it is nil after init(), is not in Accounting.dependencies, and the container can provide Ledger.
                   ├─ path: Accounting.ledger
                   └─ fix: Add `.inject(\\.ledger)` to Accounting.dependencies, or `.optional(\\.ledger)` if it may stay nil.
                """)
    }

    @Test func detailedDescriptionIsATreeWithOneBranchPerProblem() {
        do {
            // Without filling probes, so that the forgotten ledger is suspected: a warning.
            try Container.validate(Stock.self, Accounting.self, injectingProbes: false) { binder in
                binder.bind(Inventory.self).to(Warehouse.self)  // @inventory1
                binder.bind(Inventory.self).to(Warehouse.self)  // @inventory2
            }
            Issue.record("validation passed")
        } catch {
            #expect(
                error.report.detailedDescription == """
                    Validation of Stock, Accounting (4 types, 1 binding) found 2 errors and 1 warning:
                    ├─ error[duplicate-binding] Inventory is bound twice in the same container.
                    │  ├─ at: \(marked("inventory2"))
                    │  ├─ also: \(marked("inventory1"))
                    │  ├─ path: Inventory
                    │  └─ fix: Remove one of the two bindings; to replace a binding in tests, override it in a child container with `binder.override(_:)`.
                    ├─ error[non-conforming-implementation] Warehouse is bound to Inventory but does not conform to it.
                    │  ├─ at: \(marked("inventory1"))
                    │  ├─ path: Stock.inventory → Inventory
                    │  └─ fix: Make Warehouse conform to Inventory, or bind Inventory to a type that does.
                    └─ warning[likely-forgotten-dependency] Accounting.ledger looks like a forgotten dependency: it is nil after init(), is not in Accounting.dependencies, and the container can provide Ledger.
                       ├─ path: Accounting.ledger
                       └─ fix: Add `.inject(\\.ledger)` to Accounting.dependencies, or `.optional(\\.ledger)` if it may stay nil.
                    """)
        }
    }

    @Test func correctWiringValidatesWithNoProblems() throws {
        let container = try Container { binder in
            binder.bind(PaymentGateway.self).to(StripeGateway.self)
        }
        let report = try container.validate(Storefront.self)
        #expect(report.diagnostics.isEmpty)
        #expect(report.description == "Validation of Storefront (4 types, 1 binding) found no problems.")
    }

    @Test func withoutRootsEveryBindingIsValidated() throws {
        let container = try Container { binder in
            binder.bind(Accounting.self).scoped(.singleton).to(Accounting.self)
        }
        let report = try container.validate(injectingProbes: false)
        #expect(
            report.description == """
                Validation of the container (1 type, 1 binding) found 1 warning:

                warning[likely-forgotten-dependency]: Accounting.ledger looks like a forgotten dependency: it is nil after init(), is not in Accounting.dependencies, and the container can provide Ledger.
                  path: Accounting.ledger
                  fix: Add `.inject(\\.ledger)` to Accounting.dependencies, or `.optional(\\.ledger)` if it may stay nil.
                """)
    }

    @Test func withoutProbeInjectionNoFactoryRuns() throws {
        let runs = FactoryRuns()
        let container = try Container { binder in
            binder.bind(Connection.self).scoped(.singleton).to { _ in
                runs.count += 1
                return Connection()
            }
        }
        try container.validate(Repository.self, injectingProbes: false)
        #expect(runs.count == 0)
    }

    @Test func probeInjectionRunsFactoriesInACopyOfTheContainer() throws {
        let runs = FactoryRuns()
        let container = try Container { binder in
            binder.bind(Connection.self).scoped(.singleton).to { _ in
                runs.count += 1
                return Connection()
            }
        }
        try container.validate(Repository.self)
        #expect(runs.count == 1)
        // The container's own singleton was not created by validation.
        let first = try container.resolve(Repository.self).connection
        let second = try container.resolve(Repository.self).connection
        #expect(runs.count == 2)
        #expect(first === second)
    }

    @Test func factoryThatThrowsDuringProbeInjectionIsReported() throws {
        let container = try Container { binder in
            binder.bind(Connection.self).to { _ in throw MissingSecret() }  // @connection
        }
        let text = failure { () throws(ValidationError) in try container.validate(Repository.self) }
        #expect(
            text == """
                Validation of Repository (2 types, 1 binding) found 1 error:

                error[factory-failed]: The factory for Connection threw: no API key in the environment.
                  at: \(marked("connection"))
                  path: Repository.connection → Connection
                  fix: Fix the cause reported by the factory, or catch it inside the factory.
                """)
    }
}

private enum MailHost: Autowire.Tag { typealias Value = String }
private enum MailPort: Autowire.Tag { typealias Value = Int }
private protocol Mailer: AnyObject {}
private final class SMTPMailer: Mailer {
    init(host: Tagged<MailHost>, port: Tagged<MailPort>) {}
}
private final class Outbox: Injectable {
    var mailer: Mailer!
    static let dependencies: [Dependency<Outbox>] = [.inject(\.mailer)]
}

@Suite struct ValidationOfFactoriesAndChildrenTests {
    @Test func typedFactoryParameterThatCannotBeProvidedIsReported() {
        do {
            try Container.validate(Outbox.self) { binder in
                binder.bind(String.self).tagged(MailHost.self).to(value: "smtp.example.com")
                binder.bind(Mailer.self).to(factory: SMTPMailer.init)  // @mailer
            }
            Issue.record("validation passed")
        } catch {
            #expect(
                error.description == """
                    Validation of Outbox (4 types, 2 bindings) found 1 error:

                    error[missing-binding]: Int tagged MailPort cannot be provided: nothing is bound with that tag.
                      at: \(marked("mailer"))
                      path: Outbox.mailer → parameter 2 of Mailer's factory → Int tagged MailPort
                      fix: Bind it in the container with `binder.bind(Int.self).tagged(MailPort.self).to(…)`.
                    """)
        }
    }

    @Test func childContainerIsValidatedWithItsParent() throws {
        let parent = try Container { binder in
            binder.bind(PaymentGateway.self).to(StripeGateway.self)
        }
        let child = try parent.child { binder in
            binder.override(PaymentGateway.self).to(StripeGateway.self)  // @override
        }
        let report = try child.validate(Storefront.self)
        #expect(report.description == "Validation of Storefront (4 types, 1 binding) found no problems.")
        // What the child resolves is its own override.
        #expect(
            report.graph.nodes.first { $0.type == PaymentGateway.self }?.location?.description
                == marked("override"))
    }
}
