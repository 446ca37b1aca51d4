import Autowire
import Testing

// A child resolves in its own view: a parent's binding whose instance the parent does not keep is
// evaluated with the child's bindings and overrides, and `.graph` objects are one per key per
// resolve, never one from each container.

private protocol Mailer: AnyObject {}
private final class SMTPMailer: Mailer, Injectable {}
private final class RecordingMailer: Mailer, Injectable {}

private protocol Notifier: AnyObject {
    var mailer: Mailer! { get }
}
private final class EmailNotifier: Notifier, Injectable {
    var mailer: Mailer!
    static let dependencies: [Dependency<EmailNotifier>] = [.inject(\.mailer)]
}
private final class SMSNotifier: Notifier, Injectable {
    var mailer: Mailer!
    static let dependencies: [Dependency<SMSNotifier>] = [.inject(\.mailer)]
}

/// Reaches `EmailNotifier` twice: through the `Notifier` binding and directly.
private final class SignupScreen: Injectable {
    var notifier: Notifier!
    var email: EmailNotifier!
    static let dependencies: [Dependency<SignupScreen>] = [.inject(\.notifier), .inject(\.email)]
}

private final class Clock: Injectable {
    static var scope: Scope { .singleton }
}
private final class ClockedNotifier: Notifier, Injectable {
    var mailer: Mailer!
    var clock: Clock!
    static let dependencies: [Dependency<ClockedNotifier>] = [.inject(\.mailer), .inject(\.clock)]
}
private final class ClockedScreen: Injectable {
    var notifier: Notifier!
    var clock: Clock!
    static let dependencies: [Dependency<ClockedScreen>] = [.inject(\.notifier), .inject(\.clock)]
}

private protocol Analytics: AnyObject {}
private final class ConsoleAnalytics: Analytics, Injectable {}
private final class Dashboard: Injectable {
    var analytics: Analytics?
    static let dependencies: [Dependency<Dashboard>] = [.optional(\.analytics)]
}

private final class Meter: Injectable {}
private final class Gauge: Injectable {
    var meter: Meter!
    static let dependencies: [Dependency<Gauge>] = [.inject(\.meter)]
}

private protocol Plugin: AnyObject {}
private final class AuditPlugin: Plugin, Injectable {
    var mailer: Mailer!
    static let dependencies: [Dependency<AuditPlugin>] = [.inject(\.mailer)]
}
private final class LogPlugin: Plugin, Injectable {}

@Suite struct ChildViewTests {
    private func appContainer(_ bind: (Binder) -> Void) throws -> Container {
        try Container { binder in
            binder.bind(Mailer.self).to(SMTPMailer.self)
            bind(binder)
        }
    }

    private func testChild(of parent: Container) throws -> Container {
        try parent.child { binder in binder.override(Mailer.self).to(RecordingMailer.self) }  // @test-child-override
    }

    @Test func aTestChildsOverrideReachesObjectsMadeByAParentsImplementationBinding() throws {
        let parent = try appContainer { $0.bind(Notifier.self).to(EmailNotifier.self) }
        let child = try testChild(of: parent)
        #expect(try child.resolve(Notifier.self).mailer is RecordingMailer)
        #expect(try parent.resolve(Notifier.self).mailer is SMTPMailer)
    }

    @Test func aTestChildsOverrideReachesObjectsMadeByAParentsTypedFactory() throws {
        let parent = try appContainer { binder in
            binder.bind(Notifier.self).to(factory: { (mailer: Mailer) -> Notifier in
                let notifier = EmailNotifier()
                notifier.mailer = mailer
                return notifier
            })
        }
        let child = try testChild(of: parent)
        #expect(try child.resolve(Notifier.self).mailer is RecordingMailer)
        #expect(try parent.resolve(Notifier.self).mailer is SMTPMailer)
    }

    @Test func aTestChildsOverrideReachesWhatAParentsClosureFactoryResolves() throws {
        let parent = try appContainer { binder in
            binder.bind(Notifier.self).to { resolver in
                let notifier = EmailNotifier()
                notifier.mailer = try resolver.resolve(Mailer.self)
                return notifier
            }
        }
        let child = try testChild(of: parent)
        #expect(try child.resolve(Notifier.self).mailer is RecordingMailer)
        #expect(try child.resolve(SignupScreen.self).notifier.mailer is RecordingMailer)
        #expect(try parent.resolve(Notifier.self).mailer is SMTPMailer)
    }

    @Test func aTestChildsOverrideReachesAParentsCollectionContributions() throws {
        let parent = try appContainer { binder in
            binder.bind(Notifier.self).intoCollection().to(EmailNotifier.self)
            binder.bind(Notifier.self).intoCollection().to(SMSNotifier.self)
        }
        let child = try testChild(of: parent)
        let notifiers = try child.resolve([Notifier].self)
        #expect(notifiers.count == 2)
        #expect(notifiers.allSatisfy { $0.mailer is RecordingMailer })
        #expect(try parent.resolve([Notifier].self).allSatisfy { $0.mailer is SMTPMailer })
    }

