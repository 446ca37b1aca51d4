import Autowire
import Dispatch
import Testing

final class WeeklyReport: Injectable {
    static var scope: Scope { .transient }
}
/// Made by an `AssistedFactory` from a title.
final class ReportDraft: Injectable {
    var title: String!
    var report: WeeklyReport!
    static let dependencies: [Dependency<ReportDraft>] = [.assisted(\.title), .inject(\.report)]
}
/// Holds one of each handle, in the scope the test binds it in.
final class HandleHolder: Injectable {
    var makeReport: Provider<WeeklyReport>!
    var report: Lazy<WeeklyReport>!
    var makeDraft: AssistedFactory<String, ReportDraft>!
    static let dependencies: [Dependency<HandleHolder>] = [
        .inject(\.makeReport), .inject(\.report), .inject(\.makeDraft),
    ]
}
/// Something only the container holds: alive exactly as long as the container's state is.
private final class Sentinel: Injectable {
    static var scope: Scope { .singleton }
}

enum HandleKind: CaseIterable, CustomTestStringConvertible {
    case provider, lazy, assistedFactory

    var testDescription: String { "\(self)" }

    /// Uses the handle once.
    func use(_ holder: HandleHolder) throws(ResolutionError) {
        switch self {
        case .provider: _ = try holder.makeReport.get()
        case .lazy: _ = try holder.report.get()
        case .assistedFactory: _ = try holder.makeDraft.make("Q3")
        }
    }

    var releasedMessage: String {
        switch self {
        case .provider: "Provider<WeeklyReport>.get() was called after the container that made it was released."
        case .lazy: "Lazy<WeeklyReport>.get() was called after the container that made it was released."
        case .assistedFactory:
            "AssistedFactory<String, ReportDraft>.make(_:) was called after the container that made it was released."
        }
    }
}

private struct Released {
    weak var container: Container?
    weak var sentinel: Sentinel?
    weak var holder: HandleHolder?
}

@Suite struct HandleLifetimeTests {
    static let scopes: [Scope] = [.singleton, .graph, .transient, .weak]

    /// A singleton holding a handle of its own container formed singleton → handle → container →
    /// singleton, and nothing was ever released.
    @Test(arguments: Self.scopes)
    func aContainerWhoseObjectsHoldHandlesIsReleased(scope: Scope) throws {
        var released = Released()
        do {
            let container = try Container { binder in
                binder.bind(HandleHolder.self).scoped(scope).to(HandleHolder.self)
            }
            released.container = container
            released.sentinel = try container.resolve(Sentinel.self)
            let holder = try container.resolve(HandleHolder.self)
            for handle in HandleKind.allCases { try handle.use(holder) }
            released.holder = holder
        }
        #expect(released.container == nil)
        #expect(released.sentinel == nil)
        #expect(released.holder == nil)
    }

    @Test(arguments: Self.scopes)
    func aChildWhoseObjectsHoldHandlesIsReleasedAndItsParentToo(scope: Scope) throws {
        var released = Released()
        do {
            let parent = try Container { binder in binder.bind(HandleHolder.self).scoped(scope).to(HandleHolder.self) }
            let child = try parent.child { _ in }
            released.container = parent
            released.sentinel = try parent.resolve(Sentinel.self)
            let holder = try child.resolve(HandleHolder.self)
            for handle in HandleKind.allCases { try handle.use(holder) }
            released.holder = holder
        }
        #expect(released.container == nil)
        #expect(released.sentinel == nil)
        #expect(released.holder == nil)
    }

    /// A singleton's handles hold its container weakly: the caller kept the singleton, not the
    /// container.
    @Test(arguments: HandleKind.allCases)
    func aSingletonsHandleUsedAfterItsContainerIsGoneThrows(handle: HandleKind) throws {
        let holder = try Container { binder in
            binder.bind(HandleHolder.self).scoped(.singleton).to(HandleHolder.self)
        }.resolve(HandleHolder.self)
        let error = #expect(throws: ResolutionError.self) { try handle.use(holder) }
        #expect(error?.diagnostics.map(\.code) == [.containerReleased])
        #expect(error?.diagnostics.first?.message == handle.releasedMessage)
        #expect(
            error?.diagnostics.first?.fix
                == "Keep the Container (or a child of it) for as long as objects it keeps (singletons, custom-scope "
                + "and weak instances, and what they hold) use their Provider, Lazy, AssistedFactory or Resolver: "
                + "those hold their container weakly, so that a singleton never keeps its own container alive.")
    }

    @Test func aHandleWorksWhileItsContainerLives() throws {
        let container = Container()
        let holder = try container.resolve(HandleHolder.self)
        #expect(try holder.makeReport.get() !== holder.makeReport.get())
        #expect(try holder.report.get() === holder.report.get())
        #expect(try holder.makeDraft.make("Q3").title == "Q3")
    }

    @Test func aSingletonsResolvedLazyKeepsItsValueAfterTheContainerIsGone() throws {
        let bindings: (Binder) -> Void = { binder in
            binder.bind(HandleHolder.self).scoped(.singleton).to(HandleHolder.self)
        }
        let holder = try Container(bindings).resolve(HandleHolder.self)
        // Resolved while the container lived? No: the container above is already gone.
        #expect(throws: ResolutionError.self) { try holder.report.get() }
        let container = try Container(bindings)
        let kept = try container.resolve(HandleHolder.self)
        let report = try kept.report.get()
        _ = consume container
        #expect(try kept.report.get() === report)
    }
}

/// Providers that `validate`'s probes hand out, kept past the call.
private let keptProviders = Locked<[Provider<WeeklyReport>]>([])
/// Probes that escape from their `init()`.
private let escapedProbes = Locked<[EscapingProbe]>([])

private final class KeepsItsProvider: Injectable {
    var makeReport: Provider<WeeklyReport>! {
        didSet { keptProviders.withLock { $0.append(makeReport) } }
    }
    static let dependencies: [Dependency<KeepsItsProvider>] = [.inject(\.makeReport)]
}
private final class EscapingProbe: Injectable, @unchecked Sendable {
    var makeReport: Provider<WeeklyReport>!
    static let dependencies: [Dependency<EscapingProbe>] = [.inject(\.makeReport)]
    required init() { escapedProbes.withLock { $0.append(self) } }
}

extension HandleLifetimeTests {
    /// `validate` compiles into a scratch table it throws away: the handles its probes received
    /// pointed into it (ASan: heap-use-after-free in `Provider.get()`). They now keep the copy of
    /// the container that `validate` used alive, and resolve in it.
    @Test func handlesThatValidateHandedOutNeverDangle() throws {
        let container = Container()
        try container.validate(KeepsItsProvider.self, EscapingProbe.self)
        let providers = keptProviders.withLock { $0 } + escapedProbes.withLock { $0.compactMap(\.makeReport) }
        #expect(!providers.isEmpty)
        let outcomes = Locked<[ResolutionError?]>([])
        let finished = runOnThreads(providers.count, timeout: .seconds(30)) { index in
            let outcome: ResolutionError?
            do {
                _ = try providers[index].get()
                outcome = nil
            } catch {
                outcome = error as? ResolutionError
            }
            outcomes.withLock { $0.append(outcome) }
        }
        #expect(finished, "the threads calling get() did not finish within 30 s")
        // The probes are not kept by the copy of the container that validate used: their handles
        // keep it alive.
        #expect(outcomes.withLock { $0.map { $0?.diagnostics.first?.code } } == providers.map { _ in nil })
    }
}
