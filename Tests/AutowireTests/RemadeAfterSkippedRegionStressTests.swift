import Foundation
import Synchronization
import Testing

@testable import Autowire

// Harder graphs for a `.graph` object made inside a region (the making of an object a scope
// keeps) and met again after it, which a program makes again where it is met next when the run
// skipped that region (see `RemadeAfterSkippedRegionTests`). Each test drives every combination
// of the regions running or being skipped and checks what the semantics demand: within one
// resolve a `.graph` object is one instance wherever it is met; an object a scope keeps alive is
// reused; each object made gets its hook once; nothing is leaked.

// MARK: Met again below an optional property, inside a later region, in a cycle to the root

private let liveMemos = Atomic<Int>(0)
private let memoHooks = Atomic<Int>(0)
private let liveOffices = Atomic<Int>(0)

private final class Memo: Injectable {
    init() { liveMemos.add(1, ordering: .relaxed) }
    deinit { liveMemos.subtract(1, ordering: .relaxed) }
    func didInjectDependencies() throws { memoHooks.add(1, ordering: .relaxed) }
}
/// Makes the memo first.
private final class Folder: Injectable {
    static var scope: Scope { .weak }
    var memo: Memo!
    static let dependencies: [Dependency<Folder>] = [.inject(\.memo)]
}
/// Its office is a second one, made inside the shelf's region: a cycle back to the transient root.
private final class Shelf: Injectable {
    static var scope: Scope { .weak }
    var office: Office?
    static let dependencies: [Dependency<Shelf>] = [.inject(\.office)]
}
/// The root. Its shelf is optional: the memo the folder made is met again below it, inside the
/// shelf's region (the second office's memo), and once more after it.
private final class Office: Injectable {
    static var scope: Scope { .transient }
    var folder: Folder?
    var shelf: Shelf?
    var memo: Memo!
    init() { liveOffices.add(1, ordering: .relaxed) }
    deinit { liveOffices.subtract(1, ordering: .relaxed) }
    static let dependencies: [Dependency<Office>] = [.inject(\.folder), .optional(\.shelf), .inject(\.memo)]
}

// MARK: Met in two later regions and after them

private let liveCards = Atomic<Int>(0)
private let cardHooks = Atomic<Int>(0)

private final class Card: Injectable {
    init() { liveCards.add(1, ordering: .relaxed) }
    deinit { liveCards.subtract(1, ordering: .relaxed) }
    func didInjectDependencies() throws { cardHooks.add(1, ordering: .relaxed) }
}
private final class Wallet: Injectable {
    static var scope: Scope { .weak }
    var card: Card!
    static let dependencies: [Dependency<Wallet>] = [.inject(\.card)]
}
private final class Purse: Injectable {
    static var scope: Scope { .weak }
    var card: Card!
    static let dependencies: [Dependency<Purse>] = [.inject(\.card)]
}
/// The card is made in the wallet's region, met again in the purse's, and again after both.
private final class Shopper: Injectable {
    static var scope: Scope { .transient }
    var wallet: Wallet!
    var purse: Purse!
    var card: Card!
    static let dependencies: [Dependency<Shopper>] = [.inject(\.wallet), .inject(\.purse), .inject(\.card)]
}

// MARK: Bound to a protocol

private let liveBooks = Atomic<Int>(0)
private let bookHooks = Atomic<Int>(0)

private protocol Ledger: AnyObject {}
private protocol Journal: AnyObject {}
private final class LedgerBook: Ledger, Journal, Injectable {
    init() { liveBooks.add(1, ordering: .relaxed) }
    deinit { liveBooks.subtract(1, ordering: .relaxed) }
    func didInjectDependencies() throws { bookHooks.add(1, ordering: .relaxed) }
}
/// Makes the ledger (and the journal) in its region.
private final class Vault: Injectable {
    static var scope: Scope { .weak }
    var ledger: Ledger!
    var journal: Journal!
    static let dependencies: [Dependency<Vault>] = [.inject(\.ledger), .inject(\.journal)]
}
/// Meets the ledger again as its protocol and as its class, and the journal again.
private final class Bank: Injectable {
    static var scope: Scope { .transient }
    var vault: Vault!
    var ledger: Ledger!
    var book: LedgerBook!
    var journal: Journal!
    static let dependencies: [Dependency<Bank>] = [
        .inject(\.vault), .inject(\.ledger), .inject(\.book), .inject(\.journal),
    ]
}

