import Synchronization
import Testing

@testable import Autowire

// `ConstructorInjectable`: services made through their own initializer, with `let` dependencies
// and no binding, mixed with key-path `Injectable` classes in one graph.

private protocol InvoiceStore: Sendable {
    func count() -> Int
}
private final class MemoryInvoiceStore: InvoiceStore, ConstructorInjectable {
    let clock: LedgerClock
    init(clock: LedgerClock) { self.clock = clock }
    func count() -> Int { 3 }
    static let construction = Construction(MemoryInvoiceStore.init)
}

private final class LedgerClock: ConstructorInjectable, Sendable {
    static let construction = Construction(LedgerClock.init)
    static var scope: Scope { .singleton }
}

private enum Currency: Autowire.Tag { typealias Value = String }

private final class InvoiceService: ConstructorInjectable, Sendable {
    let store: any InvoiceStore
    let clock: LedgerClock
    let currency: String
    init(store: any InvoiceStore, clock: LedgerClock, currency: Tagged<Currency>) {
        self.store = store
        self.clock = clock
        self.currency = currency.value
    }
    static let constructionLine = #line + 1
    static let construction = Construction(InvoiceService.init)
}

/// Not `Sendable`: it holds a property-injected class.
private final class InvoicePrinter: ConstructorInjectable {
    let service: InvoiceService
    let audit: AuditTrail
    init(service: InvoiceService, audit: AuditTrail) {
        self.service = service
        self.audit = audit
    }
    static let construction = Construction(InvoicePrinter.init)
}

/// A key-path `Injectable` class on either side of a constructor-injected one.
private final class AuditTrail: Injectable {
    var clock: LedgerClock!
    static let dependencies: [Dependency<AuditTrail>] = [.inject(\.clock)]
}
private final class InvoiceScreen: Injectable {
    var printer: InvoicePrinter!
    var audit: AuditTrail!
    static let dependencies: [Dependency<InvoiceScreen>] = [.inject(\.printer), .inject(\.audit)]
}

private final class ReceiptPrinter: ConstructorInjectable {
    let audit: AuditTrail
    let clock: LedgerClock
    init(audit: AuditTrail, clock: LedgerClock) {
        self.audit = audit
        self.clock = clock
    }
    static let construction = Construction(ReceiptPrinter.init)
}
private final class ReceiptScreen: Injectable {
    var printer: ReceiptPrinter!
    static let dependencies: [Dependency<ReceiptScreen>] = [.inject(\.printer)]
}

private final class Chicken: ConstructorInjectable {
    let egg: Egg
    init(egg: Egg) { self.egg = egg }
    static let construction = Construction(Chicken.init)
}
private final class Egg: ConstructorInjectable {
    let chicken: Chicken
    init(chicken: Chicken) { self.chicken = chicken }
    static let construction = Construction(Egg.init)
}

/// A cycle with a constructor side (`Household(pet:)`) and a property back-edge (`Pet.owner`).
private final class Household: ConstructorInjectable {
    let pet: Pet
    init(pet: Pet) { self.pet = pet }
    static let construction = Construction(Household.init)
}
private final class Pet: Injectable {
    var owner: Household!
    static let dependencies: [Dependency<Pet>] = [.inject(\.owner)]
}
private final class Kennel: ConstructorInjectable {
    let dog: Dog
    init(dog: Dog) { self.dog = dog }
    static let construction = Construction(Kennel.init)
    static var scope: Scope { .singleton }
}
private final class Dog: Injectable {
    weak var kennel: Kennel?
    static let dependencies: [Dependency<Dog>] = [.inject(\.kennel)]
}

private struct Quota: ConstructorInjectable {
    let clock: LedgerClock
    static let construction = Construction(Quota.init(clock:))
}

private func invoiceContainer() throws -> Container {
    try Container { binder in
        binder.bind((any InvoiceStore).self).to(MemoryInvoiceStore.self)
        binder.bind(String.self).tagged(Currency.self).to(value: "EUR")
    }
}

@Suite struct ConstructorInjectionTests {
    @Test func aConstructorInjectedServiceResolvesWithNoBindingOfItsOwn() throws {
        let container = try invoiceContainer()
        let service = try container.resolve(InvoiceService.self)
        #expect(service.store.count() == 3)
        #expect(service.currency == "EUR")
        #expect(service.store is MemoryInvoiceStore)
    }

