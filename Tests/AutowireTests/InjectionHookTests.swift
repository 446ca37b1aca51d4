import Synchronization
import Testing

@testable import Autowire

// `didInjectDependencies()`: called once per object, after all its properties are filled, and
// for objects in a property cycle after the whole cycle is filled.

/// What the hooks of one test saw, in the order they ran.
private final class HookLog: @unchecked Sendable {
    private let entries = Mutex<[String]>([])
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}

private let ticketLog = HookLog()

private final class TicketStore: Injectable {
    var calls = 0
    func didInjectDependencies() throws {
        calls += 1
        ticketLog.append("TicketStore")
    }
}
private final class TicketClock: Injectable {}
private final class TicketDesk: Injectable {
    var store: TicketStore!
    var clock: TicketClock!
    var calls = 0
    var sawFilledProperties = false
    static let dependencies: [Dependency<TicketDesk>] = [.inject(\.store), .inject(\.clock)]
    func didInjectDependencies() throws {
        calls += 1
        sawFilledProperties = store != nil && clock != nil && store.calls == 1
        ticketLog.append("TicketDesk")
    }
}

private let cycleLog = HookLog()

private final class Author: Injectable {
    var editor: Editor!
    static let dependencies: [Dependency<Author>] = [.inject(\.editor)]
    func didInjectDependencies() throws {
        cycleLog.append("Author sees editor.author filled: \(editor.author != nil)")
    }
}
private final class Editor: Injectable {
    var author: Author!
    var desk: PrintDesk!
    static let dependencies: [Dependency<Editor>] = [.inject(\.author), .inject(\.desk)]
    func didInjectDependencies() throws {
        cycleLog.append("Editor sees author.editor filled: \(author.editor != nil)")
    }
}
private final class PrintDesk: Injectable {
    func didInjectDependencies() throws { cycleLog.append("PrintDesk") }
}

private let singletonCycleLog = HookLog()

private final class Registry1: Injectable {
    static var scope: Scope { .singleton }
    var peer: Registry2!
    static let dependencies: [Dependency<Registry1>] = [.inject(\.peer)]
    func didInjectDependencies() throws {
        singletonCycleLog.append("Registry1 sees peer.peer filled: \(peer.peer != nil)")
    }
}
private final class Registry2: Injectable {
    static var scope: Scope { .singleton }
    var peer: Registry1!
    static let dependencies: [Dependency<Registry2>] = [.inject(\.peer)]
    func didInjectDependencies() throws {
        singletonCycleLog.append("Registry2 sees peer.peer filled: \(peer.peer != nil)")
    }
}

private struct FeedOffline: Error, CustomStringConvertible {
    var description: String { "the feed is offline" }
}

private let feedIsOnline = Atomic<Bool>(false)
private let feedsMade = Atomic<Int>(0)

private final class PriceFeed: Injectable {
    static var scope: Scope { .singleton }
    init() { feedsMade.add(1, ordering: .relaxed) }
    func didInjectDependencies() throws {
        guard feedIsOnline.load(ordering: .relaxed) else { throw FeedOffline() }
    }
}
private final class PriceBoard: Injectable {
    var feed: PriceFeed!
    static let dependencies: [Dependency<PriceBoard>] = [.inject(\.feed)]
}

private final class FailingWidget: Injectable {
    func didInjectDependencies() throws { throw FeedOffline() }
}
private final class Dashboard: Injectable {
    var widget: FailingWidget!
    static let dependencies: [Dependency<Dashboard>] = [.inject(\.widget)]
}

private final class NoHookPart: Injectable {}
private final class NoHookMachine: Injectable {
    var part: NoHookPart!
    static let dependencies: [Dependency<NoHookMachine>] = [.inject(\.part)]
}

private let screenLog = HookLog()

/// Counts its own hook calls, so that its test shares no log with another.
private final class HookedGauge: Injectable {
    var calls = 0
    func didInjectDependencies() throws { calls += 1 }
}

private final class ReportScreen: PropertyInjectable {
    var store: TicketStore!
    static let dependencies: [Dependency<ReportScreen>] = [.inject(\.store)]
    func didInjectDependencies() throws {
        screenLog.append("ReportScreen sees store: \(store != nil)")
    }
}

