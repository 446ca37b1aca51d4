import Synchronization
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

// MARK: Undeclared weak and unowned properties

private protocol CheckoutDelegate: AnyObject {}
private final class CheckoutScreen: Injectable, CheckoutDelegate {}
private final class Cart: Injectable {}
private final class Session: Injectable {}

/// Its delegate and owner are set by other code, never by the container.
private final class CheckoutFlow: Injectable {
    var cart: Cart!
    weak var delegate: (any CheckoutDelegate)?
    weak var screen: CheckoutScreen?
    unowned var session: Session?
    static let dependencies: [Dependency<CheckoutFlow>] = [.inject(\.cart)]
}

@Suite struct UndeclaredWeakPropertyTests {
    private func container() throws -> Container {
        try Container { binder in
            binder.bind((any CheckoutDelegate).self).to(CheckoutScreen.self)
        }
    }

    @Test func undeclaredWeakAndUnownedPropertiesAreNotForgottenDependencies() throws {
        let container = try container()
        for _ in 0..<2 {
            let flow = try container.resolve(CheckoutFlow.self)
            #expect(flow.cart != nil)
            #expect(flow.delegate == nil)
            #expect(flow.screen == nil)
        }
    }

    @Test func validateFindsNoForgottenDependencyInUndeclaredWeakAndUnownedProperties() throws {
        let container = try container()
        let filled = try container.validate(CheckoutFlow.self)
        #expect(filled.diagnostics.map(\.code) == [])
        let unfilled = try container.validate(CheckoutFlow.self, injectingProbes: false)
        #expect(unfilled.diagnostics.map(\.code) == [])
    }
}

// MARK: What validate reports for a root whose resolve fails

private final class Loop {}
private final class Lens: Injectable {
    var loop: Loop!
    static let dependencies: [Dependency<Lens>] = [.inject(\.loop)]
}

/// A forgotten `.inject`: `register` is nil after injection.
private final class Till: Injectable {
    var register: Cart!
}
private protocol PaymentTerminal {}
private final class Kiosk: Injectable {
    var terminal: (any PaymentTerminal)!
    static let dependencies: [Dependency<Kiosk>] = [.inject(\.terminal)]
}

@Suite struct ValidationOfFailingRootsTests {
    private func loopingContainer() throws -> Container {
        try Container { binder in
            // A closure that resolves its own binding: no static check can see it.
            binder.bind(Loop.self).to { resolver in
                _ = try resolver.resolve(Loop.self)
                return Loop()
            }
        }
    }

    @Test func validateReportsTheErrorOfARootWhoseResolveFails() throws {
        let container = try loopingContainer()
        let resolveError = #expect(throws: ResolutionError.self) { try container.resolve(Loop.self) }
        #expect(resolveError?.code == .unclosableCycle)
        let error = #expect(throws: ValidationError.self) { try container.validate(Loop.self) }
        #expect(error?.report.errors.map(\.code) == [.unclosableCycle])
        #expect(error?.report.errors.first?.message == resolveError?.diagnostics.first?.message)
        #expect(error?.report.errors.first?.path == resolveError?.diagnostics.first?.path)
    }

    @Test func validateReportsTheErrorOfAnInjectableRootWhoseResolveFails() throws {
        let container = try loopingContainer()
        let resolveError = #expect(throws: ResolutionError.self) { try container.resolve(Lens.self) }
        #expect(resolveError?.code == .unclosableCycle)
        let error = #expect(throws: ValidationError.self) { try container.validate(Lens.self) }
        #expect(error?.report.errors.map(\.code) == [.unclosableCycle])
        #expect(error?.report.errors.first?.message == resolveError?.diagnostics.first?.message)
    }

    @Test func validateWithoutRootsReportsTheErrorOfABindingWhoseResolveFails() throws {
        let error = #expect(throws: ValidationError.self) { try loopingContainer().validate() }
        #expect(error?.report.errors.map(\.code) == [.unclosableCycle])
    }

