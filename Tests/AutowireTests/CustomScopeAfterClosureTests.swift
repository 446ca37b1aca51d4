import Synchronization
import Testing

@testable import Autowire

// A custom scope's object met by a resolve program after a closure factory was called, or a
// closure called while one is made: the program shares the resolution the closures run in, looks
// the object up there before asking the scope, and works in the generation that resolution pinned,
// so that the graph never holds two of one object nor instances from both sides of a reset.

private enum Stay: CustomScope {}

/// The container a `Checkin`'s closure resets, set by the test that uses it.
private let containerToReset = Locked<Container?>(nil)

/// Made by a closure, in the `.graph` scope.
private final class Ticket {}

private final class Key: Injectable {
    static var scope: Scope { .custom(Stay.self) }
}
private final class Towel: Injectable {
    static var scope: Scope { .custom(Stay.self) }
}
/// Kept for the stay, and reads the closure's ticket.
private final class Room: Injectable {
    static var scope: Scope { .custom(Stay.self) }
    var ticket: Ticket!
    static let dependencies: [Dependency<Room>] = [.inject(\.ticket)]
}

/// Its key is met after the ticket's closure.
private final class Guest: Injectable {
    var ticket: Ticket!
    var key: Key!
    static let dependencies: [Dependency<Guest>] = [.inject(\.ticket), .inject(\.key)]
}

/// Its room calls the ticket's closure inside the room's region.
private final class Lobby: Injectable {
    var room: Room!
    var ticket: Ticket!
    static let dependencies: [Dependency<Lobby>] = [.inject(\.room), .inject(\.ticket)]
}

/// Made by a closure that resolves the key.
private final class Badge {
    let key: Key
    init(key: Key) { self.key = key }
}
private final class Visitor: Injectable {
    var badge: Badge!
    var key: Key!
    static let dependencies: [Dependency<Visitor>] = [.inject(\.badge), .inject(\.key)]
}

/// Made by a closure that resolves the key and then resets the stay.
private final class Checkin {
    let key: Key
    init(key: Key) { self.key = key }
}
private final class Arrival: Injectable {
    var checkin: Checkin!
    var key: Key!
    var towel: Towel!
    static let dependencies: [Dependency<Arrival>] = [.inject(\.checkin), .inject(\.key), .inject(\.towel)]
}

/// Made by a closure that resolves a suite: a nested program, which meets the key.
private final class Booking {
    let suite: Suite
    init(suite: Suite) { self.suite = suite }
}
private final class Suite: Injectable {
    var key: Key!
    static let dependencies: [Dependency<Suite>] = [.inject(\.key)]
}
private final class Reservation: Injectable {
    var booking: Booking!
    var key: Key!
    static let dependencies: [Dependency<Reservation>] = [.inject(\.booking), .inject(\.key)]
}

/// A `.graph` object, made inside a suite's region.
private final class Lamp: Injectable {}
private final class LitSuite: Injectable {
    static var scope: Scope { .custom(Stay.self) }
    var lamp: Lamp!
    static let dependencies: [Dependency<LitSuite>] = [.inject(\.lamp)]
}
/// Made by a closure that resolves the lamp.
private final class Pass {
    let lamp: Lamp
    init(lamp: Lamp) { self.lamp = lamp }
}
/// The closure is called after the suite's region, which made the lamp when it ran.
private final class Tour: Injectable {
    var suite: LitSuite!
    var pass: Pass!
    static let dependencies: [Dependency<Tour>] = [.inject(\.suite), .inject(\.pass)]
}

private func container() throws -> Container {
    try Container { binder in
        binder.bind(Ticket.self).to { _ in Ticket() }
        binder.bind(Badge.self).to { resolver in Badge(key: try resolver.resolve()) }
        binder.bind(Checkin.self).to { resolver in
            let key: Key = try resolver.resolve()
            containerToReset.withLock { $0 }?.reset(Stay.self)
            return Checkin(key: key)
        }
        binder.bind(Booking.self).to { resolver in Booking(suite: try resolver.resolve()) }
        binder.bind(Pass.self).to { resolver in Pass(lamp: try resolver.resolve()) }
    }
}

