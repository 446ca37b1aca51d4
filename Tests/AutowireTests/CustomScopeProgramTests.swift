import Foundation
import Synchronization
import Testing

@testable import Autowire

// A custom scope's object is made by the resolve program, in a region the program skips while
// the scope keeps one for the generation the run pinned (see `ResolveProgram`): these tests check
// that the program is the path taken, that a reset gives the next resolve new instances, and that
// a resolve that began before a reset finishes in the generation it pinned, keeping nothing.

private enum Visit: CustomScope {}

private let basketsMade = Atomic<Int>(0)
/// The container a `Resetter` resets, set by the test that uses it.
private let containerToReset = Locked<Container?>(nil)

private final class Basket: Injectable, @unchecked Sendable {
    static var scope: Scope { .custom(Visit.self) }
    init() { basketsMade.add(1, ordering: .relaxed) }
}
private final class Receipt: Injectable {
    static var scope: Scope { .custom(Visit.self) }
}
private final class Aisle: Injectable, @unchecked Sendable {
    static var scope: Scope { .transient }
    var basket: Basket!
    var again: Basket!
    static let dependencies: [Dependency<Aisle>] = [.inject(\.basket), .inject(\.again)]
}
/// Resets the visit while a resolve is under way.
private final class Resetter: Injectable {
    static var scope: Scope { .transient }
    init() { containerToReset.withLock { $0 }?.reset(Visit.self) }
}
/// Its receipt is made after a reset in the middle of its resolve.
private final class Checkout: Injectable {
    static var scope: Scope { .transient }
    var basket: Basket!
    var resetter: Resetter!
    var receipt: Receipt!
    static let dependencies: [Dependency<Checkout>] = [.inject(\.basket), .inject(\.resetter), .inject(\.receipt)]
}

private enum Shift: CustomScope {}
private final class Badge: Injectable {
    static var scope: Scope { .custom(Shift.self) }
}
private final class Locker: Injectable {
    static var scope: Scope { .custom(Shift.self) }
}
/// Resets both scopes while a resolve is under way.
private final class ClosingBell: Injectable {
    static var scope: Scope { .transient }
    init() {
        let container = containerToReset.withLock { $0 }
        container?.reset(Visit.self)
        container?.reset(Shift.self)
    }
}
/// Pins two scopes, then meets an object of each after both were reset.
private final class Rota: Injectable {
    static var scope: Scope { .transient }
    var basket: Basket!
    var badge: Badge!
    var bell: ClosingBell!
    var receipt: Receipt!
    var locker: Locker!
    static let dependencies: [Dependency<Rota>] = [
        .inject(\.basket), .inject(\.badge), .inject(\.bell), .inject(\.receipt), .inject(\.locker),
    ]
}

/// Kept per visit, made by a closure that resolves the visit's basket.
private final class Trolley: @unchecked Sendable {
    let basket: Basket
    init(basket: Basket) { self.basket = basket }
}
private final class Till: Injectable {
    static var scope: Scope { .transient }
    var trolley: Trolley!
    var basket: Basket!
    static let dependencies: [Dependency<Till>] = [.inject(\.trolley), .inject(\.basket)]
}

/// Serialized: the suite counts creations in globals.
@Suite(.serialized) struct CustomScopeProgramTests {
    @Test func aCustomScopedObjectIsMadeByTheProgramAndKeptUntilItsScopeIsReset() throws {
        let container = Container()
        basketsMade.store(0, ordering: .relaxed)
        let aisles = try (0..<3).map { _ in try container.resolve(Aisle.self) }
        #expect(try container.regionCount(of: Aisle.self) == 1)
        #expect(aisles.allSatisfy { $0.basket === aisles[0].basket && $0.again === aisles[0].basket })
        #expect(basketsMade.load(ordering: .relaxed) == 1)
        container.reset(Visit.self)
        let after = try container.resolve(Aisle.self)
        #expect(after.basket !== aisles[0].basket && after.again === after.basket)
        #expect(basketsMade.load(ordering: .relaxed) == 2)
    }

    @Test func aResolveThatBeganBeforeAResetFinishesInItsGenerationAndKeepsNothingNew() throws {
        let container = Container()
        containerToReset.withLock { $0 = container }
        defer { containerToReset.withLock { $0 = nil } }
        // Twice: the first run lowers the program, the second runs it as lowered again.
        for _ in 0..<2 {
            let checkout = try container.resolve(Checkout.self)
            // Made for the generation the resolve pinned, which the reset ended: not kept.
            #expect(try container.resolve(Receipt.self) !== checkout.receipt)
            #expect(try container.resolve(Basket.self) !== checkout.basket)
        }
        #expect(try container.regionCount(of: Checkout.self) == 2)
    }

    @Test func aResolveKeepsTheGenerationItPinnedInEachOfTheScopesItReaches() throws {
        let container = Container()
        containerToReset.withLock { $0 = container }
        defer { containerToReset.withLock { $0 = nil } }
        for _ in 0..<2 {
            let rota = try container.resolve(Rota.self)
            #expect(try container.resolve(Receipt.self) !== rota.receipt)
            #expect(try container.resolve(Locker.self) !== rota.locker)
        }
        #expect(try container.regionCount(of: Rota.self) == 4)
    }