    @Test func validateReportsARootsResolveErrorWhateverAnotherRootFinds() throws {
        let container = try loopingContainer()
        let error = #expect(throws: ValidationError.self) { try container.validate(Loop.self, Till.self) }
        #expect(
            error?.report.errors.map(\.code).sorted { $0.rawValue < $1.rawValue } == [
                .forgottenDependency, .unclosableCycle,
            ])
    }

    @Test func aForgottenDependencyIsAnErrorWhateverAnotherRootFinds() throws {
        let alone = #expect(throws: ValidationError.self) { try Container().validate(Till.self) }
        #expect(alone?.report.errors.map(\.code) == [.forgottenDependency])
        let together = #expect(throws: ValidationError.self) { try Container().validate(Till.self, Kiosk.self) }
        #expect(
            together?.report.errors.map(\.code).sorted { $0.rawValue < $1.rawValue } == [
                .forgottenDependency, .missingBinding,
            ])
        #expect(together?.report.warnings.map(\.code) == [])
    }
}

// MARK: Assisted factories contributed to a collection

private protocol Exporter {
    var format: String { get }
    var target: String { get }
}
private final class ExportLog: Injectable {}
private final class PDFExporter: Exporter {
    let target: String
    let log: ExportLog
    var format: String { "pdf" }
    init(target: String, log: ExportLog) {
        self.target = target
        self.log = log
    }
}
private final class CSVExporter: Exporter {
    let target: String
    var format: String { "csv" }
    init(target: String) { self.target = target }
}

@Suite struct AssistedFactoryCollectionTests {
    @Test func assistedFactoriesContributedToACollectionMakeTheirProducts() throws {
        let container = try Container { binder in
            binder.bind(AssistedFactory<String, any Exporter>.self).intoCollection().to(assisted: PDFExporter.init)
            binder.bind(AssistedFactory<String, any Exporter>.self).intoCollection().to(assisted: CSVExporter.init)
        }
        let factories = try container.resolve([AssistedFactory<String, any Exporter>].self)
        #expect(factories.count == 2)
        let made = try factories.map { try $0.make("report") }
        #expect(made.map(\.format) == ["pdf", "csv"])
        #expect(made.map(\.target) == ["report", "report"])
    }

    @Test func assistedFactoriesContributedInAParentAndAChildMakeTheirProducts() throws {
        let parent = try Container { binder in
            binder.bind(AssistedFactory<String, any Exporter>.self).intoCollection().to(assisted: PDFExporter.init)
        }
        let child = try parent.child { binder in
            binder.bind(AssistedFactory<String, any Exporter>.self).intoCollection().to(assisted: CSVExporter.init)
        }
        let made = try child.resolve([AssistedFactory<String, any Exporter>].self).map { try $0.make("child") }
        #expect(made.map(\.format) == ["pdf", "csv"])
        let fromParent = try parent.resolve([AssistedFactory<String, any Exporter>].self).map { try $0.make("p") }
        #expect(fromParent.map(\.format) == ["pdf"])
    }

    @Test func assistedFactoriesContributedToADictionaryMakeTheirProducts() throws {
        let container = try Container { binder in
            binder.bind(AssistedFactory<String, any Exporter>.self).intoDictionary(key: "pdf").to(
                assisted: PDFExporter.init)
            binder.bind(AssistedFactory<String, any Exporter>.self).intoDictionary(key: "csv").to(
                assisted: CSVExporter.init)
        }
        let factories = try container.resolve([String: AssistedFactory<String, any Exporter>].self)
        #expect(try factories["pdf"]?.make("a").format == "pdf")
        #expect(try factories["csv"]?.make("b").format == "csv")
    }
}

// MARK: An object filled by inject(into:) is part of its own graph