    @Test func aChildsOwnContributionAndItsParentsAllSeeItsOverride() throws {
        let parent = try appContainer { $0.bind(Notifier.self).intoCollection().to(EmailNotifier.self) }
        let child = try parent.child { binder in
            binder.override(Mailer.self).to(RecordingMailer.self)
            binder.bind(Notifier.self).intoCollection().to(SMSNotifier.self)
        }
        let notifiers = try child.resolve([Notifier].self)
        #expect(notifiers.map { "\(type(of: $0))" } == ["EmailNotifier", "SMSNotifier"])
        #expect(notifiers.allSatisfy { $0.mailer is RecordingMailer })
    }

    @Test func oneResolveInAChildHoldsOneGraphObjectPerKey() throws {
        let parent = try appContainer { $0.bind(Notifier.self).to(EmailNotifier.self) }
        let child = try testChild(of: parent)
        let screen = try child.resolve(SignupScreen.self)
        #expect(screen.notifier === screen.email)
        #expect(screen.email.mailer is RecordingMailer)
    }

    @Test func aGrandchildsOverrideReachesItsGrandparentsBindings() throws {
        let root = try appContainer { $0.bind(Notifier.self).to(EmailNotifier.self) }
        let middle = try root.child { _ in }
        let leaf = try testChild(of: middle)
        #expect(try leaf.resolve(Notifier.self).mailer is RecordingMailer)
        #expect(try middle.resolve(Notifier.self).mailer is SMTPMailer)
    }

    @Test func aParentsSingletonBindingKeepsItsOwnInstance() throws {
        let parent = try appContainer { $0.bind(Notifier.self).scoped(.singleton).to(EmailNotifier.self) }
        let child = try parent.child { $0.bind(Clock.self).to(Clock.self) }
        let isolated = try parent.child(sharingAutowiredSingletons: false) { _ in }
        // Kept instances belong to the container that binds them, isolated children included.
        #expect(try child.resolve(Notifier.self) === parent.resolve(Notifier.self))
        #expect(try isolated.resolve(Notifier.self) === parent.resolve(Notifier.self))
    }

