import Autowire
import Testing

// The words users read. Line numbers are captured with `#line` right next to the declaration
// they name, so editing this file above them does not break the expectations. Bindings are
// declared outside `#expect { }`: inside a macro argument `#line` can report the macro's line.

private let file = "AutowireTests/ErrorMessageTests.swift"

private protocol OrderRepository: AnyObject {}
private protocol Connection: AnyObject {}

private final class OrderService: Injectable {
    var repository: OrderRepository!
    static let repositoryLine = #line + 1
    static let dependencies: [Dependency<OrderService>] = [.inject(\.repository)]
}

private final class App: Injectable {
    var orders: OrderService!
    static let dependencies: [Dependency<App>] = [.inject(\.orders)]
}

private final class SQLOrderRepository: OrderRepository, Injectable {
    var connection: Connection!
    static let connectionLine = #line + 1
    static let dependencies: [Dependency<SQLOrderRepository>] = [.inject(\.connection)]
}

private final class SQLiteConnection: Connection, Injectable {}

private class Clock {}
private final class Sundial: Injectable {}

/// Not Injectable and not bound.
private final class Printer {}
private final class Office: Injectable {
    var printer: Printer!
    static let printerLine = #line + 1
    static let dependencies: [Dependency<Office>] = [.inject(\.printer)]
}

/// Non-final: its key paths print as `<computed 0x…>`, never with the property's name.
private class Kiosk: Injectable {
    var printer: Printer!
    required init() {}
    static let printerLine = #line + 1
    class var dependencies: [Dependency<Kiosk>] { [.inject(\.printer)] }
}

private enum Backup: Autowire.Tag { typealias Value = Sundial }
/// Asks for a tagged Injectable: tags are never autowired, so this needs a binding.
private final class Vault: Injectable {
    var sundial: Sundial!
    static let sundialLine = #line + 1
    static let dependencies: [Dependency<Vault>] = [.inject(\.sundial, tag: Backup.self)]
}

private final class Database {}
private struct DiskFull: Error, CustomStringConvertible {
    var description: String { "disk is full" }
}
private final class Reports: Injectable {
    var database: Database!
    static let dependencies: [Dependency<Reports>] = [.inject(\.database)]
}

private protocol Analytics: AnyObject {}
private protocol Payments: AnyObject {}
private final class CheckoutScreen: PropertyInjectable {
    var analytics: Analytics!
    var payments: Payments!
    static let firstLine = #line + 2
    static let dependencies: [Dependency<CheckoutScreen>] = [
        .inject(\.analytics),
        .inject(\.payments),
    ]
}

private final class Elsewhere {
    var database: Database!
}
/// Writes its list against a class it is not.
private final class Misdeclared: PropertyInjectable {
    typealias DependencyRoot = Elsewhere
    static let databaseLine = #line + 1
    static let dependencies: [Dependency<Elsewhere>] = [.inject(\.database)]
}

