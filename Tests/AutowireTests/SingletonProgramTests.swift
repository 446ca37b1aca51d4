import Foundation
import Synchronization
import Testing

@testable import Autowire

// A singleton's first creation runs in the resolve program, in a region the program skips once
// the singleton exists (see `ResolveProgram`): these tests check that the program is the path
// taken, and that it keeps the publication rules: created exactly once, kept when the resolve
// fails after it, complete (its hooks run) before it is published, and, when it reads an object
// made before it in the resolve, published only with the enclosing singleton or once the whole
// resolve succeeds.

private let clocksMade = Atomic<Int>(0)
private let archivesMade = Atomic<Int>(0)
private let archiveHookFails = Atomic<Bool>(false)
private let fuseBlows = Atomic<Bool>(false)

private final class Clock: Injectable, @unchecked Sendable {
    static var scope: Scope { .singleton }
    init() { clocksMade.add(1, ordering: .relaxed) }
}
private final class Fuse {}
/// Its clock is made, and published, before its fuse blows.
private final class Bench: Injectable, @unchecked Sendable {
    static var scope: Scope { .transient }
    var clock: Clock!
    var fuse: Fuse!
    static let dependencies: [Dependency<Bench>] = [.inject(\.clock), .inject(\.fuse)]
}

private final class Shelf: Injectable {
    static var scope: Scope { .transient }
}
/// A singleton whose hook fails while `archiveHookFails` is set.
private final class Archive: Injectable {
    static var scope: Scope { .singleton }
    var shelf: Shelf!
    init() { archivesMade.add(1, ordering: .relaxed) }
    func didInjectDependencies() throws {
        if archiveHookFails.load(ordering: .relaxed) { throw ArchiveLocked() }
    }
    static let dependencies: [Dependency<Archive>] = [.inject(\.shelf)]
}
private final class Library: Injectable {
    static var scope: Scope { .transient }
    var archive: Archive!
    static let dependencies: [Dependency<Library>] = [.inject(\.archive)]
}

/// A singleton reading back the frame it is made for, which is still being built.
private final class Gallery: Injectable {
    static var scope: Scope { .singleton }
    weak var frame: Frame?
    static let dependencies: [Dependency<Gallery>] = [.inject(\.frame)]
}
private final class Frame: Injectable {
    var gallery: Gallery!
    static let dependencies: [Dependency<Frame>] = [.inject(\.gallery)]
}

private let ledgersMade = Atomic<Int>(0)
private let ledgerFuseBlows = Atomic<Bool>(false)
private let platesMade = Atomic<Int>(0)
private let shopFuseBlows = Atomic<Bool>(false)

/// A singleton reading the `.graph` logbook its office made first; the office's fuse may blow
/// after it.
private final class Logbook: Injectable {}
private final class Ledger: Injectable {
    static var scope: Scope { .singleton }
    var logbook: Logbook!
    init() { ledgersMade.add(1, ordering: .relaxed) }
    static let dependencies: [Dependency<Ledger>] = [.inject(\.logbook)]
}
private final class LedgerFuse {}
private final class Office: Injectable, @unchecked Sendable {
    static var scope: Scope { .transient }
    var logbook: Logbook!
    var ledger: Ledger!
    var fuse: LedgerFuse!
    static let dependencies: [Dependency<Office>] = [.inject(\.logbook), .inject(\.ledger), .inject(\.fuse)]
}

/// A singleton (the plate) reading what the singleton it is made for (the press) made before it:
/// published with the press, which reads nothing made before it.
private final class Paper: Injectable {}
private final class Plate: Injectable {
    static var scope: Scope { .singleton }
    var paper: Paper!
    init() { platesMade.add(1, ordering: .relaxed) }
    static let dependencies: [Dependency<Plate>] = [.inject(\.paper)]
}
private final class Press: Injectable {
    static var scope: Scope { .singleton }
    var paper: Paper!
    var plate: Plate!
    static let dependencies: [Dependency<Press>] = [.inject(\.paper), .inject(\.plate)]
}
private final class ShopFuse {}
private final class Shop: Injectable {
    static var scope: Scope { .transient }
    var press: Press!
    var fuse: ShopFuse!
    static let dependencies: [Dependency<Shop>] = [.inject(\.press), .inject(\.fuse)]
}

