import Synchronization
import Testing

@testable import Autowire

// Properties declared as protocols, each protocol bound to an `Injectable` or
// `ConstructorInjectable` class (`bind((any P).self).to(Impl.self)`): how application code usually
// wires. A resolve program stores the implementation object into such a property, converted to
// the protocol as it is stored by code compiled where the binding was written, rather than
// calling a conversion that boxes the value first.

private protocol Clock {
    func now() -> Int
}

private protocol Journal: AnyObject {
    var clock: (any Clock)! { get }
}

private protocol Named {
    var name: String { get }
}

private final class TickClock: Clock, Injectable {
    func now() -> Int { 42 }
}

private final class PaperJournal: Journal, Named, Injectable {
    var clock: (any Clock)!
    let name = "paper"
    static let dependencies: [Dependency<PaperJournal>] = [.inject(\.clock)]
}

/// Bound as a `Clock`, but not one.
private final class Sundial: Injectable {}

/// A `ConstructorInjectable` class bound to a protocol.
private final class BrassClock: Clock, ConstructorInjectable {
    func now() -> Int { 7 }
    static let construction = Construction(BrassClock.init)
}

/// An implementation made anew wherever it is needed, to watch the object a store replaces.
private final class Stamp: Clock, Injectable {
    func now() -> Int { 1 }
    static var scope: Scope { .transient }
}

private final class Desk: Injectable {
    var clock: (any Clock)!
    var journal: (any Journal)?
    var named: any Named = Unnamed()
    var labelled: (any Journal & Named)!
    static let dependencies: [Dependency<Desk>] = [
        .inject(\.clock), .inject(\.journal), .inject(\.named), .inject(\.labelled),
    ]
}

private struct Unnamed: Named {
    let name = "unnamed"
}

/// A class that subclasses may override: its properties are written through their key paths.
private class OpenDesk: Injectable {
    var clock: (any Clock)!
    required init() {}
    class var dependencies: [Dependency<OpenDesk>] { [.inject(\.clock)] }
}

private final class Shelf: Injectable {
    var clock: (any Clock)!
    static let dependencies: [Dependency<Shelf>] = [.inject(\.clock)]
}

/// One clock for the whole container.
private final class SharedClock: Clock, Injectable {
    func now() -> Int { 9 }
    static var scope: Scope { .singleton }
}

/// Made by its initializer, whose parameters are protocols.
private final class Scheduler: ConstructorInjectable {
    let clock: any Clock
    let journal: any Journal
    init(clock: any Clock, journal: any Journal) {
        self.clock = clock
        self.journal = journal
    }
    static let construction = Construction(Scheduler.init)
}

private final class Planner: Injectable {
    var scheduler: Scheduler!
    static let dependencies: [Dependency<Planner>] = [.inject(\.scheduler)]
}

private func deskContainer() throws -> Container {
    try Container { binder in
        binder.bind((any Clock).self).to(TickClock.self)
        binder.bind((any Journal).self).to(PaperJournal.self)
        binder.bind((any Named).self).to(PaperJournal.self)
        binder.bind((any Journal & Named).self).to(PaperJournal.self)
    }
}

@Suite struct ProtocolPropertyTests {
    @Test func protocolPropertiesAreFilledWithTheirImplementationsAndShareThem() throws {
        let container = try deskContainer()
        for _ in 0..<3 {
            let desk = try container.resolve(Desk.self)
            #expect(desk.clock.now() == 42)
            #expect(desk.named.name == "paper")
            #expect(desk.labelled.name == "paper")
            // One `PaperJournal` per resolve (its own `.graph` scope), whichever protocol reaches it,
            // and one `TickClock`, shared with the journal.
            let journal = try #require(desk.journal)
            let sameJournal = [desk.named as AnyObject, desk.labelled as AnyObject].allSatisfy { $0 === journal }
            #expect(sameJournal)
            let sameClock = (journal.clock as AnyObject) === (desk.clock as AnyObject)
            #expect(sameClock)
        }
    }

    @Test func aProgramStoresImplementationsIntoProtocolPropertiesWithoutCallingAConversion() throws {
        let container = try deskContainer()
        // The first resolves learn the properties' offsets and prove each conversion.
        for _ in 0..<3 { _ = try container.resolve(Desk.self) }
        #expect(try container.hasProgram(of: Desk.self))
        #expect(try container.factoryCalls(of: Desk.self) == 0)
        #expect(try container.resolve(Desk.self).clock.now() == 42)
    }