@Suite struct ErrorMessageTests {
    @Test func missingBindingNamesPathLocationAndFix() throws {
        let error = #expect(throws: ResolutionError.self) { try Container().resolve(App.self) }
        #expect(error?.code == .missingBinding)
        #expect(error?.path == ["App.orders", "OrderService.repository", "OrderRepository"])
        #expect(error?.location == SourceLocation(fileID: file, line: OrderService.repositoryLine))
        #expect(
            error?.description == """
                error[missing-binding]: OrderRepository cannot be provided: it has no binding and is not an Injectable class.
                  at: \(file):\(OrderService.repositoryLine)
                  path: App.orders → OrderService.repository → OrderRepository
                  fix: Bind it in the container with `binder.bind(OrderRepository.self).to(…)`, \
                or declare it `.optional(\\.repository)` if it may be absent.
                """)
    }

    @Test func missingBindingAtTheTopLevel() throws {
        let error = #expect(throws: ResolutionError.self) { try Container().resolve(OrderRepository.self) }
        #expect(
            error?.description == """
                error[missing-binding]: OrderRepository cannot be provided: it has no binding and is not an Injectable class.
                  path: OrderRepository
                  fix: Bind it in the container with `binder.bind(OrderRepository.self).to(…)`.
                """)
    }

    @Test func missingClassSuggestsInjectable() throws {
        let error = #expect(throws: ResolutionError.self) { try Container().resolve(Office.self) }
        #expect(
            error?.description == """
                error[missing-binding]: Printer cannot be provided: it has no binding and its class is not Injectable.
                  at: \(file):\(Office.printerLine)
                  path: Office.printer → Printer
                  fix: Make Printer conform to Injectable, or bind it with `binder.bind(Printer.self).to(…)`, \
                or declare it `.optional(\\.printer)` if it may be absent.
                """)
    }

    @Test func propertyOfANonFinalClassIsNamedNotPrintedAsAnAddress() throws {
        let error = #expect(throws: ResolutionError.self) { try Container().resolve(Kiosk.self) }
        #expect(
            error?.description == """
                error[missing-binding]: Printer cannot be provided: it has no binding and its class is not Injectable.
                  at: \(file):\(Kiosk.printerLine)
                  path: Kiosk.printer → Printer
                  fix: Make Printer conform to Injectable, or bind it with `binder.bind(Printer.self).to(…)`, \
                or declare it `.optional(\\.printer)` if it may be absent.
                """)
    }

    @Test func missingTaggedValueSaysTagsNeedABinding() throws {
        let error = #expect(throws: ResolutionError.self) { try Container().resolve(Vault.self) }
        #expect(
            error?.description == """
                error[missing-binding]: Sundial tagged Backup cannot be provided: nothing is bound with that tag.
                  at: \(file):\(Vault.sundialLine)
                  path: Vault.sundial → Sundial tagged Backup
                  fix: Bind it in the container with `binder.bind(Sundial.self).tagged(Backup.self).to(…)`, \
                or declare it `.optional(\\.sundial)` if it may be absent.
                """)
    }

    @Test func duplicateBindingNamesBothLocations() throws {
        let firstLine = #line + 2
        let configure = { (binder: Binder) in
            binder.bind(OrderRepository.self).to(SQLOrderRepository.self)
            binder.bind(OrderRepository.self).to(SQLOrderRepository.self)
            binder.bind(Connection.self).to(SQLiteConnection.self)
        }
        let error = #expect(throws: ConfigurationError.self) { try Container(configure) }
        #expect(error?.diagnostics.first?.code == .duplicateBinding)
        #expect(
            error?.diagnostics.first?.description == """
                error[duplicate-binding]: OrderRepository is bound twice in the same container.
                  at: \(file):\(firstLine + 1)
                  also: \(file):\(firstLine)
                  path: OrderRepository
                  fix: Remove one of the two bindings; to replace a binding in tests, override it in a child container with `binder.override(_:)`.
                """)
    }

    @Test func implementationThatIsNotASubclassFailsTheBuild() throws {
        let line = #line + 2
        let configure = { (binder: Binder) in
            binder.bind(Clock.self).to(Sundial.self)
        }
        let error = #expect(throws: ConfigurationError.self) { try Container(configure) }
        #expect(
            error?.description == """
                Container configuration has 1 problem:

                error[non-conforming-implementation]: Sundial is bound to Clock but is not a subclass of it.
                  at: \(file):\(line)
                  path: Clock
                  fix: Make Sundial a subclass of Clock, or bind Clock to a type that is one.
                """)
    }

    @Test func implementationThatDoesNotConformToTheProtocolFailsItsFirstResolve() throws {
        let line = #line + 2
        let container = try Container { binder in
            binder.bind(OrderRepository.self).to(Sundial.self)
        }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(OrderRepository.self) }
        #expect(
            error?.description == """
                error[non-conforming-implementation]: Sundial is bound to OrderRepository but does not conform to it.
                  at: \(file):\(line)
                  path: OrderRepository
                  fix: Make Sundial conform to OrderRepository, or bind OrderRepository to a type that does.
                """)
    }

    @Test func throwingFactoryIsWrappedWithTheBindingLocation() throws {
        let line = #line + 2
        let container = try Container { binder in
            binder.bind(Database.self).to { _ in throw DiskFull() }
        }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(Reports.self) }
        #expect(error?.underlyingError is DiskFull)
        #expect(
            error?.description == """
                error[factory-failed]: The factory for Database threw: disk is full.
                  at: \(file):\(line)
                  path: Reports.database → Database
                  fix: Fix the cause reported by the factory, or catch it inside the factory.
                """)
    }

    @Test func missingBindingInsideAFactoryNamesTheFactorysBinding() throws {
        let line = #line + 2
        let container = try Container { binder in
            binder.bind(Database.self).to { resolver in
                _ = try resolver.resolve(OrderRepository.self)
                return Database()
            }
        }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(Reports.self) }
        #expect(
            error?.description == """
                error[missing-binding]: OrderRepository cannot be provided: it has no binding and is not an Injectable class.
                  at: \(file):\(line)
                  path: Reports.database → Database → OrderRepository
                  fix: Bind it in the container with `binder.bind(OrderRepository.self).to(…)`.
                """)
    }

    @Test func reenteredFactoryNamesTheCycle() throws {
        let line = #line + 2
        let container = try Container { binder in
            binder.bind(Database.self).to { resolver in try resolver.resolve(Database.self) }
        }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(Reports.self) }
        #expect(
            error?.description == """
                error[unclosable-cycle]: Database is needed again while its factory is still running, so the cycle can never close.
                  at: \(file):\(line)
                  path: Reports.database → Database → Database
                  fix: Break the cycle: resolve one side through a `Provider` or `Lazy`, or turn a factory into an \
                Injectable class in the `.graph` scope, which is filled after it is created.
                """)
    }

    @Test func configurationErrorListsEveryProblemUnderOneHeading() throws {
        let firstLine = #line + 2
        let configure = { (binder: Binder) in
            binder.bind(OrderRepository.self).to(SQLOrderRepository.self)
            binder.bind(OrderRepository.self).to(SQLOrderRepository.self)
            binder.bind(Clock.self).to(Sundial.self)
        }
        let error = #expect(throws: ConfigurationError.self) { try Container(configure) }
        #expect(error?.diagnostics.map(\.code) == [.duplicateBinding, .missingBinding, .nonConformingImplementation])
        #expect(
            error?.description == """
                Container configuration has 3 problems:

                error[duplicate-binding]: OrderRepository is bound twice in the same container.
                  at: \(file):\(firstLine + 1)
                  also: \(file):\(firstLine)
                  path: OrderRepository
                  fix: Remove one of the two bindings; to replace a binding in tests, override it in a child container with `binder.override(_:)`.

                error[missing-binding]: Connection cannot be provided: it has no binding and is not an Injectable class.
                  at: \(file):\(SQLOrderRepository.connectionLine)
                  path: OrderRepository → SQLOrderRepository.connection → Connection
                  fix: Bind it in the container with `binder.bind(Connection.self).to(…)`, \
                or declare it `.optional(\\.connection)` if it may be absent.

                error[non-conforming-implementation]: Sundial is bound to Clock but is not a subclass of it.
                  at: \(file):\(firstLine + 2)
                  path: Clock
                  fix: Make Sundial a subclass of Clock, or bind Clock to a type that is one.
                """)
    }

    @Test func propertyInjectorErrorListsEveryMissingDependency() throws {
        let error = #expect(throws: ResolutionError.self) {
            try Container().propertyInjector(for: CheckoutScreen.self)
        }
        #expect(
            error?.description == """
                2 problems:

                error[missing-binding]: Analytics cannot be provided: it has no binding and is not an Injectable class.
                  at: \(file):\(CheckoutScreen.firstLine)
                  path: CheckoutScreen.analytics → Analytics
                  fix: Bind it in the container with `binder.bind(Analytics.self).to(…)`, \
                or declare it `.optional(\\.analytics)` if it may be absent.

                error[missing-binding]: Payments cannot be provided: it has no binding and is not an Injectable class.
                  at: \(file):\(CheckoutScreen.firstLine + 1)
                  path: CheckoutScreen.payments → Payments
                  fix: Bind it in the container with `binder.bind(Payments.self).to(…)`, \
                or declare it `.optional(\\.payments)` if it may be absent.
                """)
    }

    @Test func keyPathIntoAnotherClassIsReported() throws {
        let error = #expect(throws: ResolutionError.self) {
            try Container().propertyInjector(for: Misdeclared.self)
        }
        #expect(
            error?.description == """
                error[misdeclared-dependency]: Misdeclared.dependencies has a key path into Elsewhere, which Misdeclared is not.
                  at: \(file):\(Misdeclared.databaseLine)
                  path: Misdeclared
                  fix: Write the key path against Misdeclared or one of its superclasses.
                """)
    }

    @Test func codesAreStable() {
        let codes: [Diagnostic.Code] = [
            .missingBinding, .duplicateBinding, .nonConformingImplementation, .unclosableCycle, .factoryFailed,
            .misdeclaredDependency, .unsupportedScope,
        ]
        #expect(
            codes.map(\.rawValue) == [
                "missing-binding", "duplicate-binding", "non-conforming-implementation", "unclosable-cycle",
                "factory-failed", "misdeclared-dependency", "unsupported-scope",
            ])
    }
}