// MARK: A custom scope's region inside a singleton's

private enum Season: CustomScope {}
private let liveCharts = Atomic<Int>(0)
private let chartHooks = Atomic<Int>(0)

private final class Chart: Injectable {
    init() { liveCharts.add(1, ordering: .relaxed) }
    deinit { liveCharts.subtract(1, ordering: .relaxed) }
    func didInjectDependencies() throws { chartHooks.add(1, ordering: .relaxed) }
}
private final class Almanac: Injectable {
    static var scope: Scope { .custom(Season.self) }
    var chart: Chart!
    static let dependencies: [Dependency<Almanac>] = [.inject(\.chart)]
}
private final class Observatory: Injectable {
    static var scope: Scope { .singleton }
    var almanac: Almanac!
    static let dependencies: [Dependency<Observatory>] = [.inject(\.almanac)]
}
/// The chart is made inside the almanac's region, inside the observatory's, and met after both.
private final class Astronomer: Injectable {
    static var scope: Scope { .transient }
    var observatory: Observatory!
    var chart: Chart!
    static let dependencies: [Dependency<Astronomer>] = [.inject(\.observatory), .inject(\.chart)]
}

// MARK: A closure resolving the object after it was made again

/// Made by a closure, which resolves the memo.
private final class Clerk {
    let memo: Memo
    init(memo: Memo) { self.memo = memo }
}
/// Meets the folder's memo again, and then a closure that resolves it.
private final class Teller: Injectable {
    var folder: Folder!
    var memo: Memo!
    var clerk: Clerk!
    static let dependencies: [Dependency<Teller>] = [.inject(\.folder), .inject(\.memo), .inject(\.clerk)]
}
/// Meets the closure before the folder's memo.
private final class Cashier: Injectable {
    var folder: Folder!
    var clerk: Clerk!
    var memo: Memo!
    static let dependencies: [Dependency<Cashier>] = [.inject(\.folder), .inject(\.clerk), .inject(\.memo)]
}

// MARK: A cycle among objects made in a region

private let liveSpools = Atomic<Int>(0)
private let spoolHooks = Atomic<Int>(0)

/// Counted and hooked, for the cycle's objects.
private class Spool {
    init() { liveSpools.add(1, ordering: .relaxed) }
    deinit { liveSpools.subtract(1, ordering: .relaxed) }
}
/// Needs the drum, which needs it back, and the reel.
private final class Loom: Spool, Injectable {
    var drum: Drum!
    var reel: Reel!
    static let dependencies: [Dependency<Loom>] = [.inject(\.drum), .inject(\.reel)]
    func didInjectDependencies() throws { spoolHooks.add(1, ordering: .relaxed) }
}
private final class Drum: Spool, Injectable {
    var loom: Loom!
    var reel: Reel!
    static let dependencies: [Dependency<Drum>] = [.inject(\.loom), .inject(\.reel)]
    func didInjectDependencies() throws { spoolHooks.add(1, ordering: .relaxed) }
}
private final class Reel: Spool, Injectable {
    func didInjectDependencies() throws { spoolHooks.add(1, ordering: .relaxed) }
}
private final class Mill: Injectable {
    static var scope: Scope { .weak }
    var loom: Loom!
    static let dependencies: [Dependency<Mill>] = [.inject(\.loom)]
}
/// Meets the cycle's objects again from the drum, the one made second.
private final class Weaver: Injectable {
    static var scope: Scope { .transient }
    var mill: Mill!
    var drum: Drum!
    var reel: Reel!
    var loom: Loom!
    static let dependencies: [Dependency<Weaver>] = [
        .inject(\.mill), .inject(\.drum), .inject(\.reel), .inject(\.loom),
    ]
}

// MARK: A singleton made inside a weak object's region

private let liveStars = Atomic<Int>(0)
private let starHooks = Atomic<Int>(0)