    @Test func itsScopeIsItsOwnAndItsGraphIsShared() throws {
        let container = try invoiceContainer()
        let screen = try container.resolve(InvoiceScreen.self)
        let again = try container.resolve(InvoiceScreen.self)
        // `.graph` by default: one service per resolve, and the screen's audit trail is the service's.
        #expect(screen.printer !== again.printer)
        #expect(screen.audit === screen.printer.audit)
        // `.singleton` declared by the type, reached through both styles.
        #expect(screen.printer.service.clock === again.audit.clock)
    }

    @Test func repeatedResolvesRunAsAProgram() throws {
        let container = Container()
        for _ in 0..<3 {
            let screen = try container.resolve(ReceiptScreen.self)
            #expect(screen.printer.audit.clock === screen.printer.clock)
        }
        let producer = try container.registry.rootProducer(for: BindingKey(ReceiptScreen.self, tag: nil))
        #expect(producer.programWord.load(ordering: .acquiring) > 1)
    }

    @Test func aStructCanBeConstructorInjected() throws {
        let quota = try Container().resolve(Quota.self)
        #expect(try Container().resolve(LedgerClock.self) !== quota.clock)
    }

    @Test func aProtocolBoundToAConstructorInjectedClassFollowsItsScopeOrTheBindings() throws {
        let shared = try Container { $0.bind(AnyObject.self).to(LedgerClock.self) }
        #expect(try shared.resolve(AnyObject.self) === shared.resolve(LedgerClock.self))
        let own = try Container { $0.bind(AnyObject.self).scoped(.transient).to(LedgerClock.self) }
        #expect(try own.resolve(AnyObject.self) !== own.resolve(AnyObject.self))
    }

    @Test func aMissingParameterIsReportedWithItsPath() throws {
        let error = try #require(throws: ResolutionError.self) { try Container().resolve(InvoiceScreen.self) }
        #expect(
            error.description == """
                2 problems:

                error[missing-binding]: InvoiceStore cannot be provided: it has no binding and is not an Injectable class.
                  at: AutowireTests/ConstructorInjectionTests.swift:\(InvoiceService.constructionLine)
                  path: InvoiceScreen.printer → parameter 1 of InvoicePrinter's factory → parameter 1 of InvoiceService's factory → InvoiceStore
                  fix: Bind it in the container with `binder.bind(InvoiceStore.self).to(…)`.

                error[missing-binding]: String tagged Currency cannot be provided: nothing is bound with that tag.
                  at: AutowireTests/ConstructorInjectionTests.swift:\(InvoiceService.constructionLine)
                  path: InvoiceScreen.printer → parameter 1 of InvoicePrinter's factory → parameter 3 of InvoiceService's factory → String tagged Currency
                  fix: Bind it in the container with `binder.bind(String.self).tagged(Currency.self).to(…)`.
                """)
    }

    @Test func validationSeesEveryParameter() throws {
        let error = try #require(throws: ValidationError.self) {
            try Container { $0.bind(String.self).tagged(Currency.self).to(value: "EUR") }.validate(InvoiceScreen.self)
        }
        #expect(
            error.report.errors.map(\.path) == [
                [
                    "InvoiceScreen.printer", "parameter 1 of InvoicePrinter's factory",
                    "parameter 1 of InvoiceService's factory", "InvoiceStore",
                ]
            ])
    }

    @Test func aCycleOfInitializersIsAnError() throws {
        let error = try #require(throws: ResolutionError.self) { try Container().resolve(Chicken.self) }
        #expect(error.diagnostics.map(\.code) == [.unclosableCycle])
        #expect(
            error.diagnostics.first?.message
                == "Dependency cycle parameter 1 of Chicken's factory → parameter 1 of Egg's factory → Chicken can never close."
        )
    }

    // A cycle with a constructor side and a property back-edge closes from either end.

    @Test func aCycleEnteredAtItsPropertySideCloses() throws {
        let pet = try Container().resolve(Pet.self)
        #expect(pet.owner.pet === pet)
    }

    @Test func aCycleEnteredAtItsConstructorSideClosesThroughTheProperty() throws {
        let household = try Container().resolve(Household.self)
        #expect(household.pet.owner === household)
    }

    @Test func aSingletonCreatedThroughTheCyclesPropertySideResolvesAgain() throws {
        let container = Container()
        let dog = try container.resolve(Dog.self)
        let kennel = try #require(dog.kennel)
        #expect(kennel.dog === dog)
        #expect(try container.resolve(Kennel.self) === kennel)
    }
}