    @Test func anOverrideAParentsSingletonDependsOnFailsTheChildsBuildNamingBoth() throws {
        let parent = try Container { binder in
            binder.bind(Mailer.self).to(SMTPMailer.self)
            binder.bind(Notifier.self).scoped(.singleton).to(EmailNotifier.self)  // @kept-notifier
        }
        let error = captureConfigurationError {
            try parent.child { binder in
                binder.override(Mailer.self).to(RecordingMailer.self)  // @mailer-override
            }
        }
        #expect(
            error?.description == """
                Container configuration has 1 problem:

                error[override-not-reaching]: The override of Mailer does not reach Notifier, which a parent \
                container keeps in the `.singleton` scope: Notifier belongs to the parent and uses the parent's Mailer.
                  at: \(marked("mailer-override"))
                  also: \(marked("kept-notifier"))
                  path: EmailNotifier.mailer → Mailer
                  fix: Override Notifier in this child too, so that the child makes its own with this Mailer \
                (`binder.override(Notifier.self)…`), or build the test's container from the bindings rather than as \
                a child.
                """)
    }

    @Test func overridingTheKeptBindingTooGivesTheChildItsOwnInstance() throws {
        let parent = try Container { binder in
            binder.bind(Mailer.self).to(SMTPMailer.self)
            binder.bind(Notifier.self).scoped(.singleton).to(EmailNotifier.self)
        }
        let child = try parent.child { binder in
            binder.override(Mailer.self).to(RecordingMailer.self)
            binder.override(Notifier.self).scoped(.singleton).to(EmailNotifier.self)
        }
        #expect(try child.resolve(Notifier.self).mailer is RecordingMailer)
        #expect(try child.resolve(Notifier.self) === child.resolve(Notifier.self))
        #expect(try parent.resolve(Notifier.self).mailer is SMTPMailer)
    }

    @Test func anIsolatedChildOwnsTheAutowiredSingletonsReachedThroughAParentsBinding() throws {
        let parent = try appContainer { $0.bind(Notifier.self).to(ClockedNotifier.self) }
        let parentClock = try parent.resolve(Clock.self)
        let child = try parent.child(sharingAutowiredSingletons: false) { _ in }
        let screen = try child.resolve(ClockedScreen.self)
        let notifier = try #require(screen.notifier as? ClockedNotifier)
        #expect(notifier.clock === screen.clock)
        #expect(screen.clock !== parentClock)
        #expect(try child.resolve(Clock.self) === screen.clock)
    }

    @Test func anOptionalKeyBoundOnlyInAChildIsProvidedInTheChild() throws {
        let parent = Container()
        #expect(try parent.resolve(Dashboard.self).analytics == nil)
        #expect(try parent.resolve(Analytics?.self) == nil)
        let child = try parent.child { $0.bind(Analytics.self).to(ConsoleAnalytics.self) }
        #expect(try child.resolve(Analytics?.self) is ConsoleAnalytics)
        #expect(try child.resolve(Dashboard.self).analytics is ConsoleAnalytics)
        #expect(try child.resolve(Lazy<Analytics?>.self).get() is ConsoleAnalytics)
        #expect(try child.resolve(Provider<Analytics?>.self).get() is ConsoleAnalytics)
        // The parent's plans keep their answer.
        #expect(try parent.resolve(Dashboard.self).analytics == nil)
    }

    @Test func anOptionalFactoryParameterBoundOnlyInAChildIsProvidedInTheChild() throws {
        let parent = try Container { binder in
            binder.bind(String.self).to(factory: { (analytics: Analytics?) in analytics == nil ? "none" : "some" })
        }
        #expect(try parent.resolve(String.self) == "none")
        let child = try parent.child { $0.bind(Analytics.self).to(ConsoleAnalytics.self) }
        #expect(try child.resolve(String.self) == "some")
    }

    /// Before, the child built, and its `Dashboard` (the parent's) had no analytics while the
    /// child provided some.
    @Test func aChildsBindingOfAKeyAParentsSingletonFoundAbsentFailsTheChildsBuild() throws {
        let parent = try Container { binder in
            binder.bind(Dashboard.self).scoped(.singleton).to(Dashboard.self)  // @kept-dashboard
        }
        let error = captureConfigurationError {
            try parent.child { binder in
                binder.bind(Analytics.self).to(ConsoleAnalytics.self)  // @child-analytics
            }
        }
        #expect(
            error?.description == """
                Container configuration has 1 problem:

                error[override-not-reaching]: The binding of Analytics does not reach Dashboard, which a parent \
                container keeps in the `.singleton` scope: Dashboard belongs to the parent and was made without \
                Analytics, which the parent does not provide.
                  at: \(marked("child-analytics"))
                  also: \(marked("kept-dashboard"))
                  path: Analytics
                  fix: Override Dashboard in this child too, so that the child makes its own with this Analytics \
                (`binder.override(Dashboard.self)…`), or build the test's container from the bindings rather than as \
                a child.
                """)
    }

    /// Before, the child built, and its `Gauge` (the parent's) held another `Meter` than the child's.
    @Test func aChildsBindingOfAnAutowiredKeyAParentsSingletonReachesFailsTheChildsBuild() throws {
        let parent = try Container { binder in
            binder.bind(Gauge.self).scoped(.singleton).to(Gauge.self)  // @kept-gauge
        }
        let error = captureConfigurationError {
            try parent.child { binder in
                binder.bind(Meter.self).scoped(.singleton).to(Meter.self)  // @child-meter
            }
        }
        #expect(error?.diagnostics.map(\.code) == [.overrideNotReaching])
        #expect(
            error?.diagnostics.first?.message == "The binding of Meter does not reach Gauge, which a parent container "
                + "keeps in the `.singleton` scope: Gauge belongs to the parent and uses the parent's Meter.")
        #expect(error?.diagnostics.first?.renderedPath == "Gauge.meter → Meter")
        #expect(error?.diagnostics.first?.location?.description == marked("child-meter"))
        // Overriding the kept binding too gives the child its own, with its own meter.
        let child = try parent.child { binder in
            binder.bind(Meter.self).scoped(.singleton).to(Meter.self)
            binder.override(Gauge.self).scoped(.singleton).to(Gauge.self)
        }
        #expect(try child.resolve(Gauge.self).meter === child.resolve(Meter.self))
        #expect(try child.resolve(Gauge.self) !== parent.resolve(Gauge.self))
    }

    /// Before, a child that added to the collection compiled the parent's contributions in its own
    /// view, and made its own instance of the parent's singleton contribution.
    @Test func aParentsSingletonContributionStaysTheParentsInAChildThatAddsToTheCollection() throws {
        let parent = try appContainer { $0.bind(Plugin.self).intoCollection().scoped(.singleton).to(AuditPlugin.self) }
        let kept = try parent.resolve([Plugin].self)
        let child = try parent.child { $0.bind(Plugin.self).intoCollection().to(LogPlugin.self) }
        let plugins = try child.resolve([Plugin].self)
        #expect(plugins.map { "\(type(of: $0))" } == ["AuditPlugin", "LogPlugin"])
        #expect(plugins[0] === kept[0])
        #expect(try child.resolve([Plugin].self)[0] === kept[0])
    }

    @Test func anOverrideAParentsSingletonContributionReachesFailsTheChildsBuild() throws {
        let parent = try appContainer { binder in
            binder.bind(Plugin.self).intoCollection().scoped(.singleton).to(AuditPlugin.self)  // @kept-plugin
        }
        let error = captureConfigurationError { try testChild(of: parent) }
        #expect(
            error?.description == """
                Container configuration has 1 problem:

                error[override-not-reaching]: The override of Mailer does not reach [Plugin][0], which a parent \
                container keeps in the `.singleton` scope: [Plugin][0] belongs to the parent and uses the parent's Mailer.
                  at: \(marked("test-child-override"))
                  also: \(marked("kept-plugin"))
                  path: AuditPlugin.mailer → Mailer
                  fix: Contribute [Plugin][0] without a scope of its own, so that each container makes it in its own \
                view, or build the test's container from the bindings rather than as a child.
                """)
    }
}
