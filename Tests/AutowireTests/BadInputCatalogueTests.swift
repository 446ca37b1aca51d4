import Autowire
import Foundation
import Testing

// Every misconfiguration in Documentation.docc/Articles/BadInputCatalogue.md, one row each. Each row builds and
// uses a container the wrong way and returns the error's text; the test asserts the exact text, and
// that the article shows that very text (and the row's code and message in its table).
// No row may crash: a crash fails the whole run.
//
// Locations in the expected texts are computed: a line marked `// @name` is `marked("name")`, so
// adding a line above a fixture changes what the test expects with it. The article shows the real
// lines: when they move, `theArticleShowsTheTextEachRowAsserts` fails and prints the new text, and
// `AUTOWIRE_UPDATE_CATALOGUE=1 swift test --filter BadInputCatalogueTests` writes it into the article.

// MARK: - Types the rows misuse

private protocol PaymentGateway: AnyObject {}
private struct RetryPolicy { let attempts: Int }
private final class HTTPClient {}
private enum APIToken: Autowire.Tag { typealias Value = String }
private final class Checkout: Injectable {
    var gateway: PaymentGateway!
    static let dependencies: [Dependency<Checkout>] = [.inject(\.gateway)]  // @gateway
}
private final class TokenUser: Injectable {
    var token: String!
    static let dependencies: [Dependency<TokenUser>] = [.inject(\.token, tag: APIToken.self)]  // @token
}
private final class StripeGateway: PaymentGateway, Injectable {}
private final class FakeGateway: PaymentGateway, Injectable {}
private final class Ledger: Injectable {}
private protocol Auditor: AnyObject {}
private final class FileAuditor: Auditor, Injectable {}
private final class Refunds: Injectable {
    var auditor: Auditor?
    static let dependencies: [Dependency<Refunds>] = [.optional(\.auditor)]
}
private class Animal: Injectable {
    required init() {}
}
private final class Printer: Injectable {}

// Transient classes that need each other: a cycle no instance can close.
private final class Ping: Injectable {
    static var scope: Scope { .transient }
    var pong: Pong!
    static let dependencies: [Dependency<Ping>] = [.inject(\.pong)]
}
private final class Pong: Injectable {
    static var scope: Scope { .transient }
    var ping: Ping!
    static let dependencies: [Dependency<Pong>] = [.inject(\.ping)]  // @ping
}

// A `.graph` factory that, while running, needs an object that needs the factory's product.
private final class Engine {
    let starter: Starter
    init(starter: Starter) { self.starter = starter }
}
private final class Starter {
    let engine: Engine
    init(engine: Engine) { self.engine = engine }
}

private enum FactoryFailure: Error { case diskFull }
private final class Screen {}
private final class ScreenPresenter: Injectable {
    var screen: Screen!
    static let dependencies: [Dependency<ScreenPresenter>] = [.inject(\.screen)]
}

private struct OrderID { let raw: Int }
private final class OrderDetail: Injectable {
    var orderID: OrderID!
    static let dependencies: [Dependency<OrderDetail>] = [.assisted(\.orderID)]  // @order-id
}

private class BaseView: Injectable {
    required init() {}
    class var dependencies: [Dependency<BaseView>] { [] }
}
private final class ListView: BaseView {
    var printer: Printer!
}
private final class GridView: BaseView {
    // A mistake: a key path into the sibling ListView.
    override class var dependencies: [Dependency<BaseView>] {
        super.dependencies + Dependency.subclass(ListView.self, [.inject(\.printer)])  // @sibling
    }
}

@MainActor
private final class ProfileViewModel: @MainActor Injectable {
    var printer: Printer!
    static let dependencies: [Dependency<ProfileViewModel>] = [.inject(\.printer)]
}

// A Lazy whose value's factory calls the same Lazy again.
private final class Report {}
private final class ReportScreen: Injectable, @unchecked Sendable {
    var report: Lazy<Report>!
    static let dependencies: [Dependency<ReportScreen>] = [.inject(\.report)]
}
private final class ScreenBox: @unchecked Sendable {
    var screen: ReportScreen?
}

// MARK: - The rows

/// One misconfiguration; `error()` commits it and returns the text of the error it raises.
enum BadInput: String, CaseIterable, Sendable {
    case missingProtocolBinding
    case missingStructBinding
    case missingNonInjectableClass
    case missingTaggedValue
    case duplicateBinding
    case duplicateDictionaryKey
    case nonConformingClassTarget
    case nonConformingProtocolTarget
    case unclosableTransientCycle
    case cycleThroughGraphFactory
    case cycleThroughTypedFactory
    case factoryThrows
    case weakScopeOnValue
    case offeredInstanceNeverOffered
    case offeredInstanceReleased
    case offerOfNonOfferableType
    case assistedClassResolvedDirectly
    case subclassKeyPathIntoSibling
    case childShadowingWithoutOverride
    case overrideOfNothing
    case overrideNotReachingASingleton
    case childBindingWhatASingletonFoundAbsent
    case mainActorPlanOffMainActor
    case lazyReentered
    case handleUsedAfterContainerReleased
    case dependenciesGetterResolves
    case initResolvesItsOwnClass
    case creationsNeedingEachOtherOnTwoThreads
    case forgottenInject
    case chainDeeperThanTheStack
    case assistedFactoryOfAnotherSeed
    case concreteClassWhereItsProtocolIsBound
    case objectsOfOneResolveHoldingEachOther
    case eagerSingletonThrows
    case eagerTypeNotSingleton
    case resetOfPlainSingletons
    case hookThrows
    case singletonKeepingTheRequest
    case requestReadAfterItsResolve
    case requestReadByAClosureAfterItsResolve