/// Made by a framework: only property-injectable.
private final class ProfileScreen: PropertyInjectable {
    var presenter: ProfilePresenter!
    static let dependencies: [Dependency<ProfileScreen>] = [.inject(\.presenter)]
}
private final class ProfilePresenter: Injectable {
    weak var view: ProfileScreen?
    var interactor: ProfileInteractor!
    static let dependencies: [Dependency<ProfilePresenter>] = [.inject(\.view), .inject(\.interactor)]
}
private final class ProfileInteractor: Injectable {
    weak var presenter: ProfilePresenter?
    static let dependencies: [Dependency<ProfileInteractor>] = [.inject(\.presenter)]
}

/// An injectable screen, filled here by `inject(into:)` rather than resolved.
private final class EditorScreen: Injectable {
    var presenter: EditorPresenter!
    static let dependencies: [Dependency<EditorScreen>] = [.inject(\.presenter)]
}
private final class EditorPresenter: Injectable {
    weak var view: EditorScreen?
    static let dependencies: [Dependency<EditorPresenter>] = [.inject(\.view)]
}

/// Made by a framework. Its presenter comes from a closure that resolves a draft, which points
/// back to the screen: a new one, whose graph the screen's own draft put in the injection's.
private final class ChatScreen: PropertyInjectable {
    var draft: Draft!
    var presenter: ChatPresenter!
    static let dependencies: [Dependency<ChatScreen>] = [.inject(\.draft), .inject(\.presenter)]
}
private final class ChatPresenter {
    let draft: Draft
    init(draft: Draft) { self.draft = draft }
}
private final class Draft: Injectable {
    static var scope: Scope { .transient }
    weak var screen: ChatScreen?
    static let dependencies: [Dependency<Draft>] = [.inject(\.screen)]
}

/// Injectable, filled by `inject(into:)`: its closure-made presenter resolves the screen's type,
/// which its helper's property points back to.
private final class NoteScreen: Injectable {
    var helper: NoteHelper!
    var presenter: NotePresenter!
    static let dependencies: [Dependency<NoteScreen>] = [.inject(\.helper), .inject(\.presenter)]
}
private final class NoteHelper: Injectable {
    weak var screen: NoteScreen?
    static let dependencies: [Dependency<NoteHelper>] = [.inject(\.screen)]
}
private final class NotePresenter {
    weak var screen: NoteScreen?
    init(screen: NoteScreen) { self.screen = screen }
}

/// As `NoteScreen`, but a singleton is made before the presenter, in a region whose `.graph`
/// object the closure could ask for: the program joins the closure's resolution from its start.
private final class SketchScreen: Injectable {
    var archive: SketchArchive!
    var helper: SketchHelper!
    var presenter: SketchPresenter!
    static let dependencies: [Dependency<SketchScreen>] = [
        .inject(\.archive), .inject(\.helper), .inject(\.presenter),
    ]
}
private final class SketchArchive: Injectable {
    static var scope: Scope { .singleton }
    var index: SketchIndex!
    static let dependencies: [Dependency<SketchArchive>] = [.inject(\.index)]
}
private final class SketchIndex: Injectable {}
private final class SketchHelper: Injectable {
    weak var screen: SketchScreen?
    static let dependencies: [Dependency<SketchHelper>] = [.inject(\.screen)]
}
private final class SketchPresenter {
    weak var screen: SketchScreen?
    init(screen: SketchScreen) { self.screen = screen }
}

@Suite struct InjectedObjectInItsOwnGraphTests {
    @Test func aClosureInsideAnInjectionResolvesAGraphThatPointsBackToTheInjectedObject() throws {
        let container = try Container { binder in
            binder.bind(ChatPresenter.self).to { resolver in ChatPresenter(draft: try resolver.resolve()) }
        }
        let injector = try container.propertyInjector(for: ChatScreen.self)
        for _ in 0..<2 {
            let screen = ChatScreen()
            try injector.inject(into: screen)
            #expect(screen.draft.screen === screen)
            #expect(screen.presenter.draft !== screen.draft)
            #expect(screen.presenter.draft.screen === screen)
        }
        #expect(try container.hasNestedProgram(of: Draft.self))
        #expect(ProgramWord.isProgram(injector.target?.programWord.load(ordering: .acquiring) ?? 0))
    }

