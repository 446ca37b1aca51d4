import Autowire
import Dispatch
import Foundation
import Testing

// The catalogue rows whose mistakes happen while the program runs: they need threads, getters
// and initializers that call back into a container. Lines marked `// @name` are where the errors'
// locations point; the expected texts find them with `marked(_:in:)`.
/// A Provider whose container is gone.
func handleOfAReleasedContainer() throws(ResolutionError) {
    let holder = try Container().resolve(ReportMaker.self)
    _ = try holder.makeReport.get()
}
private final class ReportMaker: Injectable {
    static var scope: Scope { .singleton }
    var makeReport: Provider<Report>!
    static let dependencies: [Dependency<ReportMaker>] = [.inject(\.makeReport)]
}
private final class Report: Injectable {}

/// The containers the getter and the initializer below call back into, one each: catalogue rows
/// run in parallel.
private let invoiceContainer = Locked<Container?>(nil)
private let canvasContainer = Locked<Container?>(nil)

private final class Printer: Injectable {}

/// What resolving a class whose `dependencies` getter resolves from the same container throws.
func dependenciesGetterResolvingError() -> ResolutionError? {
    let container = Container()
    invoiceContainer.withLock { $0 = container }
    defer { invoiceContainer.withLock { $0 = nil } }
    return captureResolutionError { try container.resolve(Invoice.self) }
}

/// What the resolve in `Canvas.init()`, which needs a `Canvas` again, throws.
func initResolvingItsOwnClassError() -> ResolutionError? {
    let container = Container()
    canvasContainer.withLock { $0 = container }
    defer { canvasContainer.withLock { $0 = nil } }
    canvasError.withLock { $0 = nil }
    _ = try? container.resolve(Canvas.self)
    return canvasError.withLock { $0 }
}

/// A `dependencies` getter that resolves from the container reading it.
private final class Invoice: Injectable {
    var printer: Printer!
    static var dependencies: [Dependency<Invoice>] {
        _ = try? invoiceContainer.withLock { $0 }?.resolve(Printer.self)
        return [.inject(\.printer)]
    }
}

/// What the nested resolve in `Canvas.init()` threw.
private let canvasError = Locked<ResolutionError?>(nil)
/// An `init()` that resolves a class needing a `Canvas`.
private final class Canvas: Injectable {
    required init() {
        let container = canvasContainer.withLock { $0 }
        do {
            _ = try container?.resolve(Brush.self)
        } catch {
            canvasError.withLock { $0 = error }
        }
    }
}
private final class Brush: Injectable {
    var canvas: Canvas!
    static let dependencies: [Dependency<Brush>] = [.inject(\.canvas)]
}

// Two singletons whose creations need each other through a factory, started on two threads: the
// storefront's factory resolves the basket, whose injection needs the storefront.
private final class Storefront {}
private final class Basket: Injectable {
    static var scope: Scope { .singleton }
    var storefront: Storefront!
    static let dependencies: [Dependency<Basket>] = [.inject(\.storefront)]
    required init() {
        basketIsBeingCreated.signal()
    }
}
private let basketIsBeingCreated = DispatchSemaphore(value: 0)

/// The storefront's thread starts first and holds its creation; once the basket's thread is
/// waiting for it, the factory asks for the basket: that thread sees the cycle and throws. A wait
/// that times out is recorded as an issue of the calling test, naming the wait.
func errorOfCreationsNeedingEachOtherOnTwoThreads() -> ResolutionError? {
    let timedOut = Locked<[String]>([])
    @Sendable func waitFor(_ semaphore: DispatchSemaphore, _ what: String) {
        if semaphore.wait(timeout: .now() + .seconds(5)) == .timedOut { timedOut.withLock { $0.append(what) } }
    }
    let storefrontStarted = DispatchSemaphore(value: 0)
    let isFirstRun = Locked(true)
    let container: Container
    do {
        container = try Container { binder in
            binder.bind(Storefront.self).scoped(.singleton).to { resolver in  // @storefront
                // Only the first run waits; the basket's thread runs the factory again afterwards.
                if isFirstRun.withLock({ isFirst in
                    defer { isFirst = false }
                    return isFirst
                }) {
                    storefrontStarted.signal()
                    waitFor(basketIsBeingCreated, "the basket's creation to start")
                    // Let the basket's thread reach the storefront's lock and wait on it.
                    usleep(200_000)
                }
                _ = try resolver.resolve(Basket.self)
                return Storefront()
            }
        }
    } catch {
        return nil
    }
    let storefrontError = Locked<ResolutionError?>(nil)
    let finished = DispatchGroup()
    DispatchQueue.global().async(group: finished) {
        do {
            _ = try container.resolve(Storefront.self)
        } catch {
            storefrontError.withLock { $0 = error as? ResolutionError }
        }
    }
    waitFor(storefrontStarted, "the storefront's factory to start")
    DispatchQueue.global().async(group: finished) { _ = try? container.resolve(Basket.self) }
    if finished.wait(timeout: .now() + .seconds(20)) == .timedOut {
        timedOut.withLock { $0.append("both resolves to finish") }
    }
    for wait in timedOut.withLock({ $0 }) {
        Issue.record("Creations needing each other on two threads: timed out waiting for \(wait).")
    }
    return storefrontError.withLock { $0 }
}

/// The forgotten `.inject` of this design: `tags` is declared but not listed.
private final class TagList: Injectable {}
private final class Article: Injectable {
    var body: String?
    var tags: TagList!
    static let dependencies: [Dependency<Article>] = [.optional(\.body)]  // @article
}

/// What the first resolve of `Article` throws.
func forgottenInjectError() -> ResolutionError? {
    captureResolutionError { try Container().resolve(Article.self) }
}