    /// The error code the row must raise.
    var code: Diagnostic.Code {
        switch self {
        case .missingProtocolBinding, .missingStructBinding, .missingNonInjectableClass, .missingTaggedValue:
            .missingBinding
        case .duplicateBinding, .duplicateDictionaryKey: .duplicateBinding
        case .nonConformingClassTarget, .nonConformingProtocolTarget: .nonConformingImplementation
        case .unclosableTransientCycle, .cycleThroughGraphFactory, .cycleThroughTypedFactory, .lazyReentered,
            .initResolvesItsOwnClass, .creationsNeedingEachOtherOnTwoThreads:
            .unclosableCycle
        case .handleUsedAfterContainerReleased: .containerReleased
        case .dependenciesGetterResolves: .containerReentered
        case .forgottenInject: .forgottenDependency
        case .chainDeeperThanTheStack: .resolutionTooDeep
        case .assistedFactoryOfAnotherSeed: .assistedSeedMismatch
        case .concreteClassWhereItsProtocolIsBound: .bypassedBinding
        case .objectsOfOneResolveHoldingEachOther: .strongReferenceCycle
        case .eagerSingletonThrows: .eagerCreationFailed
        case .eagerTypeNotSingleton: .eagerNotSingleton
        case .resetOfPlainSingletons: .singletonsNotResettable
        case .hookThrows: .injectionHookFailed
        case .singletonKeepingTheRequest: .requestScopedSingleton
        case .requestReadAfterItsResolve, .requestReadByAClosureAfterItsResolve: .requestUnavailable
        case .factoryThrows: .factoryFailed
        case .weakScopeOnValue: .unsupportedScope
        case .offeredInstanceNeverOffered, .offeredInstanceReleased: .unavailableInstance
        case .offerOfNonOfferableType: .notOfferable
        case .assistedClassResolvedDirectly: .assistedOutsideFactory
        case .subclassKeyPathIntoSibling: .misdeclaredDependency
        case .childShadowingWithoutOverride: .accidentalShadowing
        case .overrideOfNothing: .overrideOfNothing
        case .overrideNotReachingASingleton: .overrideNotReaching
        case .childBindingWhatASingletonFoundAbsent: .overrideNotReaching
        case .mainActorPlanOffMainActor: .mainActorRequired
        }
    }

