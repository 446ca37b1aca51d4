import Synchronization
import Testing

@testable import Autowire

private let liveReports = Atomic<Int>(0)
private let observedWrites = Atomic<Int>(0)

private final class Report: Injectable {
    var section: Section!
    var note: Note!
    init() { liveReports.add(1, ordering: .relaxed) }
    deinit { liveReports.subtract(1, ordering: .relaxed) }
    static let dependencies: [Dependency<Report>] = [.inject(\.section), .inject(\.note)]
}
/// A back-reference to the report that makes it: a plain `weak` property.
private final class Section: Injectable {
    var title = "Summary"
    weak var report: Report?
    static let dependencies: [Dependency<Section>] = [.inject(\.report)]
}
/// Two `weak` properties of one type, declared after a strong one of that type.
private final class Note: Injectable {
    var pinned: Report?
    weak var report: Report?
    weak var alsoReport: Report?
    static let dependencies: [Dependency<Note>] = [.inject(\.report), .inject(\.alsoReport)]
}

private final class Watched: Injectable {
    weak var report: Report? { didSet { observedWrites.add(1, ordering: .relaxed) } }
    static let dependencies: [Dependency<Watched>] = [.inject(\.report)]
}
private final class Kept: Injectable {
    unowned(safe) var report: Report?
    static let dependencies: [Dependency<Kept>] = [.inject(\.report)]
}

private protocol Listener: AnyObject {}
private final class Speaker: Injectable, Listener {}
private final class Microphone: Injectable {
    weak var listener: (any Listener)?
    static let dependencies: [Dependency<Microphone>] = [.inject(\.listener)]
}

/// An overridable `weak` property, which a subclass observes.
private class Page: Injectable {
    weak var report: Report?
    required init() {}
    class var dependencies: [Dependency<Page>] { declared }
    static let declared: [Dependency<Page>] = [.inject(\.report)]
}
private final class Appendix: Page {
    override var report: Report? { didSet { observedWrites.add(1, ordering: .relaxed) } }
}

/// Everything that a root object's graph holds weakly, made alongside it.
private final class Bundle: Injectable {
    var report: Report!
    var watched: Watched!
    var kept: Kept!
    var speaker: Speaker!
    var microphone: Microphone!
    var page: Page!
    var appendix: Appendix!
    static let dependencies: [Dependency<Bundle>] = [
        .inject(\.report), .inject(\.watched), .inject(\.kept), .inject(\.speaker), .inject(\.microphone),
        .inject(\.page), .inject(\.appendix),
    ]
}

/// Made by a closure factory, as a singleton.
private final class Stamp {}
private final class Dossier: Injectable {
    var report: Report!
    var stamp: Stamp?
    static let dependencies: [Dependency<Dossier>] = [.inject(\.report), .optional(\.stamp)]
}

private final class Panel: PropertyInjectable {
    weak var report: Report?
    static let dependencies: [Dependency<Panel>] = [.inject(\.report)]
}

/// What the writes of `dependency`'s property learned (see `LearnedOffset`).
private func learned<Root, Value>(_ dependency: Dependency<Root>, _ value: Value.Type, in container: Container) throws
    -> Int?
{
    let producer = try container.registry.rootProducer(for: BindingKey(Value.self, tag: nil))
    return dependency.makeStep(producer)?.store.learned.current
}

/// Serialized: the tests count live reports and observer calls.
@Suite(.serialized) struct WeakPropertyTests {
    @Test func aPlainWeakPropertyIsWrittenAtItsOwnOffsetAfterTheFirstWrite() throws {
        let container = Container()
        for _ in 0..<3 {
            let report = try container.resolve(Report.self)
            #expect(report.section.report === report)
            #expect(report.note.report === report && report.note.alsoReport === report)
            #expect(report.note.pinned == nil)
        }
        let section = try learned(Section.dependencies[0], Report.self, in: container)
        #expect(section == -(try #require(fieldOffset("report", in: Section.self))))
        let notes = try Note.dependencies.map { try learned($0, Report.self, in: container) }
        #expect(notes == [-fieldOffset("report", in: Note.self)!, -fieldOffset("alsoReport", in: Note.self)!])
    }

    @Test func aWeakPropertyWrittenAtItsOffsetStaysWeak() throws {
        let container = Container()
        var sections: [Section] = []
        for _ in 0..<3 {
            let report = try container.resolve(Report.self)
            sections.append(report.section)
            #expect(report.section.report === report)
        }
        // Only the sections are kept: every report is gone, and each section's reference with it.
        #expect(liveReports.load(ordering: .relaxed) == 0)
        #expect(sections.allSatisfy { $0.report == nil && $0.title == "Summary" })
    }

