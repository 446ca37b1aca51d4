import Synchronization
import Testing

@testable import Autowire

// A closure factory met while a typed factory waits for its arguments, or while a transient object
// is being filled, is still called from its graph's program. A `.graph` factory waiting around the
// call is marked under construction in the run's joined resolution, which later records its
// product; a closure resolving the transient type being filled gets a new one. Transient closure
// factories are called from programs too. These tests check that such graphs get a program, share
// their `.graph` objects with it, and name their path when they fail.

private final class Ledger: Injectable {
    static let live = Atomic<Int>(0)
    init() { Self.live.add(1, ordering: .relaxed) }
    deinit { Self.live.subtract(1, ordering: .relaxed) }
}

/// Made by a closure, which resolves the ledger.
private final class Vault {
    let ledger: Ledger
    init(ledger: Ledger) { self.ledger = ledger }
}

/// Made by a typed factory whose first argument is the closure's vault.
private final class Teller {
    let vault: Vault
    let ledger: Ledger
    init(vault: Vault, ledger: Ledger) {
        self.vault = vault
        self.ledger = ledger
    }
}

/// Meets the ledger before the typed factory that reaches the closure.
private final class Branch: Injectable {
    var ledger: Ledger!
    var teller: Teller!
    static let dependencies: [Dependency<Branch>] = [.inject(\.ledger), .inject(\.teller)]
}

/// Bound transient; reaches the closure.
private final class Clerk: Injectable {
    var vault: Vault!
    var ledger: Ledger!
    static let dependencies: [Dependency<Clerk>] = [.inject(\.vault), .inject(\.ledger)]
}

/// Two transient clerks, and the ledger after both.
private final class Office: Injectable {
    var first: Clerk!
    var second: Clerk!
    var ledger: Ledger!
    static let dependencies: [Dependency<Office>] = [.inject(\.first), .inject(\.second), .inject(\.ledger)]
}

/// Made by a transient closure factory.
private final class Ticket {
    static let made = Atomic<Int>(0)
    let ledger: Ledger
    init(ledger: Ledger) {
        self.ledger = ledger
        Self.made.add(1, ordering: .relaxed)
    }
}

private final class Queue: Injectable {
    var first: Ticket!
    var second: Ticket!
    var ledger: Ledger!
    static let dependencies: [Dependency<Queue>] = [.inject(\.first), .inject(\.second), .inject(\.ledger)]
}

/// Made by a closure called after the teller, which it needs.
private final class Auditor {
    let teller: Teller
    init(teller: Teller) { self.teller = teller }
}

private final class Bank: Injectable {
    var teller: Teller!
    var auditor: Auditor!
    static let dependencies: [Dependency<Bank>] = [.inject(\.teller), .inject(\.auditor)]
}

/// A typed factory whose argument a closure makes, and the object that closure resolves needs the
/// post back through a property: the property waits for the post's factory to return.
private final class Post {
    let desk: Desk
    init(desk: Desk) { self.desk = desk }
}

private final class Desk {
    let watcher: Watcher
    init(watcher: Watcher) { self.watcher = watcher }
}

private final class Watcher: Injectable {
    var post: Post!
    static let dependencies: [Dependency<Watcher>] = [.inject(\.post)]
}

/// Bound as a protocol to an autowired class that reaches the closure.
private protocol Counting: AnyObject {
    var vault: Vault! { get }
}

private final class Counter: Injectable, Counting {
    var vault: Vault!
    static let dependencies: [Dependency<Counter>] = [.inject(\.vault)]
}

/// Meets the counter after a closure: the joined resolution makes it.
private final class Kiosk: Injectable {
    var vault: Vault!
    var counter: (any Counting)!
    static let dependencies: [Dependency<Kiosk>] = [.inject(\.vault), .inject(\.counter)]
}