    /// Commits the mistake; returns the code and text of the error raised, or nil when none is.
    func error() async -> (code: Diagnostic.Code, text: String)? {
        func resolution(_ error: ResolutionError?) -> (Diagnostic.Code, String)? {
            error.map { ($0.code, $0.description) }
        }
        func configuration(_ error: ConfigurationError?) -> (Diagnostic.Code, String)? {
            error.flatMap { error in error.diagnostics.first.map { ($0.code, error.description) } }
        }
        switch self {
        case .missingProtocolBinding:
            return resolution(captureResolutionError { try Container().resolve(Checkout.self) })
        case .missingStructBinding:
            return resolution(captureResolutionError { try Container().resolve(RetryPolicy.self) })
        case .missingNonInjectableClass:
            return resolution(captureResolutionError { try Container().resolve(HTTPClient.self) })
        case .missingTaggedValue:
            return resolution(captureResolutionError { try Container().resolve(TokenUser.self) })
        case .duplicateBinding:
            return configuration(
                captureConfigurationError {
                    try Container { binder in
                        binder.bind(PaymentGateway.self).to(StripeGateway.self)  // @bound1
                        binder.bind(PaymentGateway.self).to(StripeGateway.self)  // @bound2
                    }
                })
        case .duplicateDictionaryKey:
            return configuration(
                captureConfigurationError {
                    try Container { binder in
                        binder.bind(PaymentGateway.self).intoDictionary(key: "card").to(StripeGateway.self)  // @card1
                        binder.bind(PaymentGateway.self).intoDictionary(key: "card").to(StripeGateway.self)  // @card2
                    }
                })
        case .nonConformingClassTarget:
            return configuration(
                captureConfigurationError { try Container { $0.bind(Animal.self).to(Ledger.self) } })  // @animal
        case .nonConformingProtocolTarget:
            let container: Container
            do {
                container = try Container { $0.bind(PaymentGateway.self).to(Ledger.self) }  // @ledger
            } catch {
                return (Diagnostic.Code("built"), "the container was rejected when built: \(error)")
            }
            return resolution(captureResolutionError { try container.resolve(PaymentGateway.self) })
        case .unclosableTransientCycle:
            return resolution(captureResolutionError { try Container().resolve(Ping.self) })
        case .cycleThroughGraphFactory:
            let container: Container
            do {
                container = try Container { binder in
                    binder.bind(Engine.self).to { resolver in  // @engine-factory
                        Engine(starter: try resolver.resolve(Starter.self))
                    }
                    binder.bind(Starter.self).to(factory: Starter.init)
                }
            } catch {
                return (Diagnostic.Code("built"), "the container was rejected when built: \(error)")
            }
            return resolution(captureResolutionError { try container.resolve(Engine.self) })
        case .cycleThroughTypedFactory:
            return configuration(
                captureConfigurationError {
                    try Container { binder in
                        binder.bind(Engine.self).to(factory: Engine.init)
                        binder.bind(Starter.self).to(factory: Starter.init)  // @engine
                    }
                })
        case .factoryThrows:
            let container: Container
            do {
                container = try Container { binder in
                    binder.bind(HTTPClient.self).to { _ in throw FactoryFailure.diskFull }  // @throwing-factory
                }
            } catch {
                return (Diagnostic.Code("built"), "the container was rejected when built: \(error)")
            }
            return resolution(captureResolutionError { try container.resolve(HTTPClient.self) })
        case .weakScopeOnValue:
            let container: Container
            do {
                container = try Container {
                    $0.bind(RetryPolicy.self).scoped(.weak).to { _ in RetryPolicy(attempts: 3) }  // @weak-value
                }
            } catch {
                return (Diagnostic.Code("built"), "the container was rejected when built: \(error)")
            }
            return resolution(captureResolutionError { try container.resolve(RetryPolicy.self) })
        case .offeredInstanceNeverOffered, .offeredInstanceReleased:
            let container: Container
            do {
                container = try Container { $0.bind(Screen.self).toOfferedInstance() }  // @offered
            } catch {
                return (Diagnostic.Code("built"), "the container was rejected when built: \(error)")
            }
            if self == .offeredInstanceReleased {
                do {
                    try container.offer(Screen())
                } catch {
                    return (error.code, "offering failed: \(error)")
                }
            }
            return resolution(captureResolutionError { try container.resolve(ScreenPresenter.self) })
        case .offerOfNonOfferableType:
            return resolution(captureResolutionError { try Container().offer(Screen()) })
        case .assistedClassResolvedDirectly:
            return resolution(captureResolutionError { try Container().resolve(OrderDetail.self) })
        case .subclassKeyPathIntoSibling:
            return resolution(captureResolutionError { try Container().resolve(GridView.self) })
        case .childShadowingWithoutOverride:
            return configuration(
                captureConfigurationError {
                    try Container { $0.bind(PaymentGateway.self).to(StripeGateway.self) }  // @parent-binding
                        .child { $0.bind(PaymentGateway.self).to(StripeGateway.self) }  // @child-binding
                })
        case .overrideOfNothing:
            return configuration(
                captureConfigurationError {
                    try Container().child { $0.override(PaymentGateway.self).to(StripeGateway.self) }  // @override
                })
        case .overrideNotReachingASingleton:
            return configuration(
                captureConfigurationError {
                    try Container { binder in
                        binder.bind(PaymentGateway.self).to(StripeGateway.self)
                        binder.bind(Checkout.self).scoped(.singleton).to(Checkout.self)  // @kept-checkout
                    }
                    .child { $0.override(PaymentGateway.self).to(FakeGateway.self) }  // @unreaching-override
                })
        case .childBindingWhatASingletonFoundAbsent:
            return configuration(
                captureConfigurationError {
                    try Container { $0.bind(Refunds.self).scoped(.singleton).to(Refunds.self) }  // @kept-refunds
                        .child { $0.bind(Auditor.self).to(FileAuditor.self) }  // @unseen-auditor
                })
        case .mainActorPlanOffMainActor:
            let container = Container()
            return await Task.detached {
                resolution(captureResolutionError { try container.resolve(ProfileViewModel.self) })
            }.value
        case .lazyReentered:
            let box = ScreenBox()
            let container: Container
            do {
                container = try Container { binder in
                    binder.bind(Report.self).to { _ in  // @report-factory
                        _ = try box.screen?.report.get()
                        return Report()
                    }
                }
                box.screen = try container.resolve(ReportScreen.self)
            } catch {
                return (Diagnostic.Code("built"), "the container was rejected when built: \(error)")
            }
            return resolution(captureResolutionError { try box.screen?.report.get() })
        case .handleUsedAfterContainerReleased:
            return resolution(captureResolutionError { try handleOfAReleasedContainer() })
        case .dependenciesGetterResolves:
            return resolution(dependenciesGetterResolvingError())
        case .initResolvesItsOwnClass:
            return resolution(initResolvingItsOwnClassError())
        case .creationsNeedingEachOtherOnTwoThreads:
            return resolution(errorOfCreationsNeedingEachOtherOnTwoThreads())
        case .forgottenInject:
            return resolution(forgottenInjectError())
        case .chainDeeperThanTheStack:
            // A chain of 10,000 classes, each made by a closure factory that resolves the next
            // through its resolver, on a 512 KiB thread: each closure's resolve calls the next
            // closure, one level deeper.
            let raised: ResolutionError??
            do {
                let container = try Container { binder in
                    var level: any ChainLevel.Type = Zero.self
                    for _ in 0..<Deep10000.nodes {
                        bindLink(level, in: binder)
                        level = level.next
                    }
                }
                raised = onThread {
                    captureResolutionError { try container.resolve(ChainNode<Deep10000, Zero>.self) }
                }
            } catch {
                return configuration(error as? ConfigurationError)
            }
            return resolution(raised.flatMap { $0 })
        case .assistedFactoryOfAnotherSeed:
            return resolution(assistedFactoryOfAnotherSeedError())
        case .concreteClassWhereItsProtocolIsBound:
            return bypassedBindingWarning()
        case .objectsOfOneResolveHoldingEachOther:
            return strongReferenceCycleWarning()
        case .eagerSingletonThrows:
            return configuration(
                captureConfigurationError {
                    try Container { binder in
                        binder.bind(HTTPClient.self).scoped(.singleton).eager().to { _ in  // @eager-client
                            throw FactoryFailure.diskFull
                        }
                    }
                })
        case .eagerTypeNotSingleton:
            return configuration(
                captureConfigurationError {
                    try Container { binder in
                        binder.eager(Printer.self)  // @eager-printer
                    }
                })
        case .resetOfPlainSingletons:
            return resolution(captureResolutionError { try Container().resetSingletons() })
        case .hookThrows:
            return resolution(injectionHookError())
        case .singletonKeepingTheRequest:
            return resolution(requestScopedSingletonError())
        case .requestReadAfterItsResolve:
            return resolution(requestUnavailableError())
        case .requestReadByAClosureAfterItsResolve:
            return resolution(requestReadByAClosureError())
        }
    }
}

