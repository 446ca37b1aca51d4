import Synchronization
import Testing

@testable import Autowire

private enum StartupFailure: Error { case diskFull, noNetwork }

private final class Database {
    static let opened = Atomic<Int>(0)
    init() { Self.opened.add(1, ordering: .relaxed) }
}

private final class MetricsReporter: Injectable {
    static let started = Atomic<Int>(0)
    static var scope: Scope { .singleton }
    init() { Self.started.add(1, ordering: .relaxed) }
}

private final class ReportScreen: Injectable {}

private protocol Cache: AnyObject {}
private final class MemoryCache: Cache, Injectable {
    static let made = Atomic<Int>(0)
    static var scope: Scope { .singleton }
    init() { Self.made.add(1, ordering: .relaxed) }
}

private final class SessionLog {}

@Suite(.serialized)
struct EagerSingletonTests {
    @Test func aBoundSingletonMarkedEagerIsCreatedWhenTheContainerIsBuilt() throws {
        let before = Database.opened.load(ordering: .relaxed)
        let container = try Container { binder in
            binder.bind(Database.self).scoped(.singleton).eager().to { _ in Database() }
        }
        #expect(Database.opened.load(ordering: .relaxed) == before + 1)
        let first = try container.resolve(Database.self)
        #expect(try container.resolve(Database.self) === first)
        #expect(Database.opened.load(ordering: .relaxed) == before + 1)
    }

    @Test func anAutowiredSingletonNamedByTheBinderIsCreatedWithoutABinding() throws {
        let before = MetricsReporter.started.load(ordering: .relaxed)
        let container = try Container { binder in binder.eager(MetricsReporter.self) }
        #expect(MetricsReporter.started.load(ordering: .relaxed) == before + 1)
        _ = try container.resolve(MetricsReporter.self)
        #expect(MetricsReporter.started.load(ordering: .relaxed) == before + 1)
    }

    @Test func anAliasToASingletonImplementationCanBeEager() throws {
        let before = MemoryCache.made.load(ordering: .relaxed)
        _ = try Container { binder in binder.bind(Cache.self).eager().to(MemoryCache.self) }
        #expect(MemoryCache.made.load(ordering: .relaxed) == before + 1)
    }

    @Test func everyFailingEagerSingletonIsReportedInOneError() {
        let error = captureConfigurationError {
            try Container { binder in
                binder.bind(Database.self).scoped(.singleton).eager().to { _ in  // @db
                    throw StartupFailure.diskFull
                }
                binder.bind(SessionLog.self).scoped(.singleton).eager().to { _ in  // @log
                    throw StartupFailure.noNetwork
                }
            }
        }
        #expect(
            error?.description == """
                Container configuration has 2 problems:

                error[eager-creation-failed]: Creating the eager singleton Database while building the container failed: The factory for Database threw: diskFull.
                  at: \(marked("db"))
                  path: Database
                  fix: Fix the cause reported by the factory, or catch it inside the factory.

                error[eager-creation-failed]: Creating the eager singleton SessionLog while building the container failed: The factory for SessionLog threw: noNetwork.
                  at: \(marked("log"))
                  path: SessionLog
                  fix: Fix the cause reported by the factory, or catch it inside the factory.
                """)
    }

    @Test func aTypeMarkedEagerThatIsNotASingletonFailsTheBuild() {
        let error = captureConfigurationError {
            try Container { binder in
                binder.eager(ReportScreen.self)  // @screen
            }
        }
        #expect(
            error?.description == """
                Container configuration has 1 problem:

                error[eager-not-singleton]: ReportScreen is marked eager but is scoped `.graph`: only a singleton can be created when the container is built.
                  at: \(marked("screen"))
                  path: ReportScreen
                  fix: Scope it `.singleton` (`.scoped(.singleton)` on the binding, or `static var scope: Scope { .singleton }` in the class), or do not mark it eager.
                """)
    }

    @Test func aTypeMarkedEagerThatCannotBeProvidedIsReportedWhereItWasMarked() {
        let error = captureConfigurationError {
            try Container { binder in
                binder.eager(Cache.self)  // @cache
            }
        }
        #expect(error?.diagnostics.map(\.code) == [.missingBinding])
        #expect(error?.diagnostics.first?.location?.description == marked("cache"))
    }

    @Test func eagerSingletonsAreNotCreatedWhenABindingIsBroken() {
        let before = Database.opened.load(ordering: .relaxed)
        let error = captureConfigurationError {
            try Container { binder in
                binder.bind(Database.self).scoped(.singleton).eager().to { _ in Database() }
                binder.bind(SessionLog.self).to { _ in SessionLog() }
                binder.bind(SessionLog.self).to { _ in SessionLog() }
            }
        }
        #expect(error?.diagnostics.map(\.code) == [.duplicateBinding])
        #expect(Database.opened.load(ordering: .relaxed) == before)
    }

    @Test func aChildCreatesItsOwnEagerSingletonsWhenItIsBuilt() throws {
        let parent = try Container { _ in }
        let before = Database.opened.load(ordering: .relaxed)
        let child = try parent.child { binder in
            binder.bind(Database.self).scoped(.singleton).eager().to { _ in Database() }
        }
        #expect(Database.opened.load(ordering: .relaxed) == before + 1)
        #expect(try child.resolve(Database.self) === child.resolve(Database.self))
        #expect(captureResolutionError { try parent.resolve(Database.self) }?.code == .missingBinding)
    }
}
