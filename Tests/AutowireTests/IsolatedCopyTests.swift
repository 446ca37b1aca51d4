import Testing

@testable import Autowire

// `Container.isolatedCopy(_:)`: the bindings of a container and its ancestors, with overrides in
// place, and none of their instances.

private protocol Mailer: AnyObject {}
private final class SMTPMailer: Mailer, Injectable {}
private final class RecordingMailer: Mailer, Injectable {}

/// An app-wide singleton that sends mail: a test's override must reach it.
private protocol Notifier: AnyObject {
    var mailer: Mailer! { get }
}
private final class EmailNotifier: Notifier, Injectable {
    var mailer: Mailer!
    static let dependencies: [Dependency<EmailNotifier>] = [.inject(\.mailer)]
}

private final class QuietNotifier: Notifier, Injectable {
    var mailer: Mailer! { nil }
}

private protocol Plugin {}
private struct AuditPlugin: Plugin {}
private struct MetricsPlugin: Plugin {}

private enum Counter {
    static let modulesRun = ManagedCounter()
}
private final class ManagedCounter: @unchecked Sendable {
    // Read and written by one test at a time (the suite is serialized).
    var value = 0
}
private enum MailModule: Module {
    static func configure(_ binder: Binder) {
        Counter.modulesRun.value += 1
        binder.bind(Mailer.self).scoped(.singleton).to(SMTPMailer.self)
    }
}

private final class WarmCache: Injectable {
    static var scope: Scope { .singleton }
    nonisolated(unsafe) static var made = 0
    required init() { Self.made += 1 }
}

@Suite(.serialized) struct IsolatedCopyTests {
    private func app() throws -> Container {
        try Container { binder in
            binder.include(MailModule.self)
            binder.bind(Notifier.self).scoped(.singleton).to(EmailNotifier.self)
            binder.bind(Plugin.self).intoCollection().to(value: AuditPlugin())
        }
    }

    @Test func aCopyMakesItsOwnSingletonsOfEveryBinding() throws {
        let app = try app()
        let copy = try app.isolatedCopy()
        #expect(try copy.resolve(Notifier.self) !== app.resolve(Notifier.self))
        #expect(try copy.resolve(Mailer.self) !== app.resolve(Mailer.self))
        #expect(try copy.resolve(Notifier.self) === copy.resolve(Notifier.self))
    }

    @Test func anOverrideReachesTheSingletonsTheBaseBinds() throws {
        let app = try app()
        // A child cannot do this: the parent's notifier is the parent's, built with the real mailer.
        #expect(throws: ConfigurationError.self) {
            try app.child { binder in binder.override(Mailer.self).to(RecordingMailer.self) }
        }
        let copy = try app.isolatedCopy { binder in binder.override(Mailer.self).to(RecordingMailer.self) }
        #expect(try copy.resolve(Notifier.self).mailer is RecordingMailer)
        #expect(try app.resolve(Notifier.self).mailer is SMTPMailer)
    }

    @Test func aCopyOfAChildHasTheChildsOverridesAndBindings() throws {
        let child = try app().child { binder in
            binder.override(Notifier.self).scoped(.singleton).to(QuietNotifier.self)
            binder.bind(Plugin.self).intoCollection().to(value: MetricsPlugin())
        }
        let copy = try child.isolatedCopy()
        #expect(try copy.resolve(Notifier.self) is QuietNotifier)
        #expect(try copy.resolve(Notifier.self) !== child.resolve(Notifier.self))
        #expect(try copy.resolve([Plugin].self).map { "\(type(of: $0))" } == ["AuditPlugin", "MetricsPlugin"])
    }

    @Test func anOverrideOfACollectionReplacesEveryContribution() throws {
        let copy = try app().isolatedCopy { binder in
            binder.override([Plugin].self).to(value: [MetricsPlugin()])
        }
        #expect(try copy.resolve([Plugin].self).map { "\(type(of: $0))" } == ["MetricsPlugin"])
    }

    @Test func aCopyDoesNotRunTheBasesModulesAgain() throws {
        let app = try app()
        let before = Counter.modulesRun.value
        _ = try app.isolatedCopy { binder in binder.include(MailModule.self) }
        #expect(Counter.modulesRun.value == before)
    }

    @Test func aCopyMakesItsOwnEagerSingletons() throws {
        let app = try Container { binder in binder.bind(WarmCache.self).scoped(.singleton).eager().to(WarmCache.self) }
        let before = WarmCache.made
        _ = try app.isolatedCopy()
        #expect(WarmCache.made == before + 1)
    }

    @Test func anOverrideOfNothingAndAPlainRebindAreErrorsAsInAChild() throws {
        let overrideLine = #line + 2
        let configure = { (binder: Binder) in
            binder.override(String.self).to(value: "nothing bound this")
            binder.bind(Notifier.self).to(EmailNotifier.self)
        }
        let app = try app()
        let error = try #require(throws: ConfigurationError.self) { try app.isolatedCopy(configure) }
        #expect(error.diagnostics.map(\.code) == [.overrideOfNothing, .accidentalShadowing])
        #expect(error.diagnostics.map { $0.location?.line } == [overrideLine, overrideLine + 1])
    }
}
