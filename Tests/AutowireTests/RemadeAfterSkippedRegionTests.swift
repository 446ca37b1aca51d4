import Synchronization
import Testing

@testable import Autowire

// A `.graph` object made inside a region (the making of an object a scope keeps) and needed
// again after it is not there when a run skips the region: the program makes it where it is met
// next, only when its slot is empty. These tests check that such roots run a program, which objects
// are shared, that each hook runs once, and that nothing is leaked.

private let liveNotes = Atomic<Int>(0)
private let noteHooks = Atomic<Int>(0)
private let liveInks = Atomic<Int>(0)

/// A `.graph` object with a hook, counted while alive.
private final class Note: Injectable {
    init() { liveNotes.add(1, ordering: .relaxed) }
    deinit { liveNotes.subtract(1, ordering: .relaxed) }
    func didInjectDependencies() throws { noteHooks.add(1, ordering: .relaxed) }
}
private final class Badge: Injectable {
    static var scope: Scope { .weak }
    var note: Note!
    static let dependencies: [Dependency<Badge>] = [.inject(\.note)]
}
/// Its note is made inside the badge's region, and met again after it.
private final class Desk: Injectable {
    static var scope: Scope { .transient }
    var badge: Badge!
    var note: Note!
    static let dependencies: [Dependency<Desk>] = [.inject(\.badge), .inject(\.note)]
}

private final class Ink: Injectable {
    init() { liveInks.add(1, ordering: .relaxed) }
    deinit { liveInks.subtract(1, ordering: .relaxed) }
}
private final class Pen: Injectable {
    var ink: Ink!
    static let dependencies: [Dependency<Pen>] = [.inject(\.ink)]
}
private final class Stamp: Injectable {
    static var scope: Scope { .weak }
    var pen: Pen!
    static let dependencies: [Dependency<Stamp>] = [.inject(\.pen)]
}
/// Its pen and the pen's ink are made inside the stamp's region; both are met again.
private final class Counter: Injectable {
    static var scope: Scope { .transient }
    var stamp: Stamp!
    var pen: Pen!
    var ink: Ink!
    static let dependencies: [Dependency<Counter>] = [.inject(\.stamp), .inject(\.pen), .inject(\.ink)]
}
/// Only the ink, made deep inside the stamp's region, is met again.
private final class Booth: Injectable {
    static var scope: Scope { .transient }
    var stamp: Stamp!
    var ink: Ink!
    static let dependencies: [Dependency<Booth>] = [.inject(\.stamp), .inject(\.ink)]
}

private final class Tower: Injectable {
    static var scope: Scope { .singleton }
    var note: Note!
    static let dependencies: [Dependency<Tower>] = [.inject(\.note)]
}
/// Its note is made inside the tower's region, which a run skips once the tower exists.
private final class Plaza: Injectable {
    static var scope: Scope { .transient }
    var tower: Tower!
    var note: Note!
    static let dependencies: [Dependency<Plaza>] = [.inject(\.tower), .inject(\.note)]
}

/// A weak object inside another one's making.
private final class Wing: Injectable {
    static var scope: Scope { .weak }
    var note: Note!
    static let dependencies: [Dependency<Wing>] = [.inject(\.note)]
}
private final class Hangar: Injectable {
    static var scope: Scope { .weak }
    var wing: Wing!
    static let dependencies: [Dependency<Hangar>] = [.inject(\.wing)]
}
/// Its note is made inside the wing's region, inside the hangar's.
private final class Airfield: Injectable {
    static var scope: Scope { .transient }
    var hangar: Hangar!
    var note: Note!
    static let dependencies: [Dependency<Airfield>] = [.inject(\.hangar), .inject(\.note)]
}

private enum Shift: CustomScope {}
private let sealBreaks = Atomic<Bool>(false)

/// A `.graph` object whose factory fails while `sealBreaks` is set.
private final class Seal {}
private final class Register: Injectable {
    static var scope: Scope { .custom(Shift.self) }
    var note: Note!
    var seal: Seal!
    static let dependencies: [Dependency<Register>] = [.inject(\.note), .inject(\.seal)]
}
/// Its note and seal are made inside the register's region, and met again after it.
private final class Till: Injectable {
    static var scope: Scope { .transient }
    var register: Register!
    var note: Note!
    var seal: Seal!
    static let dependencies: [Dependency<Till>] = [.inject(\.register), .inject(\.note), .inject(\.seal)]
}