    @Test func propertiesThatOnlyLookWeakKeepTheirKeyPaths() throws {
        let container = try Container { binder in
            binder.bind((any Listener).self).to(Speaker.self)
        }
        observedWrites.store(0, ordering: .relaxed)
        for _ in 0..<3 {
            let bundle = try container.resolve(Bundle.self)
            #expect(bundle.watched.report === bundle.report)
            #expect(bundle.kept.report === bundle.report)
            #expect(bundle.microphone.listener === bundle.speaker)
            #expect(bundle.page.report === bundle.report && bundle.appendix.report === bundle.report)
        }
        // Observers run on every write, an overriding one included (the page is filled first); an
        // `unowned` property's word is its object's address; a class-bound existential is not one
        // class reference.
        #expect(observedWrites.load(ordering: .relaxed) == 6)
        #expect(try learned(Watched.dependencies[0], Report.self, in: container) == -1)
        #expect(try learned(Kept.dependencies[0], Report.self, in: container) == -1)
        #expect(try learned(Microphone.dependencies[0], (any Listener).self, in: container) == -1)
        #expect(try learned(Page.declared[0], Report.self, in: container) == -1)
    }

    // What an Objective-C object's weak reference looks like on Darwin (its bits are its address,
    // as are an `unowned(unsafe)` slot's): such a slot is never taken for a weak one. Native weak
    // references (side-table references) still are.
    @Test func aWeakReferenceWhoseBitsAreTheObjectsAddressIsNotLearned() throws {
        #expect(!WeakField.holdsWeakReference(stored: 0x1000, weakBits: 0x1000, address: 0x1000))
        #expect(WeakField.holdsWeakReference(stored: 0x8000_2000, weakBits: 0x8000_2000, address: 0x1000))
        #expect(!WeakField.holdsWeakReference(stored: 0x1000, weakBits: 0x8000_2000, address: 0x1000))
        #expect(!WeakField.holdsWeakReference(stored: 0, weakBits: 0, address: 0x1000))
    }

    @Test func injectingAWeakPropertyWritesItAtItsOffset() throws {
        let container = try Container { binder in
            binder.bind(Report.self).scoped(.singleton).to(Report.self)
        }
        let report = try container.resolve(Report.self)
        let injector = try container.propertyInjector(for: Panel.self)
        for _ in 0..<3 {
            let panel = Panel()
            try injector.inject(into: panel)
            #expect(panel.report === report)
            let other = Panel()
            try container.inject(into: other)
            #expect(other.report === report)
        }
        #expect(
            try learned(Panel.dependencies[0], Report.self, in: container) == -fieldOffset("report", in: Panel.self)!)
    }

    /// A singleton made by a closure, for an `.optional` property: what the closure's call throws
    /// names its binding, never the absence the property goes without, so the root runs a program.
    @Test func aRootWithAClosureBesideAnOptionalPropertyRunsAProgramThatWritesWeakPropertiesAtTheirOffsets()
        throws
    {
        let container = try Container { binder in
            binder.bind(Stamp.self).scoped(.singleton).to { _ in Stamp() }
        }
        for _ in 0..<3 {
            let dossier = try container.resolve(Dossier.self)
            #expect(dossier.report.section.report === dossier.report)
        }
        #expect(try container.hasProgram(of: Dossier.self))
        #expect(try container.resolve(Dossier.self).stamp === container.resolve(Stamp.self))
        #expect(
            try learned(Section.dependencies[0], Report.self, in: container) == -fieldOffset(
                "report", in: Section.self)!)
    }

    @Test func concurrentFirstResolvesLearnOneOffset() throws {
        let container = Container()
        let mismatches = Atomic<Int>(0)
        let finished = runOnThreads(8) { _ in
            for _ in 0..<50 {
                guard let report = try? container.resolve(Report.self), report.section.report === report,
                    report.note.alsoReport === report
                else {
                    mismatches.add(1, ordering: .relaxed)
                    continue
                }
            }
        }
        #expect(finished)
        #expect(mismatches.load(ordering: .relaxed) == 0)
        #expect(
            try learned(Section.dependencies[0], Report.self, in: container) == -fieldOffset(
                "report", in: Section.self)!)
        #expect(liveReports.load(ordering: .relaxed) == 0)
    }
}