private final class Till: Injectable {
    var counter: (any Counting)!
    var ledger: Ledger!
    static let dependencies: [Dependency<Till>] = [.inject(\.counter), .inject(\.ledger)]
}

private struct Blown: Error {}

/// Made by a closure that fails.
private final class Fuse {}

/// Bound transient; reaches the failing closure.
private final class Crew: Injectable {
    var ledger: Ledger!
    var fuse: Fuse!
    static let dependencies: [Dependency<Crew>] = [.inject(\.ledger), .inject(\.fuse)]
}

private final class Plant: Injectable {
    var ledger: Ledger!
    var crew: Crew!
    static let dependencies: [Dependency<Plant>] = [.inject(\.ledger), .inject(\.crew)]
}

/// Made by a closure that needs the typed factory waiting for it.
private final class Alarm {}

private final class Guard {
    let alarm: Alarm
    init(alarm: Alarm) { self.alarm = alarm }
}

private final class Gate: Injectable {
    var ledger: Ledger!
    var guardian: Guard!
    static let dependencies: [Dependency<Gate>] = [.inject(\.ledger), .inject(\.guardian)]
}

/// Kept while someone holds it; its ledger is made inside its scope's region.
private final class Locker: Injectable {
    static var scope: Scope { .weak }
    var ledger: Ledger!
    static let dependencies: [Dependency<Locker>] = [.inject(\.ledger)]
}

/// Made once per container; its ledger is made inside its scope's region the first time.
private final class Archive: Injectable {
    static var scope: Scope { .singleton }
    var ledger: Ledger!
    static let dependencies: [Dependency<Archive>] = [.inject(\.ledger)]
}

/// A weak object (its ledger made in its region), then a closure that needs the same ledger.
private final class Cloakroom: Injectable {
    var locker: Locker!
    var vault: Vault!
    static let dependencies: [Dependency<Cloakroom>] = [.inject(\.locker), .inject(\.vault)]
}

/// A closure first, then a weak object whose ledger is made inside its region, then the ledger.
private final class Foyer: Injectable {
    var vault: Vault!
    var locker: Locker!
    var ledger: Ledger!
    static let dependencies: [Dependency<Foyer>] = [.inject(\.vault), .inject(\.locker), .inject(\.ledger)]
}

/// A singleton (its ledger made in its region), then a closure that needs the same ledger.
private final class Library: Injectable {
    var archive: Archive!
    var vault: Vault!
    static let dependencies: [Dependency<Library>] = [.inject(\.archive), .inject(\.vault)]
}

/// Transient; its link is made by a transient closure that resolves another node, every other time.
private final class Node: Injectable {
    static var scope: Scope { .transient }
    var link: Link!
    static let dependencies: [Dependency<Node>] = [.inject(\.link)]
}

private final class Link {
    static let made = Atomic<Int>(0)
    let next: Node?
    init(next: Node?) { self.next = next }
}

private final class Mark: Injectable {}

/// Made by a transient typed factory whose argument a closure makes; the closure asks for another
/// receipt, which is the factory met again with nothing recorded since.
private final class Receipt {
    let stamp: Stamp
    init(stamp: Stamp) { self.stamp = stamp }
}

private final class Stamp {
    let receipt: Receipt?
    /// What asking for the receipt threw.
    let failure: String?
    init(receipt: Receipt?, failure: String?) {
        self.receipt = receipt
        self.failure = failure
    }
}