private final class Star: Injectable {
    init() { liveStars.add(1, ordering: .relaxed) }
    deinit { liveStars.subtract(1, ordering: .relaxed) }
    func didInjectDependencies() throws { starHooks.add(1, ordering: .relaxed) }
}
private final class Beacon: Injectable {
    static var scope: Scope { .singleton }
    var star: Star!
    static let dependencies: [Dependency<Beacon>] = [.inject(\.star)]
}
private final class Harbor: Injectable {
    static var scope: Scope { .weak }
    var beacon: Beacon!
    static let dependencies: [Dependency<Harbor>] = [.inject(\.beacon)]
}
/// Meets the beacon and its star again after the harbor's region.
private final class Sailor: Injectable {
    static var scope: Scope { .transient }
    var harbor: Harbor!
    var beacon: Beacon!
    var star: Star!
    static let dependencies: [Dependency<Sailor>] = [.inject(\.harbor), .inject(\.beacon), .inject(\.star)]
}

// MARK: Many threads, weak objects dropped and made again

private let tokensMade = Atomic<Int>(0)
private let tokenHooks = Atomic<Int>(0)
private let liveTokens = Atomic<Int>(0)
private let gatesMade = Atomic<Int>(0)
private let gateHooks = Atomic<Int>(0)

/// The resolve running on this thread, stamped on what it makes.
private enum CurrentResolve {
    static let key = "RemadeAfterSkippedRegionStressTests.resolve"
    static var id: Int {
        get { Thread.current.threadDictionary[key] as? Int ?? -1 }
        set { Thread.current.threadDictionary[key] = newValue }
    }
}

private final class Token: Injectable {
    let resolve = CurrentResolve.id
    let hooks = Atomic<Int>(0)
    init() {
        tokensMade.add(1, ordering: .relaxed)
        liveTokens.add(1, ordering: .relaxed)
    }
    deinit { liveTokens.subtract(1, ordering: .relaxed) }
    func didInjectDependencies() throws {
        hooks.add(1, ordering: .relaxed)
        tokenHooks.add(1, ordering: .relaxed)
    }
}
private final class TurnGate: Injectable {
    static var scope: Scope { .weak }
    let resolve = CurrentResolve.id
    var token: Token!
    init() { gatesMade.add(1, ordering: .relaxed) }
    func didInjectDependencies() throws { gateHooks.add(1, ordering: .relaxed) }
    static let dependencies: [Dependency<TurnGate>] = [.inject(\.token)]
}
/// A weak object whose region holds the gate's.
private final class Turnstile: Injectable {
    static var scope: Scope { .weak }
    let resolve = CurrentResolve.id
    var gate: TurnGate!
    var token: Token!
    static let dependencies: [Dependency<Turnstile>] = [.inject(\.gate), .inject(\.token)]
}
private final class Guard: Injectable {
    var token: Token!
    static let dependencies: [Dependency<Guard>] = [.inject(\.token)]
}
/// The gate and the token are made inside the turnstile's region and met again after it.
private final class Lobby: Injectable {
    static var scope: Scope { .transient }
    var turnstile: Turnstile!
    var gate: TurnGate!
    var token: Token!
    var guardian: Guard!
    static let dependencies: [Dependency<Lobby>] = [
        .inject(\.turnstile), .inject(\.gate), .inject(\.token), .inject(\.guardian),
    ]
}

/// A barrier that threads pass together, again and again: the last to arrive opens it.
private final class PhaseBarrier: Sendable {
    private let count: Int
    private let arrived = Atomic<Int>(0)
    private let phase = Atomic<Int>(0)

    init(count: Int) { self.count = count }

    func arriveAndWait() {
        let current = phase.load(ordering: .acquiring)
        if arrived.add(1, ordering: .acquiringAndReleasing).newValue == count {
            arrived.store(0, ordering: .relaxed)
            phase.store(current + 1, ordering: .releasing)
        } else {
            while phase.load(ordering: .acquiring) == current { sched_yield() }
        }
    }
}