@Suite struct BadInputCatalogueTests {
    @Test(arguments: BadInput.allCases)
    func everyMisconfigurationRaisesItsError(_ row: BadInput) async {
        let raised = await row.error()
        #expect(raised?.code == row.code)
        #expect(raised?.text == row.expectedText)
    }

    static let article = "Documentation.docc/Articles/BadInputCatalogue.md"
    /// The row proven in another test target, whose text is read from that test's source.
    static let noReflectionRow = "AutowireNoReflectionTests"

    /// The article's "Complete texts" sections: the row each names and the block it shows.
    static func sections() throws -> [(row: String, code: String, block: Documentation.Block)] {
        let text = try String(
            contentsOf: Documentation.packageRoot.appendingPathComponent(article), encoding: .utf8)
        let blocks = Documentation.blocks(in: text, document: article)
        let sections = text.components(separatedBy: "\n### ").dropFirst()
        var found: [(row: String, code: String, block: Documentation.Block)] = []
        var blockIndex = 0
        for section in sections {
            let fields = section.components(separatedBy: "`")
            // "Row `name`, code `code`, ..."
            guard let rowStart = fields.firstIndex(where: { $0.hasSuffix("Row ") }), rowStart + 3 < fields.count,
                blockIndex < blocks.count
            else {
                Issue.record("\(article): a section names no row or shows no text: ### \(section.prefix(80))")
                continue
            }
            found.append((fields[rowStart + 1], fields[rowStart + 3], blocks[blockIndex]))
            blockIndex += section.components(separatedBy: "\n```").count / 2
        }
        #expect(blockIndex == blocks.count, "\(article): every block is in a section that names its row")
        return found
    }