/// A singleton made while another is, and needed again after it.
private final class Ink: Injectable {
    static var scope: Scope { .singleton }
}
private final class Printer: Injectable {
    static var scope: Scope { .singleton }
    var ink: Ink!
    static let dependencies: [Dependency<Printer>] = [.inject(\.ink)]
}
private final class Studio: Injectable {
    static var scope: Scope { .transient }
    var printer: Printer!
    var ink: Ink!
    static let dependencies: [Dependency<Studio>] = [.inject(\.printer), .inject(\.ink)]
}

/// Serialized: the suite counts creations in globals.
@Suite(.serialized) struct SingletonProgramTests {
    @Test func aSingletonMadeByTheProgramStaysWhenTheResolveFailsAfterIt() throws {
        let container = try Container { binder in
            binder.bind(Fuse.self).to(factory: { () throws -> Fuse in
                if fuseBlows.load(ordering: .relaxed) { throw FuseBlown() }
                return Fuse()
            })
        }
        clocksMade.store(0, ordering: .relaxed)
        fuseBlows.store(true, ordering: .relaxed)
        let error = captureResolutionError { try container.resolve(Bench.self) }
        fuseBlows.store(false, ordering: .relaxed)
        #expect(error?.code == .factoryFailed)
        #expect(try container.regionCount(of: Bench.self) == 1)
        let bench = try container.resolve(Bench.self)
        #expect(bench.clock === (try container.resolve(Clock.self)))
        #expect(clocksMade.load(ordering: .relaxed) == 1)
    }

    @Test func aSingletonIsPublishedOnlyOnceItsHooksHaveRun() throws {
        let container = Container()
        archivesMade.store(0, ordering: .relaxed)
        archiveHookFails.store(true, ordering: .relaxed)
        let error = captureResolutionError { try container.resolve(Library.self) }
        archiveHookFails.store(false, ordering: .relaxed)
        #expect(error?.code == .injectionHookFailed)
        #expect(try container.regionCount(of: Library.self) == 1)
        // The failed creation published nothing: the next resolve creates the archive again.
        let library = try container.resolve(Library.self)
        #expect(archivesMade.load(ordering: .relaxed) == 2)
        #expect(library.archive === (try container.resolve(Library.self)).archive)
    }

    @Test func aSingletonReadingAnObjectMadeBeforeItIsPublishedWhenTheResolveSucceeds() throws {
        let container = Container()
        let frame = try container.resolve(Frame.self)
        #expect(try container.regionCount(of: Frame.self) == 1)
        #expect(frame.gallery.frame === frame)
        // Published: the program is lowered again to read it as a constant.
        let next = try container.resolve(Frame.self)
        #expect(try container.regionCount(of: Frame.self) == 0)
        #expect(next.gallery === frame.gallery)
    }

    @Test func aSingletonReadingAnObjectMadeBeforeItIsDiscardedWhenTheResolveFailsAfterIt() throws {
        let container = try Container { binder in
            binder.bind(LedgerFuse.self).to(factory: { () throws -> LedgerFuse in
                if ledgerFuseBlows.load(ordering: .relaxed) { throw FuseBlown() }
                return LedgerFuse()
            })
        }
        ledgersMade.store(0, ordering: .relaxed)
        ledgerFuseBlows.store(true, ordering: .relaxed)
        let error = captureResolutionError { try container.resolve(Office.self) }
        ledgerFuseBlows.store(false, ordering: .relaxed)
        #expect(error?.code == .factoryFailed)
        #expect(try container.regionCount(of: Office.self) == 1)
        // Not published, and its creation lock released: another thread makes it again.
        let made = Locked<Office?>(nil)
        let finished = runOnThreads(1, timeout: .seconds(10)) { _ in
            let office = try? container.resolve(Office.self)
            made.withLock { $0 = office }
        }
        #expect(finished)
        let office = try #require(made.withLock { $0 })
        #expect(ledgersMade.load(ordering: .relaxed) == 2)
        #expect(office.ledger.logbook === office.logbook)
        #expect(try container.resolve(Office.self).ledger === office.ledger)
        #expect(ledgersMade.load(ordering: .relaxed) == 2)
    }