/// Serialized: the suite counts live objects and hooks in globals.
@Suite(.serialized) struct RemadeAfterSkippedRegionTests {
    @Test func aGraphObjectMadeForAWeakObjectIsMadeAgainWhereItIsMetNextWhenTheRegionIsSkipped() throws {
        let container = Container()
        noteHooks.store(0, ordering: .relaxed)
        var desk: Desk? = try container.resolve(Desk.self)
        #expect(try container.hasProgram(of: Desk.self))
        #expect(desk?.badge.note === desk?.note)
        #expect(noteHooks.load(ordering: .relaxed) == 1)
        // The badge lives on, so this run skips its region and makes a note of its own.
        var other: Desk? = try container.resolve(Desk.self)
        #expect(other?.badge === desk?.badge)
        #expect(other?.note !== desk?.note)
        #expect(other?.note != nil)
        #expect(noteHooks.load(ordering: .relaxed) == 2)
        #expect(liveNotes.load(ordering: .relaxed) == 2)
        desk = nil
        other = nil
        #expect(liveNotes.load(ordering: .relaxed) == 0)
    }

    @Test func whatTheObjectMetAgainNeedsFromTheSkippedRegionIsMadeAgainWithIt() throws {
        let container = Container()
        var first: Counter? = try container.resolve(Counter.self)
        #expect(try container.hasProgram(of: Counter.self))
        #expect(first?.stamp.pen === first?.pen && first?.pen.ink === first?.ink)
        var second: Counter? = try container.resolve(Counter.self)
        #expect(second?.stamp === first?.stamp)
        #expect(second?.pen !== first?.pen)
        #expect(second?.pen.ink === second?.ink)
        #expect(second?.ink !== first?.ink)
        var booth: Booth? = try container.resolve(Booth.self)
        #expect(try container.hasProgram(of: Booth.self))
        #expect(booth?.stamp === first?.stamp)
        #expect(booth?.ink !== first?.ink)
        #expect(liveInks.load(ordering: .relaxed) == 3)
        first = nil
        second = nil
        booth = nil
        #expect(liveInks.load(ordering: .relaxed) == 0)
    }

    @Test func aGraphObjectMadeForASingletonIsMadeAgainOnceTheSingletonExists() throws {
        let container = Container()
        noteHooks.store(0, ordering: .relaxed)
        let plaza = try container.resolve(Plaza.self)
        // A program from the first resolve, which creates the tower.
        #expect(try container.hasProgram(of: Plaza.self))
        #expect(plaza.tower.note === plaza.note)
        let next = try container.resolve(Plaza.self)
        #expect(next.tower === plaza.tower)
        #expect(next.note !== plaza.note)
        #expect(noteHooks.load(ordering: .relaxed) == 2)
    }

    @Test func aRegionThatRunsAroundASkippedOneStillMakesWhatTheSkippedOneWouldHave() throws {
        let container = Container()
        noteHooks.store(0, ordering: .relaxed)
        // The wing lives on without its hangar: the next run makes a hangar, skips the wing's
        // region inside it, and makes the airfield's note where it meets it.
        let wing = try container.resolve(Wing.self)
        let airfield = try container.resolve(Airfield.self)
        #expect(try container.hasProgram(of: Airfield.self))
        #expect(airfield.hangar.wing === wing)
        #expect(airfield.note !== wing.note)
        #expect(noteHooks.load(ordering: .relaxed) == 2)
        let again = try container.resolve(Airfield.self)
        #expect(again.hangar === airfield.hangar)
        #expect(again.note !== airfield.note)
        #expect(noteHooks.load(ordering: .relaxed) == 3)
    }

    @Test func aCustomScopesObjectSharesWhatItMadeOnlyUntilItsScopeIsReset() throws {
        let container = try tillContainer()
        let first = try container.resolve(Till.self)
        #expect(try container.hasProgram(of: Till.self))
        #expect(first.register.note === first.note && first.register.seal === first.seal)
        let second = try container.resolve(Till.self)
        #expect(second.register === first.register)
        #expect(second.note !== first.note && second.seal !== first.seal)
        container.reset(Shift.self)
        let third = try container.resolve(Till.self)
        #expect(third.register !== first.register)
        #expect(third.register.note === third.note && third.register.seal === third.seal)
    }

    @Test func aFailureWhileMakingAnObjectAgainNamesItsPathAndLeaksNothing() throws {
        let container = try tillContainer()
        var kept: Till? = try container.resolve(Till.self)
        let livesBefore = liveNotes.load(ordering: .relaxed)
        sealBreaks.store(true, ordering: .relaxed)
        let error = captureResolutionError { try container.resolve(Till.self) }
        sealBreaks.store(false, ordering: .relaxed)
        #expect(try container.hasProgram(of: Till.self))
        #expect(error?.code == .factoryFailed)
        #expect(error?.path == ["Till.seal", "Seal"])
        // The note made again before the seal failed was released with the failed resolve.
        #expect(liveNotes.load(ordering: .relaxed) == livesBefore)
        let after = try container.resolve(Till.self)
        #expect(after.register === kept?.register && after.seal !== kept?.seal)
        kept = nil
    }

    private func tillContainer() throws -> Container {
        try Container { binder in
            binder.bind(Seal.self).to(factory: { () throws -> Seal in
                if sealBreaks.load(ordering: .relaxed) { throw SealBroken() }
                return Seal()
            })
        }
    }
}

private struct SealBroken: Error {}