    /// The article's table: each row's code, message and test row, without their backquotes.
    static func tableRows() throws -> [(code: String, message: String, row: String)] {
        let text = try String(
            contentsOf: Documentation.packageRoot.appendingPathComponent(article), encoding: .utf8)
        return text.components(separatedBy: "\n").filter { $0.hasPrefix("| ") }.dropFirst().map { line in
            let columns = line.split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard columns.count == 7 else { return ("", "\(columns.count - 2) columns: \(line)", "") }
            let unquoted = { (column: String) in column.trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
            return (unquoted(columns[3]), columns[4], unquoted(columns[5]))
        }
    }

    @Test func theArticleShowsTheTextEachRowAsserts() throws {
        if ProcessInfo.processInfo.environment["AUTOWIRE_UPDATE_CATALOGUE"] == "1" { try Self.updateArticle() }
        let sections = try Self.sections()
        #expect(
            sections.map(\.row).sorted() == (BadInput.allCases.map(\.rawValue) + [Self.noReflectionRow]).sorted(),
            "\(Self.article) has one section per row")
        for (name, code, block) in sections {
            guard let row = BadInput(rawValue: name) else { continue }
            #expect(code == row.code.rawValue, "\(block.place): row \(name) raises \(row.code), not \(code)")
            #expect(
                block.text == row.expectedText,
                """
                \(block.place): the text shown for \(name) is not the one its row asserts, which is:
                \(row.expectedText)
                """)
        }
    }

    /// Rewrites each section's block with its row's text (`AUTOWIRE_UPDATE_CATALOGUE=1`), for when
    /// fixtures moved; the run still fails, so that the rewrite is reviewed before it passes.
    static func updateArticle() throws {
        let url = Documentation.packageRoot.appendingPathComponent(article)
        var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        for (name, _, block) in try sections().reversed() {
            guard let row = BadInput(rawValue: name) else { continue }
            let start = block.line - 1
            lines.replaceSubrange(
                start..<start + block.lines.count, with: row.expectedText.components(separatedBy: "\n"))
        }
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        Issue.record("\(article) was rewritten from the rows' texts: review the change, then run the tests again")
    }

    /// The row of `AutowireNoReflectionTests` is asserted in that target, which this one cannot call:
    /// its text must be one of the texts that test's source asserts.
    @Test func theArticleShowsTheTextTheNoReflectionTargetAsserts() throws {
        let source = try String(
            contentsOf: Documentation.packageRoot.appendingPathComponent(
                "Tests/AutowireNoReflectionTests/MissingReflectionMetadataTests.swift"),
            encoding: .utf8)
        let asserted = multilineStringLiterals(in: source).map(\.text)
        let section = try Self.sections().first { $0.row == Self.noReflectionRow }
        #expect(section?.code == Diagnostic.Code.reflectionMetadataMissing.rawValue)
        #expect(section.map { asserted.contains($0.block.text) } == true)
    }

    @Test func theTableNamesEachRowsCodeAndMessage() throws {
        let rows = try Self.tableRows()
        #expect(rows.map(\.row).sorted() == (BadInput.allCases.map(\.rawValue) + [Self.noReflectionRow]).sorted())
        for (code, message, name) in rows {
            guard let row = BadInput(rawValue: name) else { continue }
            #expect(code == row.code.rawValue, "\(Self.article): the table gives row \(name) the code \(code)")
            // The message is the first line of the text after its `error[code]: `, under any heading.
            let first = row.expectedText.components(separatedBy: "\n").first { $0.contains("[\(row.code)]: ") }
            #expect(
                first?.components(separatedBy: "[\(row.code)]: ").last == message,
                "\(Self.article): the table's message for \(name) is not the first line of its text")
        }
    }
}

/// The file of the catalogue rows that need threads and callbacks, for `marked(_:in:)`.
private let runTime = "BadInputCatalogue+RunTime.swift"

// MARK: - The exact texts

