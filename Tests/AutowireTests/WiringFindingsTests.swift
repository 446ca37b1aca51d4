import Testing

@testable import Autowire

// Wiring findings of issue 41: each test is one wrong result, kept so that it stays fixed.

// MARK: Constructor and property injection on one class

private final class Ledger: Injectable {}
private final class Journal: Injectable {
    weak var keeper: Bookkeeper?
    static let dependencies: [Dependency<Journal>] = [.inject(\.keeper)]
}
private protocol Keeper: AnyObject {
    var journal: Journal! { get }
}

/// Made by its construction (a `let` dependency), then filled (`journal`) and hooked.
private final class Bookkeeper: ConstructorInjectable, Injectable, Keeper {
    let ledger: Ledger
    let madeByConstruction: Bool
    var journal: Journal!
    var hookCalls = 0
    var journalWasSetWhenHooked = false

    init(ledger: Ledger) {
        self.ledger = ledger
        madeByConstruction = true
    }
    init() {
        ledger = Ledger()
        madeByConstruction = false
    }

    static let construction = Construction(Bookkeeper.init(ledger:))
    static let dependencies: [Dependency<Bookkeeper>] = [.inject(\.journal)]

    func didInjectDependencies() {
        hookCalls += 1
        journalWasSetWhenHooked = journal != nil
    }
}

private final class Office: Injectable {
    var keeper: (any Keeper)!
    static let dependencies: [Dependency<Office>] = [.inject(\.keeper)]
}

private protocol Auditor {}
/// Its property needs a binding nothing provides.
private final class AuditedKeeper: ConstructorInjectable, Injectable, Keeper {
    let ledger: Ledger
    var journal: Journal!
    var auditor: (any Auditor)!
    init(ledger: Ledger) { self.ledger = ledger }
    init() { ledger = Ledger() }
    static let construction = Construction(AuditedKeeper.init(ledger:))
    static let dependencies: [Dependency<AuditedKeeper>] = [
        .inject(\.journal),
        .inject(\.auditor),  // @auditor
    ]
}

@Suite struct ConstructedInjectableTests {
    @Test func aConstructedInjectableClassValidatesWithNoProblems() throws {
        let report = try Container().validate(Bookkeeper.self)
        #expect(report.diagnostics.map(\.code) == [])
    }

    @Test func aMissingBindingOfAConstructedInjectableClassPropertyFailsTheBuild() {
        let error = #expect(throws: ConfigurationError.self) {
            try Container { binder in
                binder.bind((any Keeper).self).to(AuditedKeeper.self)
            }
        }
        #expect(error?.diagnostics.map(\.code) == [.missingBinding])
        #expect(error?.diagnostics.first?.location?.description == marked("auditor"))
    }

    @Test func aConstructedInjectableClassIsMadeByItsConstructionThenFilledAndHooked() throws {
        let keeper = try Container().resolve(Bookkeeper.self)
        #expect(keeper.madeByConstruction)
        #expect(keeper.journal != nil)
        #expect(keeper.hookCalls == 1)
        #expect(keeper.journalWasSetWhenHooked)
        // The cycle through the journal's property closes on the same keeper.
        #expect(keeper.journal?.keeper === keeper)
    }

    @Test func aConstructedInjectableClassIsFilledAgainOnEveryResolve() throws {
        let container = Container()
        for _ in 0..<3 {
            let keeper = try container.resolve(Bookkeeper.self)
            #expect(keeper.madeByConstruction)
            #expect(keeper.journal?.keeper === keeper)
            #expect(keeper.hookCalls == 1)
        }
    }

    @Test func bindingAProtocolToAConstructedInjectableClassConstructsAndFillsIt() throws {
        let container = try Container { binder in
            binder.bind((any Keeper).self).to(Bookkeeper.self)
        }
        for _ in 0..<2 {
            let office = try container.resolve(Office.self)
            let keeper = try #require(office.keeper as? Bookkeeper)
            #expect(keeper.madeByConstruction)
            #expect(keeper.journal?.keeper === keeper)
            #expect(keeper.hookCalls == 1)
        }
    }

    @Test func aScopedBindingToAConstructedInjectableClassConstructsAndFillsIt() throws {
        let container = try Container { binder in
            binder.bind((any Keeper).self).scoped(.singleton).to(Bookkeeper.self)
        }
        let first = try #require(container.resolve(Office.self).keeper as? Bookkeeper)
        let second = try #require(container.resolve(Office.self).keeper as? Bookkeeper)
        #expect(first === second)
        #expect(first.madeByConstruction)
        #expect(first.journal != nil)
        #expect(first.hookCalls == 1)
    }
}