@Suite(.serialized) struct InjectionHookTests {
    @Test func theHookRunsOnceAfterEveryPropertyIsFilledOnEveryResolve() throws {
        let container = Container()
        for _ in 0..<4 {
            let desk = try container.resolve(TicketDesk.self)
            #expect(desk.calls == 1)
            #expect(desk.store.calls == 1)
            #expect(desk.sawFilledProperties)
        }
        // The later resolves ran as a program, which calls the hooks too.
        #expect(try container.hasProgram(of: TicketDesk.self))
        #expect(ticketLog.all == Array(repeating: ["TicketStore", "TicketDesk"], count: 4).flatMap { $0 })
    }

    @Test func inAPropertyCycleTheHooksRunOnceTheWholeCycleIsFilled() throws {
        let container = Container()
        for _ in 0..<3 {
            let author = try container.resolve(Author.self)
            #expect(author.editor.author === author)
        }
        let expected = [
            "PrintDesk", "Editor sees author.editor filled: true", "Author sees editor.author filled: true",
        ]
        #expect(cycleLog.all == Array(repeating: expected, count: 3).flatMap { $0 })
    }

    @Test func singletonsInACycleRunTheirHooksOnceBothAreFilled() throws {
        let container = Container()
        let first = try container.resolve(Registry1.self)
        #expect(try container.resolve(Registry1.self) === first)
        #expect(first.peer.peer === first)
        #expect(
            singletonCycleLog.all == [
                "Registry2 sees peer.peer filled: true", "Registry1 sees peer.peer filled: true",
            ])
    }

    @Test func aHookThatThrowsFailsTheResolveWithThePathToItsObject() throws {
        let error = try #require(throws: ResolutionError.self) { try Container().resolve(Dashboard.self) }
        #expect(
            error.description == """
                error[injection-hook-failed]: FailingWidget.didInjectDependencies() threw: the feed is offline.
                  path: Dashboard.widget → FailingWidget
                  fix: Fix the cause reported by FailingWidget.didInjectDependencies(), or catch it there. The object \
                was not handed out, and a singleton whose hook throws is created again on the next resolve.
                """)
        #expect(error.underlyingError is FeedOffline)
    }

    @Test func aSingletonWhoseHookThrowsIsNotKept() throws {
        let container = Container()
        feedIsOnline.store(false, ordering: .relaxed)
        let before = feedsMade.load(ordering: .relaxed)
        #expect(throws: ResolutionError.self) { try container.resolve(PriceBoard.self) }
        #expect(throws: ResolutionError.self) { try container.resolve(PriceBoard.self) }
        #expect(feedsMade.load(ordering: .relaxed) == before + 2)
        feedIsOnline.store(true, ordering: .relaxed)
        let board = try container.resolve(PriceBoard.self)
        #expect(try container.resolve(PriceBoard.self).feed === board.feed)
        #expect(feedsMade.load(ordering: .relaxed) == before + 3)
    }

    @Test func aPropertyInjectorCallsTheHookAfterFillingTheObject() throws {
        let injector = try Container().propertyInjector(for: ReportScreen.self)
        for _ in 0..<3 { try injector.inject(into: ReportScreen()) }
        #expect(injector.target?.programWord.load(ordering: .acquiring) ?? 0 > 1)
        #expect(screenLog.all == Array(repeating: "ReportScreen sees store: true", count: 3))
    }

    @Test func classesWithoutAHookAreLoweredWithoutHookCalls() throws {
        let container = Container()
        for _ in 0..<3 { _ = try container.resolve(NoHookMachine.self) }
        let word = try container.programWord(of: NoHookMachine.self)
        try #require(ProgramWord.isProgram(word))
        #expect(!ResolveProgram.published(word).canImprove)
        #expect(ResolveProgram.published(word).calledHooks == 0)
    }

    /// Whether a class implements the hook is learned once per class: a fresh container's first
    /// program already leaves out the calls of a class without one, and still makes those of a
    /// class with one.
    @Test func aFreshContainerKnowsFromItsFirstResolveWhichClassesHaveAHook() throws {
        _ = try Container().resolve(NoHookMachine.self)
        #expect(try Container().resolve(HookedGauge.self).calls == 1)
        let fresh = Container()
        _ = try fresh.resolve(NoHookMachine.self)
        let word = try fresh.programWord(of: NoHookMachine.self)
        try #require(ProgramWord.isProgram(word))
        #expect(ResolveProgram.published(word).calledHooks == 0)
        #expect(try fresh.resolve(HookedGauge.self).calls == 1)
    }
}