private func container() throws -> Container {
    try Container { binder in
        binder.bind(Link.self).scoped(.transient).to { resolver in
            // Recording the mark first lets the closure be met again below the node it resolves.
            _ = try resolver.resolve(Mark.self)
            return Link(
                next: Link.made.add(1, ordering: .relaxed).newValue % 2 == 1 ? try resolver.resolve(Node.self) : nil)
        }
        binder.bind(Receipt.self).scoped(.transient).to(factory: Receipt.init)
        binder.bind(Stamp.self).to { (resolver: Resolver) -> Stamp in
            do {
                return Stamp(receipt: try resolver.resolve(Receipt.self), failure: nil)
            } catch {
                return Stamp(receipt: nil, failure: (error as? ResolutionError)?.diagnostics.first?.message)
            }
        }
        binder.bind(Vault.self).to { resolver in Vault(ledger: try resolver.resolve()) }
        binder.bind(Teller.self).to(factory: Teller.init)
        binder.bind(Clerk.self).scoped(.transient).to(Clerk.self)
        binder.bind(Ticket.self).scoped(.transient).to { resolver in Ticket(ledger: try resolver.resolve()) }
        binder.bind(Alarm.self).to { resolver in
            _ = try resolver.resolve(Guard.self)
            return Alarm()
        }
        binder.bind(Guard.self).to(factory: Guard.init)
        binder.bind(Crew.self).scoped(.transient).to(Crew.self)
        binder.bind(Fuse.self).to { _ in throw Blown() }
        binder.bind((any Counting).self).scoped(.graph).to(Counter.self)
        binder.bind(Auditor.self).to { resolver in Auditor(teller: try resolver.resolve()) }
        binder.bind(Post.self).to(factory: Post.init)
        binder.bind(Desk.self).to { resolver in Desk(watcher: try resolver.resolve()) }
    }
}

@Suite(.serialized) struct ClosureCallPlacementTests {
    @Test func aClosureBelowATypedFactorysArgumentsIsCalledFromItsGraphsProgram() throws {
        let container = try container()
        let branches = try (0..<3).map { _ in try container.resolve(Branch.self) }
        #expect(try container.hasProgram(of: Branch.self))
        for branch in branches {
            #expect(branch.teller.ledger === branch.ledger)
            #expect(branch.teller.vault.ledger === branch.ledger)
        }
        #expect(branches[1].ledger !== branches[2].ledger)
    }

    /// Found by the randomized model tests (seeds 211078 and 302824 of 16,000 explored): the
    /// closure, called after the weak object's region, was not given the ledger made inside it,
    /// and made a second one.
    @Test func aClosureAfterAWeakObjectsRegionSharesTheGraphObjectsMadeInIt() throws {
        let container = try container()
        let first = try container.resolve(Cloakroom.self)
        #expect(first.vault.ledger === first.locker.ledger)
        // The locker is kept while `first` holds it: the next resolve skips its region, and its
        // closure makes the resolve's own ledger.
        let second = try container.resolve(Cloakroom.self)
        #expect(second.locker === first.locker)
        #expect(second.vault.ledger !== first.locker.ledger)
    }

    @Test func aWeakObjectMetAfterAClosureIsMadeByTheProgramWithTheGraphObjectsOfTheResolve() throws {
        let container = try container()
        let first = try container.resolve(Foyer.self)
        #expect(try container.hasProgram(of: Foyer.self))
        // The closure made the ledger; the locker made in this resolve shares it.
        #expect(first.locker.ledger === first.vault.ledger)
        #expect(first.ledger === first.vault.ledger)
        // The first foyer holds the locker, so this run skips its region.
        let second = try container.resolve(Foyer.self)
        #expect(second.locker === first.locker)
        #expect(second.ledger === second.vault.ledger)
        #expect(second.ledger !== first.ledger)
    }

    /// The first resolve runs a program that joins the closure's resolution from its start, in
    /// which the singleton's region records the ledger it makes.
    @Test func aClosureAfterASingletonsFirstRegionSharesTheGraphObjectsMadeInIt() throws {
        let container = try container()
        let first = try container.resolve(Library.self)
        #expect(try container.hasProgram(of: Library.self))
        #expect(first.vault.ledger === first.archive.ledger)
        let later = try (0..<2).map { _ in try container.resolve(Library.self) }
        #expect(try container.hasProgram(of: Library.self))
        for library in later {
            #expect(library.archive === first.archive)
            #expect(library.vault.ledger !== first.archive.ledger)
        }
    }