@Suite(.serialized) struct CustomScopeAfterClosureTests {
    @Test func aCustomScopedObjectMetAfterAClosureIsMadeByTheProgramAndKeptForTheScope() throws {
        let container = try container()
        let first = try container.resolve(Guest.self)
        let second = try container.resolve(Guest.self)
        #expect(try container.hasProgram(of: Guest.self))
        #expect(second.key === first.key)
        #expect(second.ticket !== first.ticket)
        container.reset(Stay.self)
        #expect(try container.resolve(Guest.self).key !== first.key)
    }

    @Test func aClosureCalledWhileACustomScopedObjectIsMadeSharesTheResolvesGraph() throws {
        let container = try container()
        let first = try container.resolve(Lobby.self)
        #expect(first.room.ticket === first.ticket)
        let second = try container.resolve(Lobby.self)
        #expect(try container.hasProgram(of: Lobby.self))
        #expect(second.room === first.room)
        #expect(second.ticket !== first.ticket)
        container.reset(Stay.self)
        let third = try container.resolve(Lobby.self)
        #expect(third.room !== first.room)
        #expect(third.room.ticket === third.ticket)
    }

    @Test func aCustomScopedObjectAClosureResolvedIsTheOneTheProgramMeetsAfter() throws {
        let container = try container()
        for _ in 0..<2 {
            let visitor = try container.resolve(Visitor.self)
            #expect(visitor.badge.key === visitor.key)
        }
        #expect(try container.hasProgram(of: Visitor.self))
        container.reset(Stay.self)
        let visitor = try container.resolve(Visitor.self)
        #expect(visitor.badge.key === visitor.key)
        #expect(try container.resolve(Key.self) === visitor.key)
    }

    /// The closure pins the stay's generation, then resets it: the towel the program makes after
    /// it is made for the generation the resolve pinned, which is over, and is not kept.
    @Test func aResetInsideAClosureLeavesTheRestOfTheResolveInTheGenerationItPinned() throws {
        let container = try container()
        containerToReset.withLock { $0 = container }
        defer { containerToReset.withLock { $0 = nil } }
        // Twice: the first run lowers the program, the second runs it.
        for _ in 0..<2 {
            let arrival = try container.resolve(Arrival.self)
            #expect(arrival.checkin.key === arrival.key)
            #expect(try container.resolve(Towel.self) !== arrival.towel)
            #expect(try container.resolve(Key.self) !== arrival.key)
        }
        #expect(try container.hasProgram(of: Arrival.self))
    }

    /// The lamp is the resolve's when the suite's region ran, and the closure's own when the
    /// suite was kept already.
    @Test func aClosureCalledAfterACustomScopesRegionSeesWhatTheRegionMade() throws {
        let container = try container()
        let first = try container.resolve(Tour.self)
        #expect(first.pass.lamp === first.suite.lamp)
        let second = try container.resolve(Tour.self)
        #expect(try container.hasProgram(of: Tour.self))
        #expect(second.suite === first.suite)
        #expect(second.pass.lamp !== first.suite.lamp)
        container.reset(Stay.self)
        let third = try container.resolve(Tour.self)
        #expect(third.suite !== first.suite)
        #expect(third.pass.lamp === third.suite.lamp)
    }

    @Test func aNestedProgramMeetingACustomScopedObjectSharesItWithTheResolveAroundIt() throws {
        let container = try container()
        for _ in 0..<2 {
            let reservation = try container.resolve(Reservation.self)
            #expect(reservation.booking.suite.key === reservation.key)
            #expect(try container.resolve(Key.self) === reservation.key)
        }
        #expect(try container.hasProgram(of: Reservation.self))
        #expect(try container.hasNestedProgram(of: Suite.self))
    }
}
