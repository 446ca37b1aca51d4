import Testing

@testable import Autowire

private final class SystemClock: Injectable {}
private final class AuditLog: Injectable {}
private final class Sensor: Injectable {}
private final class Printer: Injectable {}
private final class Logo: Injectable {}
private final class Formatter: Injectable {}

private final class NewsFeed: Injectable {
    var isLive = false
}

private final class OrderService: Injectable {
    var clock: SystemClock?  // Forgotten: the container can make a SystemClock.
    var audit: AuditLog?  // Declared optional.
    var note: String?  // Nothing can provide a String here.
    static let dependencies: [Dependency<OrderService>] = [.optional(\.audit)]
}

private final class Thermostat: Injectable {
    // An observer makes the key path print as `<computed …>`: the audit finds the name itself.
    var sensor: Sensor? { didSet { readings += 1 } }
    var readings = 0
    static let dependencies: [Dependency<Thermostat>] = [.inject(\.sensor)]
}

private final class Dashboard: Injectable {
    // Drops the feed it is given unless it is live: still nil after injection.
    var feed: NewsFeed? { didSet { if feed?.isLive != true { feed = nil } } }
    static let dependencies: [Dependency<Dashboard>] = [.inject(\.feed)]  // @dashboard
}

// The same dropping setter next to an optional of the same type, both observed (their key paths
// print as `<computed …>`): matching by type alone cannot tell which one each key path writes.
private final class BackedDashboard: Injectable {
    var feed: NewsFeed? { didSet { if feed?.isLive != true { feed = nil } } }
    var backup: NewsFeed? { didSet { switches += 1 } }
    var switches = 0
    static let dependencies: [Dependency<BackedDashboard>] = [.inject(\.feed), .optional(\.backup)]  // @backed
}

// The same in a non-final class, whose key paths all print as `<computed …>`.
private class OpenDashboard: Injectable {
    var feed: NewsFeed? { didSet { if feed?.isLive != true { feed = nil } } }
    var backup: NewsFeed?
    required init() {}
    static var dependencies: [Dependency<OpenDashboard>] { [.inject(\.feed), .optional(\.backup)] }  // @open-dashboard
}

private class ReportBase {
    var printer: Printer?
    var logo: Logo?
    init() {}
}

private final class SalesReport: ReportBase, Injectable {
    static let dependencies: [Dependency<SalesReport>] = [.inject(\.printer)]
}

@propertyWrapper
private struct Audited<Value> {
    var wrappedValue: Value
}

private final class Invoice: Injectable {
    lazy var formatter: Formatter? = Formatter()  // Lazy storage is nil until read: skipped.
    @Audited var printer: Printer? = nil  // Wrapper storage is not an optional: skipped.
}

private final class Owner: Injectable {}

private final class Dangling: Injectable {
    // Reading any of these would trap or crash: their object is gone.
    unowned var owner: Owner
    unowned var maybeOwner: Owner?
    unowned(unsafe) var rawOwner: Owner
    var helper: Owner?  // Forgotten, and safe to look at.

    init() {
        let temporary = Owner()
        owner = temporary
        maybeOwner = temporary
        rawOwner = temporary
    }
}

private final class CacheProbe: Injectable {
    var helper: Owner?
}

private final class Screen: PropertyInjectable {
    var clock: SystemClock!
    static let dependencies: [Dependency<Screen>] = [.inject(\.clock)]
}

private class ExportingReport: Injectable {
    var makeExporter: Provider<Exporter>?  // Forgotten, in the superclass: a strong value.
    required init() {}
}

private final class DetailedReport: ExportingReport {
    var caption: String?
}

/// Filled only by `resolvingAndInjectingBuildAMirrorOnlyForTheFirstFillOfEachType`.
private final class Badge: Injectable {
    var clock: SystemClock!
    var caption: String?
    static let dependencies: [Dependency<Badge>] = [.inject(\.clock)]
}

private final class Exporter: Injectable {}

private final class ReportScreen: Injectable {
    var makeExporter: Provider<Exporter>?  // Forgotten: the container can make Exporters.
}