    @Test func aClosureInsideAnInjectionThatResolvesTheScreensTypeGetsTheScreen() throws {
        let container = try Container { binder in
            binder.bind(NotePresenter.self).to { resolver in NotePresenter(screen: try resolver.resolve()) }
        }
        let injector = try container.propertyInjector(for: NoteScreen.self)
        for _ in 0..<2 {
            let screen = NoteScreen()
            try injector.inject(into: screen)
            #expect(screen.helper.screen === screen)
            #expect(screen.presenter.screen === screen)
        }
        #expect(ProgramWord.isProgram(injector.target?.programWord.load(ordering: .acquiring) ?? 0))
    }

    @Test func aClosureInsideAnInjectionJoinedFromItsStartThatResolvesTheScreensTypeGetsTheScreen() throws {
        let container = try Container { binder in
            binder.bind(SketchPresenter.self).to { resolver in SketchPresenter(screen: try resolver.resolve()) }
        }
        let injector = try container.propertyInjector(for: SketchScreen.self)
        for _ in 0..<2 {
            let screen = SketchScreen()
            try injector.inject(into: screen)
            #expect(screen.helper.screen === screen)
            #expect(screen.presenter.screen === screen)
        }
        #expect(ProgramWord.isProgram(injector.target?.programWord.load(ordering: .acquiring) ?? 0))
    }

    @Test func aPresentersViewIsTheScreenItWasInjectedInto() throws {
        let container = Container()
        for _ in 0..<3 {
            let screen = ProfileScreen()
            try container.inject(into: screen)
            #expect(screen.presenter.view === screen)
            #expect(screen.presenter.interactor.presenter === screen.presenter)
        }
    }

    @Test func anInjectorFillsEveryScreenWithAPresenterPointingBackToIt() throws {
        let injector = try Container().propertyInjector(for: ProfileScreen.self)
        for _ in 0..<4 {
            let screen = ProfileScreen()
            try injector.inject(into: screen)
            #expect(screen.presenter.view === screen)
        }
        #expect(ProgramWord.isProgram(injector.target?.programWord.load(ordering: .acquiring) ?? 0))
    }

    @Test func aScreenWhosePresenterPointsBackToItValidates() throws {
        let container = Container()
        #expect(try container.validate(ProfileScreen.self).diagnostics.map(\.code) == [])
        #expect(try container.validate(EditorScreen.self).diagnostics.map(\.code) == [])
    }

    @Test func anInjectableScreenFilledByInjectIntoIsItsPresentersView() throws {
        let container = Container()
        for _ in 0..<3 {
            let screen = EditorScreen()
            try container.inject(into: screen)
            #expect(screen.presenter.view === screen)
        }
        // Resolved, the screen is a `.graph` object of its own resolve: the same holds.
        let resolved = try container.resolve(EditorScreen.self)
        #expect(resolved.presenter.view === resolved)
    }

    @Test func aPresenterResolvedOnItsOwnStillCannotGetAViewNothingProvides() throws {
        let container = Container()
        let before = #expect(throws: ResolutionError.self) { try container.resolve(ProfilePresenter.self) }
        #expect(before?.code == .missingBinding)
        try container.inject(into: ProfileScreen())
        let after = #expect(throws: ResolutionError.self) { try container.resolve(ProfilePresenter.self) }
        #expect(after?.code == .missingBinding)
        #expect(after?.path == ["ProfilePresenter.view", "ProfileScreen"])
        #expect(
            after?.diagnostics.first?.message
                == "ProfileScreen cannot be provided: it has no binding and its class is not Injectable.")
        // The presenter's program fails where it meets the screen.
        #expect(try container.hasProgram(of: ProfilePresenter.self))
    }
}
