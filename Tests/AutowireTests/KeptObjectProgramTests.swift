import Autowire
import Synchronization
import Testing

// A singleton that keeps a `Provider` or a `Resolver` resolves later, outside its own creation:
// each such resolve runs the root's program lowered for a kept object, in which every handle and
// resolver holds the container weakly, as the object keeps what it gets.

private final class Ledger: Injectable {}
/// Made on each `get()`, with a `.graph` ledger its entries share.
private final class Statement: Injectable {
    static var scope: Scope { .transient }
    var ledger: Ledger!
    var opening: Entry!
    var closing: Entry!
    var nextStatement: Provider<Statement>!
    static let dependencies: [Dependency<Statement>] = [
        .inject(\.ledger), .inject(\.opening), .inject(\.closing), .inject(\.nextStatement),
    ]
}
private final class Entry: Injectable {
    static var scope: Scope { .transient }
    var ledger: Ledger!
    static let dependencies: [Dependency<Entry>] = [.inject(\.ledger)]
}
/// A singleton that makes statements when asked.
private final class Bank: Injectable {
    static var scope: Scope { .singleton }
    var statements: Provider<Statement>!
    static let dependencies: [Dependency<Bank>] = [.inject(\.statements)]
}

/// Made by a closure that keeps its resolver.
private final class Courier: Sendable {
    let resolver: Resolver
    init(resolver: Resolver) { self.resolver = resolver }
}
/// Reaches the courier's closure.
private final class Delivery: Injectable {
    static var scope: Scope { .transient }
    var courier: Courier!
    var ledger: Ledger!
    static let dependencies: [Dependency<Delivery>] = [.inject(\.courier), .inject(\.ledger)]
}
/// A singleton that keeps the deliveries it asks for.
private final class Depot: Injectable, @unchecked Sendable {
    static var scope: Scope { .singleton }
    var deliveries: Provider<Delivery>!
    var kept: [Delivery] = []
    static let dependencies: [Dependency<Depot>] = [.inject(\.deliveries)]
}
/// Alive exactly as long as the container's state is.
private final class Sentinel: Injectable {
    static var scope: Scope { .singleton }
}

@Suite struct KeptObjectProgramTests {
    @Test func aProviderASingletonKeepsRunsTheProgramForKeptObjects() throws {
        let container = Container()
        let bank = try container.resolve(Bank.self)
        #expect(try !container.hasProgramForKeptObject(of: Statement.self))
        let first = try bank.statements.get()
        let second = try bank.statements.get()
        #expect(try container.hasProgramForKeptObject(of: Statement.self))
        #expect(first !== second)
        #expect(first.opening.ledger === first.ledger && first.closing.ledger === first.ledger)
        #expect(first.opening !== first.closing)
        #expect(second.ledger !== first.ledger)
    }

    /// The statement's provider, and the courier's resolver, are made in a resolve the bank's
    /// provider started: the bank keeps them, so they must not keep the container alive.
    @Test func whatTheProgramForAKeptObjectMakesHoldsTheContainerWeakly() throws {
        weak var weakContainer: Container?
        weak var sentinel: Sentinel?
        weak var depot: Depot?
        var courierResolver: Resolver?
        do {
            let container = try Container { binder in
                binder.bind(Courier.self).to { resolver in Courier(resolver: resolver) }
            }
            weakContainer = container
            sentinel = try container.resolve(Sentinel.self)
            let kept = try container.resolve(Depot.self)
            for _ in 0..<3 { kept.kept.append(try kept.deliveries.get()) }
            #expect(try container.hasProgramForKeptObject(of: Delivery.self))
            let statement = try container.resolve(Bank.self).statements.get()
            _ = try statement.nextStatement.get()
            #expect(try kept.kept[2].courier.resolver.resolve(Sentinel.self) === sentinel)
            courierResolver = kept.kept[2].courier.resolver
            depot = kept
        }
        #expect(weakContainer == nil)
        #expect(depot == nil)
        #expect(sentinel == nil)
        let error = captureResolutionError { _ = try courierResolver?.resolve(Sentinel.self) }
        #expect(error?.code == .containerReleased)
        #expect(
            error?.diagnostics.first?.message
                == "Resolver.resolve(_:) was called after the container that made it was released.")
    }
}