    @Test func aClosureBelowATransientObjectIsCalledFromItsGraphsProgram() throws {
        let container = try container()
        let offices = try (0..<3).map { _ in try container.resolve(Office.self) }
        #expect(try container.hasProgram(of: Office.self))
        for office in offices {
            #expect(office.first !== office.second)
            #expect(office.first.vault === office.second.vault)
            #expect(office.first.ledger === office.ledger)
            #expect(office.second.vault.ledger === office.ledger)
        }
        #expect(offices[1].first.vault !== offices[2].first.vault)
    }

    @Test func aTransientClosureFactoryIsCalledFromItsProgramForEachValue() throws {
        let container = try container()
        _ = try container.resolve(Queue.self)
        let before = Ticket.made.load(ordering: .relaxed)
        let queues = try (0..<3).map { _ in try container.resolve(Queue.self) }
        #expect(try container.hasProgram(of: Queue.self))
        #expect(Ticket.made.load(ordering: .relaxed) - before == 6)
        for queue in queues {
            #expect(queue.first !== queue.second)
            #expect(queue.first.ledger === queue.ledger)
            #expect(queue.second.ledger === queue.ledger)
        }
    }

    @Test func aClosureNeedingTheTypedFactoryWaitingForItIsAnUnclosableCycle() throws {
        let program = try container()
        let programError = #expect(throws: ResolutionError.self) { try program.resolve(Gate.self) }
        #expect(try program.hasProgram(of: Gate.self))
        #expect(programError?.code == .unclosableCycle)
        #expect(programError?.path == ["Gate.guardian", "Guard", "Alarm", "Guard"])
    }

    @Test func aClosureFailingBelowATransientObjectNamesItsPath() throws {
        let program = try container()
        let programError = #expect(throws: ResolutionError.self) { try program.resolve(Plant.self) }
        #expect(try program.hasProgram(of: Plant.self))
        #expect(programError?.code == .factoryFailed)
        #expect(programError?.path == ["Plant.crew", "Crew.fuse", "Fuse"])
        #expect(programError?.underlyingError is Blown)
    }

    @Test func aRootTypedFactoryCallsTheClosureBelowItFromItsProgram() throws {
        let container = try container()
        let tellers = try (0..<3).map { _ in try container.resolve(Teller.self) }
        #expect(try container.hasProgram(of: Teller.self))
        for teller in tellers {
            #expect(teller.vault.ledger === teller.ledger)
        }
        #expect(tellers[1].ledger !== tellers[2].ledger)
    }

    @Test func aClosureCalledAfterATypedFactoryThatWaitedForAnotherClosureGetsItsProduct() throws {
        let container = try container()
        let banks = try (0..<3).map { _ in try container.resolve(Bank.self) }
        #expect(try container.hasProgram(of: Bank.self))
        for bank in banks {
            #expect(bank.auditor.teller === bank.teller)
        }
    }

    @Test func aPropertyNeedingTheTypedFactoryWaitingForAClosureIsFilledOnceItReturns() throws {
        let recursive = try container()
        let recursivePost = try recursive.resolve(Post.self)
        #expect(recursivePost.desk.watcher.post === recursivePost)
        let program = try container()
        let posts = try (0..<3).map { _ in try program.resolve(Post.self) }
        #expect(try program.hasProgram(of: Post.self))
        for post in posts {
            #expect(post.desk.watcher.post === post)
        }
    }

    @Test func aTransientRootWithAClosureBelowItRunsAProgram() throws {
        let container = try container()
        let clerks = try (0..<3).map { _ in try container.resolve(Clerk.self) }
        #expect(try container.hasProgram(of: Clerk.self))
        #expect(clerks[1].vault.ledger === clerks[1].ledger)
        #expect(clerks[1] !== clerks[2])
    }