// An assisted factory whose seed is not the type of the assisted property it fills.
private struct OrderNumber {}
private final class Receipt: Injectable {
    var orderID: OrderNumber!
    static let dependencies: [Dependency<Receipt>] = [.assisted(\.orderID)]  // @receipt
}
private final class ReceiptPrinter: Injectable {
    var makeReceipt: AssistedFactory<String, Receipt>!
    static let dependencies: [Dependency<ReceiptPrinter>] = [.inject(\.makeReceipt)]
}

/// What resolving a class holding an `AssistedFactory` of the wrong seed type throws.
func assistedFactoryOfAnotherSeedError() -> ResolutionError? {
    captureResolutionError { try Container().resolve(ReceiptPrinter.self) }
}

/// The code and text of the one warning a validation report holds, or of what `validate` threw.
private func warning(_ validate: () throws(ValidationError) -> ValidationReport) -> (Diagnostic.Code, String)? {
    do {
        let warnings = try validate().warnings
        guard warnings.count == 1, let warning = warnings.first else {
            return (Diagnostic.Code("warnings"), "\(warnings.count) warnings: \(warnings)")
        }
        return (warning.code, warning.description)
    } catch {
        return (Diagnostic.Code("thrown"), "validate threw: \(error)")
    }
}

// A concrete class asked for where its protocol is bound: the binding and its overrides are bypassed.
private protocol DateProvider: AnyObject {}
private final class SystemDateProvider: DateProvider, Injectable {}
private final class InvoiceService: Injectable {
    var clock: SystemDateProvider!
    static let dependencies: [Dependency<InvoiceService>] = [.inject(\.clock)]  // @clock
}

/// The warning `validate` gives for `InvoiceService`, with `DateProvider` bound to its clock's class.
func bypassedBindingWarning() -> (Diagnostic.Code, String)? {
    warning { () throws(ValidationError) in
        try Container.validate(InvoiceService.self) { binder in
            binder.bind(DateProvider.self).scoped(.singleton).to(SystemDateProvider.self)  // @date-provider
        }
    }
}

// Objects of one resolve holding each other strongly: every resolve leaks them.
private final class Document: Injectable {
    var pages: Pages!
    static let dependencies: [Dependency<Document>] = [.inject(\.pages)]
}
private final class Pages: Injectable {
    var document: Document!
    static let dependencies: [Dependency<Pages>] = [.inject(\.document)]  // @document
}

/// The warning `validate` gives for `Document`.
func strongReferenceCycleWarning() -> (Diagnostic.Code, String)? {
    warning { () throws(ValidationError) in try Container().validate(Document.self) }
}

// A hook after injection that throws: the resolve fails, with the path to the object.
private struct MarketClosed: Error, CustomStringConvertible {
    var description: String { "the market feed is closed" }
}
private final class StockTicker: Injectable {
    func didInjectDependencies() throws { throw MarketClosed() }
}
private final class TradingDesk: Injectable {
    var ticker: StockTicker!
    static let dependencies: [Dependency<TradingDesk>] = [.inject(\.ticker)]
}

/// What resolving a class whose dependency's `didInjectDependencies()` throws raises.
func injectionHookError() -> ResolutionError? {
    captureResolutionError { try Container().resolve(TradingDesk.self) }
}

// A request scope's request, needed by a singleton and, later, by a Provider.
private struct PageRequest: Sendable {
    let path: String
}
private final class HitCounter: Injectable {
    static var scope: Scope { .singleton }
    var request: PageRequest!
    static let dependencies: [Dependency<HitCounter>] = [.inject(\.request)]
}
private final class StatsPage: Injectable {
    var hits: HitCounter!
    static let dependencies: [Dependency<StatsPage>] = [.inject(\.hits)]
}
private final class PageLog: Injectable {
    var request: PageRequest!
    static let dependencies: [Dependency<PageLog>] = [.inject(\.request)]
}
private final class AuditPage: Injectable {
    var makeLog: Provider<PageLog>!
    static let dependencies: [Dependency<AuditPage>] = [.inject(\.makeLog)]  // @audit-log
}
private final class PageTitle: Sendable {
    let text: String
    init(_ text: String) { self.text = text }
}
private final class LateTitlePage: Injectable {
    var title: Provider<PageTitle>!
    static let dependencies: [Dependency<LateTitlePage>] = [.inject(\.title)]
}

/// What resolving a page whose singleton keeps the request raises.
func requestScopedSingletonError() -> ResolutionError? {
    captureResolutionError {
        let pages = try Container().requestScope(for: PageRequest.self)  // @stats-requests
        return try pages.resolve(StatsPage.self, for: PageRequest(path: "/stats"))
    }
}

/// What resolving a page raises when a Provider of it makes what needs the request: found when
/// the page's graph is compiled.
func requestUnavailableError() -> ResolutionError? {
    captureResolutionError {
        let pages = try Container().requestScope(for: PageRequest.self)
        return try pages.resolve(AuditPage.self, for: PageRequest(path: "/audit"))
    }
}

/// What a Provider raises when its closure factory reads the request, after the request's resolve:
/// a closure's reads are seen only when it runs.
func requestReadByAClosureError() -> ResolutionError? {
    let pages: RequestScope<PageRequest>
    let page: LateTitlePage
    do {
        pages = try Container().requestScope(for: PageRequest.self) { binder in  // @audit-requests
            binder.bind(PageTitle.self).to { resolver in PageTitle(try resolver.resolve(PageRequest.self).path) }
        }
        page = try pages.resolve(LateTitlePage.self, for: PageRequest(path: "/audit"))
    } catch {
        return nil
    }
    // The scope is kept: a Provider does not keep what made it alive.
    return withExtendedLifetime(pages) { captureResolutionError { try page.title.get() } }
}