    /// The closure is called in the trolley's region, in the resolution the program joins from
    /// its start: the basket it resolves is the one the program reads after it.
    @Test func aCustomScopedObjectMadeByAClosureIsMadeByTheProgramAndKeptUntilItsScopeIsReset() throws {
        let container = try Container { binder in
            binder.bind(Trolley.self).scoped(.custom(Visit.self)).to { resolver in
                Trolley(basket: try resolver.resolve())
            }
        }
        let first = try container.resolve(Till.self)
        #expect(try container.hasProgram(of: Till.self))
        #expect(first.trolley.basket === first.basket)
        #expect(try container.resolve(Trolley.self) === first.trolley)
        #expect(try container.hasProgram(of: Trolley.self))
        #expect(try container.resolve(Till.self).trolley === first.trolley)
        container.reset(Visit.self)
        let after = try container.resolve(Till.self)
        #expect(after.trolley !== first.trolley)
        #expect(after.trolley.basket === after.basket)
        #expect(after.basket !== first.basket)
    }

    @Test func threadsFirstResolvingACustomScopedObjectShareOne() throws {
        let container = Container()
        basketsMade.store(0, ordering: .relaxed)
        let aisles = resolvedOnThreads(8) { try container.resolve(Aisle.self) }
        let baskets = (aisles ?? []).map { ObjectIdentifier($0.basket) }
        #expect(baskets.count == 8)
        #expect(Set(baskets).count == 1)
        #expect(basketsMade.load(ordering: .relaxed) == 1)
    }
}

// MARK: More scopes than a run pins in place

private enum Morning: CustomScope {}
private enum Noon: CustomScope {}
private enum Evening: CustomScope {}
private enum Night: CustomScope {}
private enum Dawn: CustomScope {}
private final class MorningPass: Injectable { static var scope: Scope { .custom(Morning.self) } }
private final class NoonPass: Injectable { static var scope: Scope { .custom(Noon.self) } }
private final class EveningPass: Injectable { static var scope: Scope { .custom(Evening.self) } }
private final class NightPass: Injectable { static var scope: Scope { .custom(Night.self) } }
private final class DawnPass: Injectable { static var scope: Scope { .custom(Dawn.self) } }
private final class DawnTicket: Injectable { static var scope: Scope { .custom(Dawn.self) } }
/// Resets all five scopes while a resolve is under way.
private final class Curfew: Injectable {
    static var scope: Scope { .transient }
    init() {
        let container = containerToReset.withLock { $0 }
        for scope in [Morning.self, Noon.self, Evening.self, Night.self, Dawn.self] as [any CustomScope.Type] {
            container?.reset(scope)
        }
    }
}
/// Pins five scopes, then meets another object of the fifth after every scope was reset.
private final class DayPlan: Injectable {
    static var scope: Scope { .transient }
    var morning: MorningPass!
    var noon: NoonPass!
    var evening: EveningPass!
    var night: NightPass!
    var dawn: DawnPass!
    var curfew: Curfew!
    var ticket: DawnTicket!
    static let dependencies: [Dependency<DayPlan>] = [
        .inject(\.morning), .inject(\.noon), .inject(\.evening), .inject(\.night), .inject(\.dawn), .inject(\.curfew),
        .inject(\.ticket),
    ]
}
/// Five scopes, no reset.
private final class Week: Injectable {
    static var scope: Scope { .transient }
    var morning: MorningPass!
    var noon: NoonPass!
    var evening: EveningPass!
    var night: NightPass!
    var dawn: DawnPass!
    static let dependencies: [Dependency<Week>] = [
        .inject(\.morning), .inject(\.noon), .inject(\.evening), .inject(\.night), .inject(\.dawn),
    ]
}

extension CustomScopeProgramTests {
    @Test func aProgramReachingFiveCustomScopesKeepsEachObjectUntilItsOwnScopeIsReset() throws {
        let container = Container()
        let first = try container.resolve(Week.self)
        #expect(try container.hasProgram(of: Week.self))
        let second = try container.resolve(Week.self)
        #expect(second.morning === first.morning && second.dawn === first.dawn)
        container.reset(Dawn.self)
        let third = try container.resolve(Week.self)
        #expect(third.dawn !== first.dawn)
        #expect(third.night === first.night && third.morning === first.morning)
    }

    @Test func aResolveKeepsTheGenerationItPinnedInTheFifthScopeItReaches() throws {
        let container = Container()
        containerToReset.withLock { $0 = container }
        defer { containerToReset.withLock { $0 = nil } }
        for _ in 0..<2 {
            let plan = try container.resolve(DayPlan.self)
            // Made for the generation the resolve pinned in the fifth scope, which the reset ended:
            // not kept.
            #expect(try container.resolve(DawnTicket.self) !== plan.ticket)
            #expect(try container.resolve(DawnPass.self) !== plan.dawn)
        }
        #expect(try container.hasProgram(of: DayPlan.self))
    }
}
