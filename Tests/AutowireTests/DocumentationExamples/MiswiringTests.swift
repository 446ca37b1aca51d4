// Documentation.docc/Articles/ValidationAndDiagnostics.md: bypassed-binding and strong-reference-cycle.
import Autowire
import Testing

private protocol DateProvider: AnyObject {}
private final class SystemDateProvider: DateProvider, Injectable {}
/// Asks for the implementation itself, though `DateProvider` is bound to it.
private final class InvoiceService: Injectable {
    var clock: SystemDateProvider!
    static let dependencies: [Dependency<InvoiceService>] = [.inject(\.clock)]  // @clock
}
/// Asks for the protocol: the binding serves it.
private final class ReceiptService: Injectable {
    var clock: (any DateProvider)!
    static let dependencies: [Dependency<ReceiptService>] = [.inject(\.clock)]
}

@Suite struct MiswiringTests {
    /// Before, nothing was reported: tests overriding `DateProvider` never reached this clock.
    @Test func aConcreteClassUsedWhereItsProtocolIsBoundIsAWarning() throws {
        let report = try Container.validate(InvoiceService.self, ReceiptService.self) { binder in
            binder.bind(DateProvider.self).scoped(.singleton).to(SystemDateProvider.self)  // @binding
        }
        #expect(report.errors.isEmpty)
        #expect(report.warnings.count == 1)
        let warning = report.warnings.first
        #expect(warning?.location?.description == marked("clock"))
        #expect(warning?.relatedLocations.map(\.description) == [marked("binding")])
        expectDocumented(
            warning?.description ?? "no warning",
            #"""
            warning[bypassed-binding]: InvoiceService.clock asks for SystemDateProvider itself, which is bound as DateProvider: the container creates it directly, bypassing that binding, its scope and any override of DateProvider in tests.
              at: App/InvoiceService.swift:3
              also: App/Bindings.swift:2
              path: InvoiceService.clock → SystemDateProvider
              fix: Declare InvoiceService.clock as DateProvider, or bind SystemDateProvider itself if it must be used directly.
            """#)
    }

    @Test func dependingOnTheBoundProtocolIsNotReported() throws {
        let report = try Container.validate(ReceiptService.self) { binder in
            binder.bind(DateProvider.self).to(SystemDateProvider.self)
        }
        #expect(report.diagnostics.isEmpty)
    }
}

/// A document and its pages, each holding the other strongly.
private final class Document: Injectable {
    var pages: Pages!
    static let dependencies: [Dependency<Document>] = [.inject(\.pages)]
}
private final class Pages: Injectable {
    var document: Document!
    static let dependencies: [Dependency<Pages>] = [.inject(\.document)]  // @document
}
/// The same shape with a weak back-reference.
private final class Album: Injectable {
    var photos: Photos!
    static let dependencies: [Dependency<Album>] = [.inject(\.photos)]
}
private final class Photos: Injectable {
    weak var album: Album?
    static let dependencies: [Dependency<Photos>] = [.inject(\.album)]
}

extension MiswiringTests {
    /// Before, validate passed and every resolve of Document leaked a Document and its Pages.
    @Test func objectsOfOneResolveHoldingEachOtherStronglyAreReported() throws {
        let report = try Container().validate(Document.self)
        #expect(report.diagnostics.count == 1)
        let warning = report.warnings.first
        #expect(warning?.location?.description == marked("document"))
        expectDocumented(
            warning?.description ?? "no warning",
            #"""
            warning[strong-reference-cycle]: The objects on the cycle Document.pages → Pages.document → Document hold each other strongly, so every resolve leaves them alive: a memory leak.
              at: App/Pages.swift:3
              path: Document.pages → Pages.document → Document
              fix: Make one of Document.pages, Pages.document `weak var` (or `unowned`), usually the one that points back to its owner.
            """#)
    }

    @Test func aWeakBackReferenceIsNotReported() throws {
        let report = try Container().validate(Album.self)
        #expect(report.diagnostics.isEmpty)
    }
}