    @Test func threadsFirstResolvingASingletonThatReadsAnEarlierObjectShareOne() throws {
        let container = try Container { binder in binder.bind(LedgerFuse.self).to(factory: LedgerFuse.init) }
        ledgersMade.store(0, ordering: .relaxed)
        let offices = resolvedOnThreads(8) { try container.resolve(Office.self) }
        let ledgers = (offices ?? []).map { ObjectIdentifier($0.ledger) }
        #expect(ledgers.count == 8)
        #expect(Set(ledgers).count == 1)
        #expect(ledgersMade.load(ordering: .relaxed) == 1)
    }

    @Test func aSingletonDeferredToTheSingletonItIsMadeForIsPublishedWithIt() throws {
        let container = try Container { binder in
            binder.bind(ShopFuse.self).to(factory: { () throws -> ShopFuse in
                if shopFuseBlows.load(ordering: .relaxed) { throw FuseBlown() }
                return ShopFuse()
            })
        }
        platesMade.store(0, ordering: .relaxed)
        shopFuseBlows.store(true, ordering: .relaxed)
        let error = captureResolutionError { try container.resolve(Shop.self) }
        shopFuseBlows.store(false, ordering: .relaxed)
        #expect(error?.code == .factoryFailed)
        #expect(try container.regionCount(of: Shop.self) == 2)
        // The press was complete before the fuse blew, and published with its plate.
        let press = try container.resolve(Press.self)
        #expect(press.plate === (try container.resolve(Plate.self)))
        #expect(press.plate.paper === press.paper)
        #expect(try container.resolve(Shop.self).press === press)
        #expect(platesMade.load(ordering: .relaxed) == 1)
    }

    @Test func aFirstResolveThatCreatesTwoHundredSingletonsRunsAProgram() throws {
        // The first 200 links of a generated chain, each a singleton made in a region of its own.
        var types: [any Injectable.Type] = []
        var link: (any ChainLink)? = try Container().resolve(Chain1000Link0.self)
        while let current = link, types.count < 200, let type = type(of: current) as? any Injectable.Type {
            types.append(type)
            link = current.nextLink
        }
        func bindAsSingleton<T: Injectable>(_ type: T.Type, _ binder: Binder) {
            binder.bind(T.self).scoped(.singleton).to(T.self)
        }
        let container = try Container { binder in
            for type in types { bindAsSingleton(type, binder) }
        }
        let head = try container.resolve(Chain1000Link0.self)
        #expect(try container.hasProgram(of: Chain1000Link0.self))
        let again = try container.resolve(Chain1000Link0.self)
        #expect(again === head)
        var length = 0
        var next: (any ChainLink)? = head
        while let current = next {
            length += 1
            next = current.nextLink
        }
        #expect(length == 1_000)
    }

    @Test func aSingletonMadeInsideAnotherAndNeededAfterItIsReadAsAConstantOnceCreated() throws {
        let container = Container()
        // The ink is made in the printer's region, so the studio's own read of it after that
        // region has no slot to read when it is skipped: the program makes it there again then.
        let first = try container.resolve(Studio.self)
        #expect(try container.hasProgram(of: Studio.self))
        #expect(first.ink === first.printer.ink)
        let second = try container.resolve(Studio.self)
        #expect(try container.regionCount(of: Studio.self) == 0)
        #expect(second.ink === first.ink && second.printer === first.printer)
    }

    @Test func threadsFirstResolvingASingletonThroughTheProgramShareOne() throws {
        let container = try Container { binder in binder.bind(Fuse.self).to(factory: Fuse.init) }
        clocksMade.store(0, ordering: .relaxed)
        let benches = resolvedOnThreads(8) { try container.resolve(Bench.self) }
        let clocks = (benches ?? []).map { ObjectIdentifier($0.clock) }
        #expect(clocks.count == 8)
        #expect(Set(clocks).count == 1)
        #expect(clocksMade.load(ordering: .relaxed) == 1)
    }
}

private struct FuseBlown: Error {}
private struct ArchiveLocked: Error {}