/// Serialized: the suite counts live objects and hooks in globals.
@Suite(.serialized) struct RemadeAfterSkippedRegionStressTests {
    @Test func aMemoMetAgainBelowAnOptionalInsideALaterRegionOfACycleIsOneInstancePerResolve() throws {
        let container = Container()
        memoHooks.store(0, ordering: .relaxed)
        let livesBefore = liveMemos.load(ordering: .relaxed)
        var folder: Folder?
        var shelf: Shelf?
        do {
            // Both regions run: one memo, the folder's, everywhere.
            let first = try container.resolve(Office.self)
            #expect(try container.hasProgram(of: Office.self))
            folder = first.folder
            shelf = first.shelf
            let inner = try #require(shelf?.office)
            #expect(inner !== first)
            #expect(inner.folder === folder && inner.shelf === shelf)
            #expect(first.memo === folder?.memo && inner.memo === folder?.memo)
            #expect(memoHooks.load(ordering: .relaxed) == 1)
            #expect(liveMemos.load(ordering: .relaxed) == livesBefore + 1)
            // Both kept: the memo is made again where the root meets it.
            let both = try container.resolve(Office.self)
            #expect(both.folder === folder && both.shelf === shelf)
            #expect(both.memo != nil && both.memo !== folder?.memo)
            #expect(memoHooks.load(ordering: .relaxed) == 2)
            #expect(liveMemos.load(ordering: .relaxed) == livesBefore + 2)
        }

        // The folder kept, the shelf not: the memo is made again inside the shelf's region (the
        // second office's, below the optional property), and the root's is that one.
        shelf?.office = nil
        weak let firstShelf = shelf
        shelf = nil
        #expect(firstShelf == nil)
        #expect(liveOffices.load(ordering: .relaxed) == 0)
        #expect(liveMemos.load(ordering: .relaxed) == livesBefore + 1)
        do {
            let office = try container.resolve(Office.self)
            shelf = office.shelf
            let inner = try #require(shelf?.office)
            #expect(office.folder === folder && inner.folder === folder)
            #expect(inner.shelf === shelf)
            #expect(office.memo !== folder?.memo)
            #expect(inner.memo === office.memo)
            #expect(memoHooks.load(ordering: .relaxed) == 3)
            #expect(liveMemos.load(ordering: .relaxed) == livesBefore + 2)
        }

        // The shelf kept, the folder not: the new folder's memo is the root's.
        shelf?.office?.folder = nil
        weak let firstFolder = folder
        folder = nil
        #expect(firstFolder == nil)
        do {
            let office = try container.resolve(Office.self)
            #expect(office.shelf === shelf)
            #expect(office.folder != nil && office.memo === office.folder?.memo)
            #expect(office.memo !== shelf?.office?.memo)
            #expect(memoHooks.load(ordering: .relaxed) == 4)
        }
        shelf?.office = nil
        shelf = nil
        #expect(liveOffices.load(ordering: .relaxed) == 0)
        #expect(liveMemos.load(ordering: .relaxed) == livesBefore)
    }