extension BadInput {
    /// The exact text of the error the row raises.
    var expectedText: String {
        switch self {
        case .missingProtocolBinding:
            """
            error[missing-binding]: PaymentGateway cannot be provided: it has no binding and is not an Injectable class.
              at: \(marked("gateway"))
              path: Checkout.gateway → PaymentGateway
              fix: Bind it in the container with `binder.bind(PaymentGateway.self).to(…)`, or declare it `.optional(\\.gateway)` if it may be absent.
            """
        case .missingStructBinding:
            """
            error[missing-binding]: RetryPolicy cannot be provided: it has no binding and is not an Injectable class.
              path: RetryPolicy
              fix: Bind it in the container with `binder.bind(RetryPolicy.self).to(…)`.
            """
        case .missingNonInjectableClass:
            """
            error[missing-binding]: HTTPClient cannot be provided: it has no binding and its class is not Injectable.
              path: HTTPClient
              fix: Make HTTPClient conform to Injectable, or bind it with `binder.bind(HTTPClient.self).to(…)`.
            """
        case .missingTaggedValue:
            """
            error[missing-binding]: String tagged APIToken cannot be provided: nothing is bound with that tag.
              at: \(marked("token"))
              path: TokenUser.token → String tagged APIToken
              fix: Bind it in the container with `binder.bind(String.self).tagged(APIToken.self).to(…)`, or declare it `.optional(\\.token)` if it may be absent.
            """
        case .duplicateBinding:
            """
            Container configuration has 1 problem:

            error[duplicate-binding]: PaymentGateway is bound twice in the same container.
              at: \(marked("bound2"))
              also: \(marked("bound1"))
              path: PaymentGateway
              fix: Remove one of the two bindings; to replace a binding in tests, override it in a child container with `binder.override(_:)`.
            """
        case .duplicateDictionaryKey:
            """
            Container configuration has 1 problem:

            error[duplicate-binding]: [String: PaymentGateway] has two contributions for the key "card".
              at: \(marked("card2"))
              also: \(marked("card1"))
              path: [String: PaymentGateway]
              fix: Give each `intoDictionary(key:)` contribution its own key, or remove one of them.
            """
        case .nonConformingClassTarget:
            """
            Container configuration has 1 problem:

            error[non-conforming-implementation]: Ledger is bound to Animal but is not a subclass of it.
              at: \(marked("animal"))
              path: Animal
              fix: Make Ledger a subclass of Animal, or bind Animal to a type that is one.
            """
        case .nonConformingProtocolTarget:
            """
            error[non-conforming-implementation]: Ledger is bound to PaymentGateway but does not conform to it.
              at: \(marked("ledger"))
              path: PaymentGateway
              fix: Make Ledger conform to PaymentGateway, or bind PaymentGateway to a type that does.
            """
        case .unclosableTransientCycle:
            """
            error[unclosable-cycle]: Dependency cycle Ping.pong → Pong.ping → Ping can never close.
              at: \(marked("ping"))
              path: Ping.pong → Pong.ping → Ping
              fix: Give one class in the cycle the `.graph` or `.singleton` scope (factories cannot be reentered), or make one of the properties a `Provider` or `Lazy`.
            """
        case .cycleThroughGraphFactory:
            """
            error[unclosable-cycle]: Engine is needed again while its factory is still running, so the cycle can never close.
              at: \(marked("engine-factory"))
              path: Engine → Starter → Engine
              fix: Break the cycle: resolve one side through a `Provider` or `Lazy`, or turn a factory into an Injectable class in the `.graph` scope, which is filled after it is created.
            """
        case .cycleThroughTypedFactory:
            """
            Container configuration has 1 problem:

            error[unclosable-cycle]: Dependency cycle parameter 1 of Engine's factory → parameter 1 of Starter's factory → Engine can never close.
              at: \(marked("engine"))
              path: parameter 1 of Engine's factory → parameter 1 of Starter's factory → Engine
              fix: No scope can close this cycle: every object on it is made by a factory, which cannot be reentered. Resolve one side through a `Lazy` or a `Provider`, or turn a constructor parameter into a property listed in `dependencies`, which is filled after the object is created.
            """
        case .factoryThrows:
            """
            error[factory-failed]: The factory for HTTPClient threw: diskFull.
              at: \(marked("throwing-factory"))
              path: HTTPClient
              fix: Fix the cause reported by the factory, or catch it inside the factory.
            """
        case .weakScopeOnValue:
            """
            error[unsupported-scope]: RetryPolicy is scoped `.weak` but its instance is not a class instance.
              at: \(marked("weak-value"))
              path: RetryPolicy
              fix: Use `.transient`, `.graph` or `.singleton` for values; `.weak` only shares class instances.
            """
        case .offeredInstanceNeverOffered:
            """
            error[unavailable-instance]: No Screen has been offered to the container yet.
              at: \(marked("offered"))
              path: ScreenPresenter.screen → Screen
              fix: Call `container.offer(_:)` with a live Screen before resolving what needs it, or declare the dependency `.optional` to accept its absence.
            """
        case .offeredInstanceReleased:
            """
            error[unavailable-instance]: The Screen offered to the container has been released.
              at: \(marked("offered"))
              path: ScreenPresenter.screen → Screen
              fix: Call `container.offer(_:)` with a live Screen before resolving what needs it, or declare the dependency `.optional` to accept its absence.
            """
        case .offerOfNonOfferableType:
            """
            error[not-offerable]: Screen cannot be offered: it is not bound with `toOfferedInstance()`.
              path: Screen
              fix: Declare `binder.bind(Screen.self).toOfferedInstance()` in the container that receives it.
            """
        case .assistedClassResolvedDirectly:
            """
            error[assisted-outside-factory]: OrderDetail.orderID is assisted, so OrderDetail can only be made by an AssistedFactory.
              at: \(marked("order-id"))
              path: OrderDetail.orderID
              fix: Depend on `AssistedFactory<OrderID, OrderDetail>` and call `make(_:)` with the OrderID, instead of depending on OrderDetail itself.
            """
        case .subclassKeyPathIntoSibling:
            """
            error[misdeclared-dependency]: GridView.dependencies has a key path into ListView, which GridView is not.
              at: \(marked("sibling"))
              path: GridView
              fix: Write the key path against GridView or one of its superclasses.
            """
        case .childShadowingWithoutOverride:
            """
            Container configuration has 1 problem:

            error[accidental-shadowing]: PaymentGateway is bound again in a child container, hiding the parent's binding.
              at: \(marked("child-binding"))
              also: \(marked("parent-binding"))
              path: PaymentGateway
              fix: If the child is meant to replace it, write `binder.override(PaymentGateway.self)`; otherwise remove this binding.
            """
        case .overrideOfNothing:
            """
            Container configuration has 1 problem:

            error[override-of-nothing]: PaymentGateway is overridden, but no parent container binds it.
              at: \(marked("override"))
              path: PaymentGateway
              fix: Use `binder.bind(PaymentGateway.self)` for a new binding, or check the type and tag being overridden.
            """
        case .overrideNotReachingASingleton:
            """
            Container configuration has 1 problem:

            error[override-not-reaching]: The override of PaymentGateway does not reach Checkout, which a parent container keeps in the `.singleton` scope: Checkout belongs to the parent and uses the parent's PaymentGateway.
              at: \(marked("unreaching-override"))
              also: \(marked("kept-checkout"))
              path: Checkout.gateway → PaymentGateway
              fix: Override Checkout in this child too, so that the child makes its own with this PaymentGateway (`binder.override(Checkout.self)…`), or build the test's container from the bindings rather than as a child.
            """
        case .childBindingWhatASingletonFoundAbsent:
            """
            Container configuration has 1 problem:

            error[override-not-reaching]: The binding of Auditor does not reach Refunds, which a parent container keeps in the `.singleton` scope: Refunds belongs to the parent and was made without Auditor, which the parent does not provide.
              at: \(marked("unseen-auditor"))
              also: \(marked("kept-refunds"))
              path: Auditor
              fix: Override Refunds in this child too, so that the child makes its own with this Auditor (`binder.override(Refunds.self)…`), or build the test's container from the bindings rather than as a child.
            """
        case .mainActorPlanOffMainActor:
            """
            error[main-actor-required]: ProfileViewModel is isolated to the main actor but was resolved or injected off the main thread.
              path: ProfileViewModel
              fix: Resolve or inject ProfileViewModel from the main actor, for example in a `@MainActor` function or inside `await MainActor.run { … }`.
            """
        case .lazyReentered:
            """
            error[unclosable-cycle]: Lazy<Report>.get() was called again while it was still resolving Report.
              at: \(marked("report-factory"))
              path: Report → Lazy<Report>.get() → Report
              fix: Do not call `get()` on a Lazy from inside the resolution of its own value.
            """
        case .handleUsedAfterContainerReleased:
            """
            error[container-released]: Provider<Report>.get() was called after the container that made it was released.
              path: Provider<Report>.get() → Report
              fix: Keep the Container (or a child of it) for as long as objects it keeps (singletons, custom-scope and weak instances, and what they hold) use their Provider, Lazy, AssistedFactory or Resolver: those hold their container weakly, so that a singleton never keeps its own container alive.
            """
        case .dependenciesGetterResolves:
            """
            error[container-reentered]: Invoice.dependencies requested Printer from the container that was reading it to compile Invoice's plan.
              path: Invoice → Printer
              fix: Make Invoice.dependencies a plain list or value (`static let`) that uses no container; declare what Invoice needs with `.inject(…)`, or resolve it later, in `init()` or a method.
            """
        case .initResolvesItsOwnClass:
            """
            error[unclosable-cycle]: Canvas is needed again while an earlier Canvas is still in its init() or injection, which resolved from the container, so the cycle can never close.
              path: Brush.canvas → Canvas
              fix: Do not resolve from the container inside init() or a didSet: declare the dependency with `.inject(…)` (cycles through `.graph` objects close), or keep a `Provider` and call it after the object is built.
            """
        case .creationsNeedingEachOtherOnTwoThreads:
            """
            error[unclosable-cycle]: Creating Storefront needs Basket, which another thread is creating while it waits for Storefront: the two creations need each other, so neither could ever finish.
              at: \(marked("storefront", in: runTime))
              path: Storefront → Basket
              fix: Break the cycle: a factory, init() or didSet that resolves, or calls a Provider or Lazy, during a creation must not lead back to it. Resolve one side after creation (keep the Provider or Lazy and call it later) instead.
            """
        case .forgottenInject:
            """
            error[forgotten-dependency]: Article.tags is nil after injection but is not in Article.dependencies, and the container can provide TagList: it looks like a forgotten `.inject`.
              at: \(marked("article", in: runTime))
              path: Article.tags
              fix: Add `.inject(\\.tags)` to Article.dependencies; if it may stay nil, `.optional(\\.tags)`; if something else sets it, `.notInjected(\\.tags)`.
            """
        case .chainDeeperThanTheStack:
            """
            error[resolution-too-deep]: The dependency path is too deep for this thread's 512 KiB stack.
              at: \(marked("deep-chain"))
              path: ChainNode<Deep10000, Zero> → ChainNode<Deep10000, Bit1<Zero>> → ChainNode<Deep10000, Bit0<Bit1<Zero>>> → …
              fix: Cut the chain: make a property deep in it a `Provider` or `Lazy`, or give a class deep in it the `.singleton` scope and resolve that class first; or resolve from a thread with a bigger stack (such as a `Thread` with a larger `stackSize`).
            """
        case .assistedFactoryOfAnotherSeed:
            """
            error[assisted-seed-mismatch]: AssistedFactory<String, Receipt> is given a String, but Receipt.orderID, the assisted property it fills, is a OrderNumber.
              at: \(marked("receipt", in: runTime))
              path: ReceiptPrinter.makeReceipt → Receipt.orderID
              fix: Depend on `AssistedFactory<OrderNumber, Receipt>`, or declare Receipt.orderID as a String.
            """
        case .concreteClassWhereItsProtocolIsBound:
            """
            warning[bypassed-binding]: InvoiceService.clock asks for SystemDateProvider itself, which is bound as DateProvider: the container creates it directly, bypassing that binding, its scope and any override of DateProvider in tests.
              at: \(marked("clock", in: runTime))
              also: \(marked("date-provider", in: runTime))
              path: InvoiceService.clock → SystemDateProvider
              fix: Declare InvoiceService.clock as DateProvider, or bind SystemDateProvider itself if it must be used directly.
            """
        case .objectsOfOneResolveHoldingEachOther:
            """
            warning[strong-reference-cycle]: The objects on the cycle Document.pages → Pages.document → Document hold each other strongly, so every resolve leaves them alive: a memory leak.
              at: \(marked("document", in: runTime))
              path: Document.pages → Pages.document → Document
              fix: Make one of Document.pages, Pages.document `weak var` (or `unowned`), usually the one that points back to its owner.
            """
        case .eagerSingletonThrows:
            """
            Container configuration has 1 problem:

            error[eager-creation-failed]: Creating the eager singleton HTTPClient while building the container failed: The factory for HTTPClient threw: diskFull.
              at: \(marked("eager-client"))
              path: HTTPClient
              fix: Fix the cause reported by the factory, or catch it inside the factory.
            """
        case .eagerTypeNotSingleton:
            """
            Container configuration has 1 problem:

            error[eager-not-singleton]: Printer is marked eager but is scoped `.graph`: only a singleton can be created when the container is built.
              at: \(marked("eager-printer"))
              path: Printer
              fix: Scope it `.singleton` (`.scoped(.singleton)` on the binding, or `static var scope: Scope { .singleton }` in the class), or do not mark it eager.
            """
        case .resetOfPlainSingletons:
            """
            error[singletons-not-resettable]: resetSingletons() was called on a container whose singletons were not made resettable.
              fix: Call `binder.makeSingletonsResettable()` where the container is built (its singletons then cost a lock per read), or give the instances to reset a custom scope and reset that: `.scoped(.custom(Session.self))`, `container.reset(Session.self)`.
            """
        case .hookThrows:
            """
            error[injection-hook-failed]: StockTicker.didInjectDependencies() threw: the market feed is closed.
              path: TradingDesk.ticker → StockTicker
              fix: Fix the cause reported by StockTicker.didInjectDependencies(), or catch it there. The object was not handed out, and a singleton whose hook throws is created again on the next resolve.
            """
        case .singletonKeepingTheRequest:
            """
            error[request-scoped-singleton]: HitCounter is kept in the `.singleton` scope and depends on PageRequest, the request of a RequestScope, which is different for every request: it would hand one request's PageRequest to later requests.
              at: \(marked("stats-requests", in: runTime))
              path: StatsPage.hits → HitCounter.request → PageRequest
              fix: Give HitCounter the `.graph` scope (one per request) or `.transient`, or stop it depending on PageRequest.
            """
        case .requestReadAfterItsResolve:
            """
            error[request-unavailable]: Provider<PageLog> resolves after the request's resolve has ended, and what it makes depends on PageRequest, the request of a RequestScope: there is no request then.
              at: \(marked("audit-log", in: runTime))
              path: AuditPage.makeLog → Provider<PageLog> → PageLog.request → PageRequest
              fix: Inject what the handle makes directly (a request's resolve makes it anew for every request), or stop it depending on PageRequest.
            """
        case .requestReadByAClosureAfterItsResolve:
            """
            error[request-unavailable]: PageRequest is the request of a RequestScope, and this resolve has none: it was started by a Provider, a Lazy or an AssistedFactory, outside the request's resolve.
              at: \(marked("audit-requests", in: runTime))
              path: PageTitle → PageRequest
              fix: Pass what needs the request through the request's own resolve: inject PageRequest (or what is made from it) directly rather than through a Provider or Lazy.
            """
        }
    }
}

/// Binds `ChainNode<Deep10000, Level>` to a closure that makes the node and resolves the next one
/// through its resolver (the last node has none).
private func bindLink<Level: ChainLevel>(_: Level.Type, in binder: Binder) {
    binder.bind(ChainNode<Deep10000, Level>.self).to { resolver in  // @deep-chain
        let node = ChainNode<Deep10000, Level>()
        if Level.depth + 1 < Deep10000.nodes {
            node.next = try resolver.resolve(ChainNode<Deep10000, Level.Next>.self)
        }
        return node
    }
}