    @Test func aConstructorInjectableImplementationIsStoredWithoutAConversionToo() throws {
        let container = try Container { binder in
            binder.bind((any Clock).self).to(BrassClock.self)
        }
        for _ in 0..<3 { #expect(try container.resolve(Shelf.self).clock.now() == 7) }
        let shelf = Shelf()
        try container.resolve(PropertyInjector<Shelf>.self).inject(into: shelf)
        #expect(shelf.clock.now() == 7)
        // Only the `BrassClock` construction's own call is left.
        #expect(try container.factoryCalls(of: Shelf.self) == 1)
    }

    @Test func aConstructorsProtocolParametersTakeTheirImplementationsWithoutAConversion() throws {
        let container = try Container { binder in
            binder.bind((any Clock).self).to(TickClock.self)
            binder.bind((any Journal).self).to(PaperJournal.self)
        }
        for _ in 0..<3 {
            let scheduler = try container.resolve(Planner.self).scheduler!
            #expect(scheduler.clock.now() == 42)
            // The journal's clock is the scheduler's: one `TickClock` per resolve.
            let sameClock = (scheduler.journal.clock as AnyObject) === (scheduler.clock as AnyObject)
            #expect(sameClock)
        }
        // The construction's own call only: no conversion boxes either parameter.
        #expect(try container.factoryCalls(of: Planner.self) == 1)
    }

    @Test func aTypedFactoryTakesASingletonImplementationConvertedOnce() throws {
        let container = try Container { binder in
            binder.bind((any Clock).self).to(SharedClock.self)
            binder.bind((any Journal).self).to(PaperJournal.self)
            binder.bind(Scheduler.self).to(factory: Scheduler.init)
        }
        let schedulers = try (0..<3).map { _ in try container.resolve(Planner.self).scheduler! }
        let clocks = schedulers.map { $0.clock as AnyObject }
        #expect(clocks.allSatisfy { $0 === clocks[0] })
        #expect(schedulers.allSatisfy { $0.clock.now() == 9 })
        #expect(try container.factoryCalls(of: Planner.self) == 1)
    }

    @Test func threadsResolvingAFreshContainerAtOnceProveAndUseTheConversionsTogether() throws {
        // Their first resolves convert through the aliases (noting the proof) while others lower
        // programs that read it: each desk must come out whole, whichever program made it, and
        // TSan (this suite is in its filter) must see no race.
        let container = try deskContainer()
        let whole = Atomic<Int>(0)
        let finished = runOnThreads(8) { _ in
            for _ in 0..<50 {
                guard let desk = try? container.resolve(Desk.self), let journal = desk.journal else { continue }
                let sameClock = (journal.clock as AnyObject) === (desk.clock as AnyObject)
                if sameClock, desk.named.name == "paper", desk.labelled.name == "paper" {
                    whole.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(finished)
        #expect(whole.load(ordering: .relaxed) == 8 * 50)
        // Which program ends up published depends on the race (a root is lowered at most three
        // times, and a run may lower again before another has proved a conversion): both forms
        // are correct, so only the result is checked here.
        #expect(try container.resolve(Desk.self).clock.now() == 42)
    }

    @Test func aStoreReleasesTheImplementationItReplaces() throws {
        let container = try Container { binder in
            binder.bind((any Clock).self).to(Stamp.self)
        }
        let injector = try container.resolve(PropertyInjector<Shelf>.self)
        for _ in 0..<3 { try injector.inject(into: Shelf()) }
        let shelf = Shelf()
        try injector.inject(into: shelf)
        weak var replaced: AnyObject?
        replaced = shelf.clock as AnyObject
        try injector.inject(into: shelf)
        #expect(replaced == nil)
        #expect(shelf.clock.now() == 1)
    }

    @Test func propertiesOfAnOverridableClassAreFilledThroughTheirKeyPaths() throws {
        let container = try Container { binder in
            binder.bind((any Clock).self).to(TickClock.self)
        }
        for _ in 0..<3 { #expect(try container.resolve(OpenDesk.self).clock.now() == 42) }
        // Not a plain stored property: the value is converted and boxed, then written through the key path.
        #expect(try container.factoryCalls(of: OpenDesk.self) == 1)
    }

    @Test func anImplementationThatDoesNotConformFailsAtEveryResolve() throws {
        let container = try Container { binder in
            binder.bind((any Clock).self).to(Sundial.self)  // @sundial
        }
        for _ in 0..<3 {
            let error = captureResolutionError { try container.resolve(Shelf.self) }
            #expect(
                error?.description == """
                    error[non-conforming-implementation]: Sundial is bound to Clock but does not conform to it.
                      at: \(marked("sundial"))
                      path: Shelf.clock → Clock
                      fix: Make Sundial conform to Clock, or bind Clock to a type that does.
                    """)
        }
    }

    @Test func aClosureFactoryResolvesAProtocolThroughItsImplementation() throws {
        let container = try Container { binder in
            binder.bind((any Clock).self).to(TickClock.self)
            binder.bind(Int.self).to { resolver in try resolver.resolve((any Clock).self).now() }
        }
        #expect(try container.resolve(Int.self) == 42)
    }
}