    @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
    func aCardMetInTwoWeakRegionsAndAfterThemIsOneInstancePerResolve(keepsWallet: Bool, keepsPurse: Bool) throws {
        let container = Container()
        cardHooks.store(0, ordering: .relaxed)
        let livesBefore = liveCards.load(ordering: .relaxed)
        do {
            let wallet: Wallet? = keepsWallet ? try container.resolve(Wallet.self) : nil
            let purse: Purse? = keepsPurse ? try container.resolve(Purse.self) : nil
            let hooksBefore = cardHooks.load(ordering: .relaxed)
            let shopper = try container.resolve(Shopper.self)
            #expect(try container.hasProgram(of: Shopper.self))
            if let wallet { #expect(shopper.wallet === wallet) }
            if let purse { #expect(shopper.purse === purse) }
            // What this resolve made shares its one card.
            if !keepsWallet { #expect(shopper.wallet.card === shopper.card) }
            if !keepsPurse { #expect(shopper.purse.card === shopper.card) }
            if keepsWallet { #expect(shopper.card !== wallet?.card) }
            if keepsPurse { #expect(shopper.card !== purse?.card) }
            #expect(cardHooks.load(ordering: .relaxed) == hooksBefore + 1)
            // Again, with all kept.
            let next = try container.resolve(Shopper.self)
            #expect(next.wallet === shopper.wallet && next.purse === shopper.purse)
            #expect(next.card !== shopper.card)
            #expect(cardHooks.load(ordering: .relaxed) == hooksBefore + 2)
        }
        #expect(liveCards.load(ordering: .relaxed) == livesBefore)
    }

    @Test func aProtocolBoundObjectMadeInARegionIsMadeAgainOnceAndSeenThroughEachBinding() throws {
        let container = try Container { binder in
            binder.bind(Ledger.self).to(LedgerBook.self)
            binder.bind(Journal.self).to(LedgerBook.self)
        }
        bookHooks.store(0, ordering: .relaxed)
        let livesBefore = liveBooks.load(ordering: .relaxed)
        do {
            let first = try container.resolve(Bank.self)
            #expect(try container.hasProgram(of: Bank.self))
            #expect(first.vault.ledger === first.book && first.ledger === first.book)
            #expect(first.vault.journal === first.book && first.journal === first.book)
            #expect(bookHooks.load(ordering: .relaxed) == 1)
            let second = try container.resolve(Bank.self)
            #expect(second.vault === first.vault)
            #expect(second.book !== first.book)
            #expect(second.ledger === second.book && second.journal === second.book)
            #expect(bookHooks.load(ordering: .relaxed) == 2)
            #expect(liveBooks.load(ordering: .relaxed) == livesBefore + 2)
        }
        #expect(liveBooks.load(ordering: .relaxed) == livesBefore)
    }

    @Test func aProtocolBindingWithInstancesOfItsOwnIsMadeAgainApartFromItsClass() throws {
        let container = try Container { binder in
            binder.bind(Ledger.self).scoped(.graph).to(LedgerBook.self)
            binder.bind(Journal.self).scoped(.graph).to(LedgerBook.self)
        }
        bookHooks.store(0, ordering: .relaxed)
        let livesBefore = liveBooks.load(ordering: .relaxed)
        do {
            let first = try container.resolve(Bank.self)
            #expect(try container.hasProgram(of: Bank.self))
            #expect(first.vault.ledger === first.ledger && first.vault.journal === first.journal)
            #expect(first.ledger !== first.book && first.journal !== first.book && first.ledger !== first.journal)
            #expect(bookHooks.load(ordering: .relaxed) == 3)
            let second = try container.resolve(Bank.self)
            #expect(second.vault === first.vault)
            #expect(second.ledger !== first.ledger && second.journal !== first.journal)
            #expect(second.ledger !== second.book && second.journal !== second.book)
            #expect(bookHooks.load(ordering: .relaxed) == 6)
            #expect(liveBooks.load(ordering: .relaxed) == livesBefore + 6)
        }
        #expect(liveBooks.load(ordering: .relaxed) == livesBefore)
    }

    @Test func aChartMadeInACustomScopesRegionInsideASingletonsIsOneInstancePerResolve() throws {
        let container = Container()
        chartHooks.store(0, ordering: .relaxed)
        // The almanac exists before the observatory: the observatory's region runs, the almanac's
        // inside it is skipped, and the chart is made again after both.
        let almanac = try container.resolve(Almanac.self)
        #expect(chartHooks.load(ordering: .relaxed) == 1)
        let first = try container.resolve(Astronomer.self)
        #expect(first.observatory.almanac === almanac)
        #expect(first.chart !== almanac.chart)
        #expect(chartHooks.load(ordering: .relaxed) == 2)
        let second = try container.resolve(Astronomer.self)
        #expect(second.observatory === first.observatory)
        #expect(second.chart !== first.chart && second.chart !== almanac.chart)
        #expect(chartHooks.load(ordering: .relaxed) == 3)
        // A new season: the observatory keeps its almanac; the astronomer's chart is its own.
        container.reset(Season.self)
        let third = try container.resolve(Astronomer.self)
        #expect(third.observatory === first.observatory && third.observatory.almanac === almanac)
        #expect(third.chart !== almanac.chart)
        let newAlmanac = try container.resolve(Almanac.self)
        #expect(newAlmanac !== almanac && newAlmanac.chart !== third.chart)
        #expect(chartHooks.load(ordering: .relaxed) == 5)
    }

    @Test func aChartMadeWhenBothRegionsRunIsTheAstronomersOwn() throws {
        let container = Container()
        chartHooks.store(0, ordering: .relaxed)
        let first = try container.resolve(Astronomer.self)
        #expect(try container.hasProgram(of: Astronomer.self))
        #expect(first.observatory.almanac.chart === first.chart)
        #expect(chartHooks.load(ordering: .relaxed) == 1)
        // The observatory exists: both regions skipped (or the program reads it as a constant).
        let second = try container.resolve(Astronomer.self)
        #expect(second.observatory === first.observatory)
        #expect(second.chart !== first.chart)
        #expect(chartHooks.load(ordering: .relaxed) == 2)
        #expect(try container.resolve(Almanac.self) === first.observatory.almanac)
        #expect(chartHooks.load(ordering: .relaxed) == 2)
    }

    @Test func aClosureResolvingAnObjectMadeAgainGetsTheResolvesOne() throws {
        let container = try Container { binder in
            binder.bind(Clerk.self).to { resolver in Clerk(memo: try resolver.resolve()) }
        }
        memoHooks.store(0, ordering: .relaxed)
        let livesBefore = liveMemos.load(ordering: .relaxed)
        do {
            let first = try container.resolve(Teller.self)
            // The memo made again before the closure: the closure is called from the program.
            #expect(try container.hasProgram(of: Teller.self))
            #expect(first.clerk.memo === first.memo && first.folder.memo === first.memo)
            #expect(memoHooks.load(ordering: .relaxed) == 1)
            // The folder kept: the memo is made again, and the closure gets that one.
            let second = try container.resolve(Teller.self)
            #expect(second.folder === first.folder)
            #expect(second.memo !== first.memo && second.clerk.memo === second.memo)
            #expect(memoHooks.load(ordering: .relaxed) == 2)
            let cashier = try container.resolve(Cashier.self)
            #expect(cashier.folder === first.folder)
            #expect(cashier.memo !== first.memo && cashier.clerk.memo === cashier.memo)
            #expect(memoHooks.load(ordering: .relaxed) == 3)
            let again = try container.resolve(Cashier.self)
            #expect(again.memo !== cashier.memo && again.clerk.memo === again.memo)
            #expect(memoHooks.load(ordering: .relaxed) == 4)
        }
        #expect(liveMemos.load(ordering: .relaxed) == livesBefore)
    }

    @Test func aCycleOfObjectsMadeInARegionIsMadeAgainAsOneCycle() throws {
        let container = Container()
        spoolHooks.store(0, ordering: .relaxed)
        let livesBefore = liveSpools.load(ordering: .relaxed)
        do {
            let first = try container.resolve(Weaver.self)
            #expect(try container.hasProgram(of: Weaver.self))
            #expect(first.mill.loom === first.loom && first.drum.loom === first.loom && first.loom.drum === first.drum)
            #expect(first.loom.reel === first.reel && first.drum.reel === first.reel)
            #expect(spoolHooks.load(ordering: .relaxed) == 3)
            // The mill kept: the drum is made again, the loom and reel with it, as one cycle.
            let second = try container.resolve(Weaver.self)
            #expect(second.mill === first.mill)
            #expect(second.drum !== first.drum && second.loom !== first.loom && second.reel !== first.reel)
            #expect(second.drum.loom === second.loom && second.loom.drum === second.drum)
            #expect(second.loom.reel === second.reel && second.drum.reel === second.reel)
            #expect(spoolHooks.load(ordering: .relaxed) == 6)
            #expect(liveSpools.load(ordering: .relaxed) == livesBefore + 6)
            // The loom and drum point at each other: break the cycles so they can go.
            first.loom.drum = nil
            second.loom.drum = nil
        }
        #expect(liveSpools.load(ordering: .relaxed) == livesBefore)
    }

    @Test func aSingletonMadeInsideAWeakObjectsRegionIsReadAfterItAndItsStarIsTheResolvesOwn() throws {
        let container = Container()
        starHooks.store(0, ordering: .relaxed)
        let livesBefore = liveStars.load(ordering: .relaxed)
        var first: Sailor? = try container.resolve(Sailor.self)
        let beacon = try #require(first?.beacon)
        #expect(first?.harbor.beacon === beacon && first?.star === beacon.star)
        #expect(starHooks.load(ordering: .relaxed) == 1)
        // The harbor kept, the beacon created: the star is made again.
        let second = try container.resolve(Sailor.self)
        #expect(second.harbor === first?.harbor && second.beacon === beacon)
        #expect(second.star !== beacon.star)
        #expect(starHooks.load(ordering: .relaxed) == 2)
        // A new harbor, the beacon created: the beacon's region inside it is skipped.
        weak let firstHarbor = first?.harbor
        first = nil
        _ = consume second
        #expect(firstHarbor == nil)
        let third = try container.resolve(Sailor.self)
        #expect(third.harbor.beacon === beacon && third.beacon === beacon)
        #expect(third.star !== beacon.star)
        #expect(starHooks.load(ordering: .relaxed) == 3)
        #expect(try container.hasProgram(of: Sailor.self))
        // The beacon's star and the third sailor's.
        #expect(liveStars.load(ordering: .relaxed) == livesBefore + 2)
    }

    @Test func threadsDroppingAndRemakingWeakObjectsSeeOneTokenPerResolve() throws {
        let container = Container()
        _ = try container.resolve(Lobby.self)
        #expect(try container.hasProgram(of: Lobby.self))
        tokensMade.store(0, ordering: .relaxed)
        tokenHooks.store(0, ordering: .relaxed)
        gatesMade.store(0, ordering: .relaxed)
        gateHooks.store(0, ordering: .relaxed)
        let problems = Locked<[String]>([])
        let resolves = Atomic<Int>(0)
        let phases = 50
        let roundsPerPhase = 20
        let rounds = phases * roundsPerPhase
        let phaseEnd = PhaseBarrier(count: 8)
        let finished = runOnThreads(8) { thread in
            // A thread keeps a lobby now and then, for a round: the weak objects live on for a
            // while and then go, to be made again. Between phases every thread lets go of all it
            // kept, so each phase starts with the weak objects gone.
            var kept: [Lobby] = []
            for round in 0..<rounds {
                if round > 0, round % roundsPerPhase == 0 {
                    kept.removeAll()
                    phaseEnd.arriveAndWait()
                }
                let id = thread * 1_000_000 + round
                CurrentResolve.id = id
                guard let lobby = try? container.resolve(Lobby.self) else {
                    problems.withLock { $0.append("resolve \(id) failed") }
                    continue
                }
                CurrentResolve.id = -1
                resolves.add(1, ordering: .relaxed)
                var found: [String] = []
                if lobby.token.resolve != id { found.append("the root's token is not this resolve's") }
                if lobby.guardian.token !== lobby.token { found.append("the guard's token is another") }
                if lobby.turnstile.gate !== lobby.gate { found.append("the turnstile's gate is not the lobby's") }
                // A token or gate stamped with this resolve is the one this resolve made.
                for token in [lobby.gate.token!, lobby.turnstile.token!] where token.resolve == id {
                    if token !== lobby.token { found.append("two tokens made in one resolve") }
                }
                if lobby.gate.resolve == id, lobby.gate.token !== lobby.token {
                    found.append("a gate made in this resolve holds another token")
                }
                if lobby.turnstile.resolve == id, lobby.turnstile.token !== lobby.token {
                    found.append("a turnstile made in this resolve holds another token")
                }
                // The token this resolve made had its hook run once before the resolve returned.
                if lobby.token.hooks.load(ordering: .relaxed) != 1 {
                    found.append("the token's hook ran \(lobby.token.hooks.load(ordering: .relaxed)) times")
                }
                if !found.isEmpty { problems.withLock { $0.append("resolve \(id): \(found)") } }
                kept.removeAll()
                if round % 7 == thread % 7 { kept.append(lobby) }
            }
        }
        #expect(finished)
        // The count, not the list, in the expectation: a broken run finds thousands.
        let found = problems.withLock { $0 }
        #expect(found.count == 0, "\(found.prefix(10))")
        #expect(resolves.load(ordering: .relaxed) == 8 * rounds)
        #expect(tokenHooks.load(ordering: .relaxed) == tokensMade.load(ordering: .relaxed))
        #expect(gateHooks.load(ordering: .relaxed) == gatesMade.load(ordering: .relaxed))
        // Weak objects were dropped and made again: at least once a phase.
        #expect(gatesMade.load(ordering: .relaxed) >= phases)
        #expect(tokensMade.load(ordering: .relaxed) >= 8 * rounds)
        #expect(liveTokens.load(ordering: .relaxed) == 0)
    }
}
