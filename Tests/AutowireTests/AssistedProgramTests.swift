import Testing

@testable import Autowire

// `AssistedFactory.make(_:)` resolves its target by the target's resolve program, the seed read
// from the call as a request is read from a `RequestScope` resolve: each made object records, from
// its `init()`, whether the resolve around it ran a program.

private struct TableNumber: Equatable { let raw: Int }

private final class Kitchen: Injectable {
    static var scope: Scope { .singleton }
}
/// Filled by the program: the seed, then the kitchen.
private final class Order: Injectable {
    var table: TableNumber!
    var kitchen: Kitchen!
    var waiter: Waiter!
    let madeByProgram = ActiveResolutions.innermostRunsAProgram
    static let dependencies: [Dependency<Order>] = [.assisted(\.table), .inject(\.kitchen), .inject(\.waiter)]
}
private final class Waiter: Injectable {
    let madeByProgram = ActiveResolutions.innermostRunsAProgram
}
private final class Floor: Injectable {
    var takeOrder: AssistedFactory<TableNumber, Order>!
    static let dependencies: [Dependency<Floor>] = [.inject(\.takeOrder)]
}
/// A singleton holding the factory: what it makes holds the container weakly.
private final class HeadWaiter: Injectable {
    static var scope: Scope { .singleton }
    var takeOrder: AssistedFactory<TableNumber, Order>!
    var makeTicket: AssistedFactory<TableNumber, Ticket>!
    static let dependencies: [Dependency<HeadWaiter>] = [.inject(\.takeOrder), .inject(\.makeTicket)]
}
/// Keeps a provider, which holds the container weakly when the ticket is made for a kept object.
private final class Ticket: Injectable {
    var table: TableNumber!
    var kitchen: Provider<Kitchen>!
    let madeByProgram = ActiveResolutions.innermostRunsAProgram
    static let dependencies: [Dependency<Ticket>] = [.assisted(\.table), .inject(\.kitchen)]
}

/// Made by a bound assisted factory: the seed is its first argument.
private final class Receipt {
    let table: TableNumber
    let kitchen: Kitchen
    let madeByProgram = ActiveResolutions.innermostRunsAProgram
    init(table: TableNumber, kitchen: Kitchen) {
        self.table = table
        self.kitchen = kitchen
    }
}

/// Made by a bound assisted factory that its own construction calls until it stops.
private final class Sapling {
    let madeByProgram = ActiveResolutions.innermostRunsAProgram
    let children: [Sapling]
    init(depth: Int, factory: AssistedFactory<Int, Sapling>) throws {
        children = depth > 0 ? [try factory.make(depth - 1), try factory.make(depth - 1)] : []
    }
    var all: [Sapling] { [self] + children.flatMap(\.all) }
}

@Suite struct AssistedProgramTests {
    @Test func anAssistedFactoryMakesItsObjectByTheTargetsProgram() throws {
        let container = Container()
        let floor = try container.resolve(Floor.self)
        let orders = try (1...3).map { try floor.takeOrder.make(TableNumber(raw: $0)) }
        #expect(orders.map(\.table) == [TableNumber(raw: 1), TableNumber(raw: 2), TableNumber(raw: 3)])
        #expect(orders.allSatisfy { $0.kitchen === orders[0].kitchen })
        #expect(orders[0].waiter !== orders[1].waiter)
        #expect(orders.dropFirst().allSatisfy { $0.madeByProgram && $0.waiter.madeByProgram })
    }

    @Test func aBoundAssistedFactoryMakesItsObjectByAProgram() throws {
        let container = try Container { binder in
            binder.bind(AssistedFactory<TableNumber, Receipt>.self).to(assisted: Receipt.init)
        }
        let makeReceipt = try container.resolve(AssistedFactory<TableNumber, Receipt>.self)
        let receipts = try (1...3).map { try makeReceipt.make(TableNumber(raw: $0)) }
        #expect(receipts.map(\.table) == [TableNumber(raw: 1), TableNumber(raw: 2), TableNumber(raw: 3)])
        #expect(receipts.dropFirst().allSatisfy { $0.madeByProgram })
    }

    /// Each `make` inside the construction of the object an outer one is making runs the target's
    /// program too: an assisted factory's target may run again while it runs, as on the recursive
    /// path, so the resolves around it building one do not refuse the program.
    @Test func anAssistedFactoryCalledInsideItsTargetsConstructionMakesItByTheProgram() throws {
        let container = try Container { binder in
            binder.bind(AssistedFactory<Int, Sapling>.self).to(assisted: Sapling.init)
        }
        let makeSapling = try container.resolve(AssistedFactory<Int, Sapling>.self)
        for _ in 0..<2 {
            let saplings = try makeSapling.make(3).all
            #expect(saplings.count == 15)
            #expect(saplings.filter(\.madeByProgram).count == 15)
        }
    }

    /// The singleton's factory runs the target's program for a kept object: the ticket's provider
    /// holds the container weakly, and throws once the container is gone.
    @Test func aKeptObjectsAssistedFactoryRunsAProgramThatHoldsTheContainerWeakly() throws {
        var headWaiter: HeadWaiter?
        var ticket: Ticket?
        do {
            let container = Container()
            headWaiter = try container.resolve(HeadWaiter.self)
            let orders = try (1...3).map { try headWaiter?.takeOrder.make(TableNumber(raw: $0)) }
            #expect(orders.dropFirst().allSatisfy { $0?.madeByProgram == true })
            ticket = try (1...2).map { try headWaiter?.makeTicket.make(TableNumber(raw: $0)) }.last ?? nil
            #expect(ticket?.madeByProgram == true)
            let kitchen = try container.resolve(Kitchen.self)
            #expect(try ticket?.kitchen.get() === kitchen)
        }
        let error = captureResolutionError { _ = try ticket?.kitchen.get() }
        #expect(error?.code == .containerReleased)
        let makeError = captureResolutionError { _ = try headWaiter?.takeOrder.make(TableNumber(raw: 9)) }
        #expect(makeError?.code == .containerReleased)
    }
}