    @Test func aClosureResolvingTheTransientTypeTheProgramIsFillingGetsANewOne() throws {
        let container = try container()
        Link.made.store(0, ordering: .relaxed)
        let node = try container.resolve(Node.self)
        #expect(try container.hasProgram(of: Node.self))
        let next = try #require(node.link.next)
        #expect(next !== node)
        #expect(next.link.next == nil)
    }

    @Test func aClosureMeetingTheTransientFactoryWaitingForItWithNothingRecordedSinceIsACycle() throws {
        let container = try container()
        let receipts = try (0..<2).map { _ in try container.resolve(Receipt.self) }
        #expect(try container.hasProgram(of: Receipt.self))
        for receipt in receipts {
            #expect(receipt.stamp.receipt == nil)
            #expect(
                receipt.stamp.failure
                    == "Receipt is needed again while its factory is still running, so the cycle can never close.")
        }
    }

    @Test func aProtocolBoundToAnAutowiredClassThatReachesAClosureSharesTheGraphsObjectsWithIt()
        throws
    {
        let container = try container()
        let tills = try (0..<3).map { _ in try container.resolve(Till.self) }
        #expect(try container.hasProgram(of: Till.self))
        for till in tills {
            #expect(till.counter.vault.ledger === till.ledger)
        }
        #expect(tills[1].counter !== tills[2].counter)
    }

    @Test func aProtocolWithAScopeOfItsOwnMadeAfterAClosureIsStoredAsTheProtocol() throws {
        let container = try container()
        let kiosks = try (0..<3).map { _ in try container.resolve(Kiosk.self) }
        #expect(try container.hasProgram(of: Kiosk.self))
        for kiosk in kiosks {
            #expect(kiosk.counter.vault === kiosk.vault)
        }
    }

    /// The object is boxed as soon as it is made, before it is filled: the joined resolution is
    /// given the box.
    @Test func aProtocolRootWhoseClassReachesAClosureRunsAProgram() throws {
        let container = try container()
        let counters = try (0..<3).map { _ in try container.resolve((any Counting).self) }
        #expect(try container.hasProgram(of: (any Counting).self))
        #expect(counters[1] !== counters[2])
        #expect(counters[1].vault !== counters[2].vault)
    }

    @Test func runsOnManyThreadsAtOnceEachShareTheirOwnGraph() throws {
        let container = try container()
        let mismatches = Atomic<Int>(0)
        let finished = runOnThreads(8) { _ in
            for _ in 0..<50 {
                guard let teller = try? container.resolve(Teller.self), teller.vault.ledger === teller.ledger,
                    let office = try? container.resolve(Office.self), office.first.vault === office.second.vault,
                    office.second.ledger === office.ledger,
                    let post = try? container.resolve(Post.self), post.desk.watcher.post === post
                else {
                    mismatches.add(1, ordering: .relaxed)
                    continue
                }
            }
        }
        #expect(finished)
        #expect(mismatches.load(ordering: .relaxed) == 0)
        #expect(try container.hasProgram(of: Teller.self))
        #expect(try container.hasProgram(of: Office.self))
        #expect(try container.hasProgram(of: Post.self))
    }

    @Test func runsReleaseEverythingTheyMadeWhetherTheyFailOrNot() throws {
        let container = try container()
        // The first resolves lower the programs.
        _ = try container.resolve(Branch.self)
        _ = try container.resolve(Office.self)
        _ = try container.resolve(Queue.self)
        _ = try? container.resolve(Gate.self)
        let before = Ledger.live.load(ordering: .relaxed)
        for _ in 0..<3 {
            _ = try container.resolve(Branch.self)
            _ = try container.resolve(Office.self)
            _ = try container.resolve(Queue.self)
            #expect(throws: ResolutionError.self) { try container.resolve(Gate.self) }
        }
        #expect(Ledger.live.load(ordering: .relaxed) == before)
    }
}