@Suite struct MirrorAuditTests {
    /// Filled probes are checked by their plan: a forgotten dependency is an error then (see
    /// FirstFillCheckTests); an unfilled probe can only be suspected of one.
    @Test func withoutProbeInjectionAnUndeclaredProvidableOptionalIsSuspected() throws {
        let report = try Container().validate(OrderService.self, injectingProbes: false)
        #expect(
            report.description == """
                Validation of OrderService (2 types, 0 bindings) found 1 warning:

                warning[likely-forgotten-dependency]: OrderService.clock looks like a forgotten dependency: it is nil after init(), is not in OrderService.dependencies, and the container can provide SystemClock.
                  path: OrderService.clock
                  fix: Add `.inject(\\.clock)` to OrderService.dependencies, or `.optional(\\.clock)` if it may stay nil.
                """)
    }

    @Test func forgottenDependencyPathStartsAtTheRoot() throws {
        final class Shop: Injectable {
            var orders: OrderService!
            static let dependencies: [Dependency<Shop>] = [.inject(\.orders)]
        }
        let report = try Container().validate(Shop.self, injectingProbes: false)
        #expect(report.warnings.map(\.renderedPath) == ["Shop.orders → OrderService.clock"])
    }

    @Test(arguments: [true, false])
    func propertyWithObserverIsRecognisedAsDeclared(injectingProbes: Bool) throws {
        let report = try Container().validate(Thermostat.self, injectingProbes: injectingProbes)
        #expect(report.diagnostics.isEmpty)
    }

    @Test func requiredPropertyStillNilAfterInjectionIsAnError() {
        do {
            try Container().validate(Dashboard.self)
            Issue.record("validation passed")
        } catch {
            #expect(
                error.description == """
                    Validation of Dashboard (2 types, 0 bindings) found 1 error:

                    error[unset-after-injection]: Dashboard.feed is still nil after injection: its setter did not keep the NewsFeed it was given.
                      at: \(marked("dashboard"))
                      path: Dashboard.feed
                      fix: Store the value the setter receives (check its `didSet` or property wrapper), or declare it `.optional(\\.feed)` if it may stay nil.
                    """)
        }
    }

    @Test func aDroppingSetterNextToAnOptionalOfTheSameTypeIsReported() {
        do {
            try Container().validate(BackedDashboard.self)
            Issue.record("validation passed")
        } catch {
            #expect(
                error.description == """
                    Validation of BackedDashboard (2 types, 0 bindings) found 1 error:

                    error[unset-after-injection]: BackedDashboard.feed is still nil after injection: its setter did not keep the NewsFeed it was given.
                      at: \(marked("backed"))
                      path: BackedDashboard.feed
                      fix: Store the value the setter receives (check its `didSet` or property wrapper), or declare it `.optional(\\.feed)` if it may stay nil.
                    """)
        }
    }

    @Test func aDroppingSetterNextToAnOptionalOfTheSameTypeIsReportedInANonFinalClass() {
        do {
            try Container().validate(OpenDashboard.self)
            Issue.record("validation passed")
        } catch {
            #expect(
                error.description == """
                    Validation of OpenDashboard (2 types, 0 bindings) found 1 error:

                    error[unset-after-injection]: OpenDashboard.feed is still nil after injection: its setter did not keep the NewsFeed it was given.
                      at: \(marked("open-dashboard"))
                      path: OpenDashboard.feed
                      fix: Store the value the setter receives (check its `didSet` or property wrapper), or declare it `.optional(\\.feed)` if it may stay nil.
                    """)
        }
    }

    @Test func withoutProbeInjectionUnsetPropertiesAreNotChecked() throws {
        let report = try Container().validate(Dashboard.self, injectingProbes: false)
        #expect(report.diagnostics.isEmpty)
    }

    @Test func superclassPropertiesAreAudited() throws {
        let report = try Container().validate(SalesReport.self, injectingProbes: false)
        #expect(
            report.description == """
                Validation of SalesReport (2 types, 0 bindings) found 1 warning:

                warning[likely-forgotten-dependency]: SalesReport.logo looks like a forgotten dependency: it is nil after init(), is not in SalesReport.dependencies, and the container can provide Logo.
                  path: SalesReport.logo
                  fix: Add `.inject(\\.logo)` to SalesReport.dependencies, or `.optional(\\.logo)` if it may stay nil.
                """)
    }

    @Test func lazyAndWrapperStorageAreSkipped() throws {
        let report = try Container().validate(Invoice.self)
        #expect(report.diagnostics.isEmpty)
    }

    @Test func unownedPropertiesAreNeverRead() throws {
        let report = try Container().validate(Dangling.self, injectingProbes: false)
        #expect(
            report.warnings.map(\.message) == [
                "Dangling.helper looks like a forgotten dependency: it is nil after init(), is not in Dangling.dependencies, and the container can provide Owner."
            ])
    }

    @Test func aLayoutIsReadFromFieldRecordsWithoutAMirror() throws {
        let counter = MirrorCounter()
        try MirrorAudit.$counter.withValue(counter) {
            try Container().validate(CacheProbe.self, injectingProbes: false)
        }
        #expect(counter.count == 0)
    }

    @Test func resolvingAndInjectingBuildAMirrorOnlyForTheFirstFillOfEachType() throws {
        let counter = MirrorCounter()
        let container = try Container { binder in
            binder.bind(AuditLog.self).scoped(.singleton).to(AuditLog.self)
        }
        func fillAll() throws {
            _ = try container.resolve(Thermostat.self)
            _ = try container.resolve(Badge.self)
            try container.inject(into: Screen())
            try container.propertyInjector(for: Screen.self).inject(into: Screen())
        }
        // The first fill of a type checks it once for every container; only a strong value
        // (Badge.caption, a `String?`) is read through a `Mirror`: references are tested by their
        // word, and layouts come from field records.
        try MirrorAudit.$counter.withValue(counter) { try fillAll() }
        #expect(counter.count == 1)
        try MirrorAudit.$counter.withValue(counter) {
            for _ in 0..<3 { try fillAll() }
        }
        #expect(counter.count == 1, "later fills built a Mirror")
    }

    @Test func aForgottenStrongValueOfASuperclassIsReadAtItsLevel() throws {
        let report = try Container().validate(DetailedReport.self, injectingProbes: false)
        #expect(
            report.warnings.map(\.message) == [
                "DetailedReport.makeExporter looks like a forgotten dependency: it is nil after init(), is not in DetailedReport.dependencies, and the container can provide Provider<Exporter>."
            ])
    }

    @Test func forgottenProviderOfSomethingProvidableIsReported() throws {
        let report = try Container().validate(ReportScreen.self, injectingProbes: false)
        #expect(
            report.warnings.map(\.message) == [
                "ReportScreen.makeExporter looks like a forgotten dependency: it is nil after init(), is not in ReportScreen.dependencies, and the container can provide Provider<Exporter>."
            ])
    }
}
