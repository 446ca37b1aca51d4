import Synchronization
import Testing

@testable import Autowire

// A program calls closures (in its run's joined resolution) while a transient object is filled or a
// transient factory waits for its arguments. The joined resolution counts the program enclosing it
// as the same resolve, so a closure that asks for the transient type being filled gets a new one; a
// fresh `container.resolve` started from the closure is another resolve, which must not build what
// the program is building; a waiting transient factory is marked under construction for the call,
// so a closure meeting it again is a cycle unless a `.graph` object was recorded since it began.
// Each case is also checked where a closure resolves the same root (`Envelope`), which runs it as a
// nested program in the closure's resolution.

/// Counts an object's live instances and hook calls.
private final class Counts: Sendable {
    let live = Atomic<Int>(0)
    let hooks = Atomic<Int>(0)
    func made() { live.add(1, ordering: .relaxed) }
    func freed() { live.subtract(1, ordering: .relaxed) }
    func hooked() { hooks.add(1, ordering: .relaxed) }
    func reset() { hooks.store(0, ordering: .relaxed) }
    var liveCount: Int { live.load(ordering: .relaxed) }
    var hookCount: Int { hooks.load(ordering: .relaxed) }
}

/// `.graph`, made by the program before its first closure call.
private final class Lamp: Injectable {
    static let counts = Counts()
    /// Set by the `Stub` closure that resolved a ticket in this resolve, so the ticket it makes
    /// resolves none.
    var reissued = false
    init() { Self.counts.made() }
    deinit { Self.counts.freed() }
    func didInjectDependencies() { Self.counts.hooked() }
}

/// `.graph`, met first by a closure (the `Card`'s), then by the program after it.
private final class Pen: Injectable {
    static let counts = Counts()
    init() { Self.counts.made() }
    deinit { Self.counts.freed() }
    func didInjectDependencies() { Self.counts.hooked() }
}

/// Made by a closure (`.graph`) that resolves the lamp: the program's first closure call.
private final class Note {
    let lamp: Lamp
    init(lamp: Lamp) { self.lamp = lamp }
}

/// Made by a closure (`.graph`) called while the program fills the shelf whose property it is;
/// resolves that shelf and the pen, which the program meets only after it.
private final class Card {
    weak var shelf: Shelf?
    let pen: Pen
    init(shelf: Shelf, pen: Pen) {
        self.shelf = shelf
        self.pen = pen
    }
}

/// `.graph`, met after the program's first closure call: made in a joined region.
private final class Shelf: Injectable {
    static let counts = Counts()
    var card: Card!
    init() { Self.counts.made() }
    deinit { Self.counts.freed() }
    static let dependencies: [Dependency<Shelf>] = [.inject(\.card)]
    func didInjectDependencies() { Self.counts.hooked() }
}

/// Transient; closures are called while it is filled.
private final class Desk: Injectable {
    static var scope: Scope { .transient }
    static let counts = Counts()
    var lamp: Lamp!
    var note: Note!
    var shelf: Shelf!
    var pen: Pen!
    init() { Self.counts.made() }
    deinit { Self.counts.freed() }
    static let dependencies: [Dependency<Desk>] = [
        .inject(\.lamp), .inject(\.note), .inject(\.shelf), .inject(\.pen),
    ]
    func didInjectDependencies() { Self.counts.hooked() }
}

/// `.graph`, with two transient desks: the closures run while the second level is filled.
private final class Office: Injectable {
    static let counts = Counts()
    var lamp: Lamp!
    var first: Desk!
    var second: Desk!
    var pen: Pen!
    init() { Self.counts.made() }
    deinit { Self.counts.freed() }
    static let dependencies: [Dependency<Office>] = [
        .inject(\.lamp), .inject(\.first), .inject(\.second), .inject(\.pen),
    ]
    func didInjectDependencies() { Self.counts.hooked() }
}

/// Transient; its stub's closure resolves another ticket, once per resolve (see `Lamp.reissued`).
private final class Ticket: Injectable {
    static var scope: Scope { .transient }
    static let counts = Counts()
    var lamp: Lamp!
    var stub: Stub!
    var pen: Pen!
    init() { Self.counts.made() }
    deinit { Self.counts.freed() }
    static let dependencies: [Dependency<Ticket>] = [.inject(\.lamp), .inject(\.stub), .inject(\.pen)]
    func didInjectDependencies() { Self.counts.hooked() }
}

/// Made by a transient closure that resolves a ticket, the type being filled around it.
private final class Stub {
    let ticket: Ticket?
    let pen: Pen
    init(ticket: Ticket?, pen: Pen) {
        self.ticket = ticket
        self.pen = pen
    }
}

/// `.graph` root with a transient ticket two levels down.
private final class Booth: Injectable {
    var lamp: Lamp!
    var ticket: Ticket!
    static let dependencies: [Dependency<Booth>] = [.inject(\.lamp), .inject(\.ticket)]
}

/// The container the `Slip` and `Label` closures start a fresh resolve from; set by each test.
private let shared = Locked<Container?>(nil)

/// Transient; its slip's closure starts a fresh resolve of `Pass` from the container.
private final class Pass: Injectable {
    static var scope: Scope { .transient }
    static let counts = Counts()
    var lamp: Lamp!
    var slip: Slip!
    init() { Self.counts.made() }
    deinit { Self.counts.freed() }
    static let dependencies: [Dependency<Pass>] = [.inject(\.lamp), .inject(\.slip)]
    func didInjectDependencies() { Self.counts.hooked() }
}

/// What a fresh resolve started from a closure returned or threw.
private final class Slip {
    let pass: Pass?
    let failure: String?
    init(pass: Pass?, failure: String?) {
        self.pass = pass
        self.failure = failure
    }
}

/// `.graph`, met after a closure call; its label's closure starts a fresh resolve of `Crate`.
private final class Crate: Injectable {
    static let counts = Counts()
    var label: Label!
    init() { Self.counts.made() }
    deinit { Self.counts.freed() }
    static let dependencies: [Dependency<Crate>] = [.inject(\.label)]
    func didInjectDependencies() { Self.counts.hooked() }
}

private final class Label {
    let failure: String?
    init(failure: String?) { self.failure = failure }
}

/// Transient root: a closure first, then the crate being filled when its label's closure runs.
private final class Dock: Injectable {
    static var scope: Scope { .transient }
    var note: Note!
    var crate: Crate!
    static let dependencies: [Dependency<Dock>] = [.inject(\.note), .inject(\.crate)]
}

/// `.graph`, recorded by a `Stamp` closure before it asks for the receipt again.
private final class Mark: Injectable {
    static let counts = Counts()
    init() { Self.counts.made() }
    deinit { Self.counts.freed() }
    func didInjectDependencies() { Self.counts.hooked() }
}

/// Made by a transient typed factory whose argument a closure makes.
private final class Receipt {
    static let counts = Counts()
    let stamp: Stamp
    init(stamp: Stamp) {
        self.stamp = stamp
        Self.counts.made()
    }
    deinit { Self.counts.freed() }
}

/// Made by a transient closure that asks for the receipt again, with nothing recorded since.
private final class Stamp {
    let receipt: Receipt?
    let failure: String?
    init(receipt: Receipt?, failure: String?) {
        self.receipt = receipt
        self.failure = failure
    }
}

/// As `Receipt`; its closure-made argument records a mark before it asks for the receipt again.
private final class Invoice {
    static let counts = Counts()
    let seal: Seal
    init(seal: Seal) {
        self.seal = seal
        Self.counts.made()
    }
    deinit { Self.counts.freed() }
}

private final class Seal {
    let mark: Mark
    let invoice: Invoice?
    let failure: String?
    init(mark: Mark, invoice: Invoice?, failure: String?) {
        self.mark = mark
        self.invoice = invoice
        self.failure = failure
    }
}

/// As `Receipt`, but the program makes a mark (recorded) after the factory began and before the
/// closure-made argument: the closure meets the factory again with a `.graph` object recorded
/// since it began, though it records nothing itself.
private final class Voucher {
    static let counts = Counts()
    let mark: Mark
    let coupon: Coupon
    init(mark: Mark, coupon: Coupon) {
        self.mark = mark
        self.coupon = coupon
        Self.counts.made()
    }
    deinit { Self.counts.freed() }
}

private final class Coupon {
    let voucher: Voucher?
    let failure: String?
    init(voucher: Voucher?, failure: String?) {
        self.voucher = voucher
        self.failure = failure
    }
}

/// `.graph` root: makes the mark before the transient factories begin, so nothing is recorded
/// during them.
private final class Till: Injectable {
    var mark: Mark!
    var receipt: Receipt!
    var invoice: Invoice!
    var voucher: Voucher!
    static let dependencies: [Dependency<Till>] = [
        .inject(\.mark), .inject(\.receipt), .inject(\.invoice), .inject(\.voucher),
    ]
}

/// Made by a transient typed factory; its link (`.graph`, recorded before the factory is met
/// again) asks for another chain, and its tag is made by a closure: while the inner chain waits
/// for its tag, the chain's factory waits twice around the call.
private final class Chain {
    let link: Link
    let tag: Tag
    init(link: Link, tag: Tag) {
        self.link = link
        self.tag = tag
    }
}

private final class Link: Injectable {
    var chain: Chain!
    static let dependencies: [Dependency<Link>] = [.inject(\.chain)]
}

private final class Tag {}

/// Made by a closure, after the chains returned, that asks for a chain.
private final class Probe {
    let chain: Chain?
    let failure: String?
    init(chain: Chain?, failure: String?) {
        self.chain = chain
        self.failure = failure
    }
}

private final class Bracelet: Injectable {
    var chain: Chain!
    var probe: Probe!
    static let dependencies: [Dependency<Bracelet>] = [.inject(\.chain), .inject(\.probe)]
}

/// Made by a transient typed factory whose first argument's closure records a `.graph` object
/// (a gauge) the program never sees, and whose second argument's closure asks for the factory
/// again.
private final class Meter {
    let dial: Dial
    let needle: Needle
    init(dial: Dial, needle: Needle) {
        self.dial = dial
        self.needle = needle
    }
}

private final class Gauge: Injectable {}

/// Made by a transient closure that resolves the gauge.
private final class Dial {
    let gauge: Gauge
    init(gauge: Gauge) { self.gauge = gauge }
}

/// Made by a transient closure that asks for another meter.
private final class Needle {
    let meter: Meter?
    let failure: String?
    init(meter: Meter?, failure: String?) {
        self.meter = meter
        self.failure = failure
    }
}

/// Made by a closure that resolves `Envelope.Content` in its resolve: a nested run makes the whole
/// of it, in the closure's resolution, for comparing with the top-level program.
private final class Envelope<Content> {
    let content: Content
    init(content: Content) { self.content = content }
}

private func message(of error: any Error) -> String? { (error as? ResolutionError)?.diagnostics.first?.message }

private func container() throws -> Container {
    try Container { binder in
        binder.bind(Note.self).to { resolver in Note(lamp: try resolver.resolve()) }
        binder.bind(Card.self).to { resolver in Card(shelf: try resolver.resolve(), pen: try resolver.resolve()) }
        binder.bind(Stub.self).scoped(.transient).to { resolver in
            // The pen first: the ticket it resolves then finds it recorded.
            let pen: Pen = try resolver.resolve()
            let lamp: Lamp = try resolver.resolve()
            guard !lamp.reissued else { return Stub(ticket: nil, pen: pen) }
            lamp.reissued = true
            return Stub(ticket: try resolver.resolve(Ticket.self), pen: pen)
        }
        binder.bind(Slip.self).scoped(.transient).to { _ in
            guard let container = shared.withLock({ $0 }) else { return Slip(pass: nil, failure: "no container") }
            do {
                return Slip(pass: try container.resolve(Pass.self), failure: nil)
            } catch {
                return Slip(pass: nil, failure: (error as? ResolutionError)?.description)
            }
        }
        binder.bind(Label.self).scoped(.transient).to { _ in
            guard let container = shared.withLock({ $0 }) else { return Label(failure: "no container") }
            do {
                _ = try container.resolve(Crate.self)
                return Label(failure: nil)
            } catch {
                return Label(failure: (error as? ResolutionError)?.description)
            }
        }
        binder.bind(Receipt.self).scoped(.transient).to(factory: Receipt.init)
        binder.bind(Stamp.self).scoped(.transient).to { (resolver: Resolver) -> Stamp in
            do {
                return Stamp(receipt: try resolver.resolve(Receipt.self), failure: nil)
            } catch {
                return Stamp(receipt: nil, failure: message(of: error))
            }
        }
        binder.bind(Invoice.self).scoped(.transient).to(factory: Invoice.init)
        binder.bind(Seal.self).scoped(.transient).to { (resolver: Resolver) -> Seal in
            let mark: Mark = try resolver.resolve()
            do {
                return Seal(mark: mark, invoice: try resolver.resolve(Invoice.self), failure: nil)
            } catch {
                return Seal(mark: mark, invoice: nil, failure: message(of: error))
            }
        }
        binder.bind(Voucher.self).scoped(.transient).to(factory: Voucher.init)
        binder.bind(Coupon.self).scoped(.transient).to { (resolver: Resolver) -> Coupon in
            do {
                return Coupon(voucher: try resolver.resolve(Voucher.self), failure: nil)
            } catch {
                return Coupon(voucher: nil, failure: message(of: error))
            }
        }
        binder.bind(Chain.self).scoped(.transient).to(factory: Chain.init)
        binder.bind(Tag.self).scoped(.transient).to { _ in Tag() }
        binder.bind(Probe.self).to { (resolver: Resolver) -> Probe in
            do {
                return Probe(chain: try resolver.resolve(Chain.self), failure: nil)
            } catch {
                return Probe(chain: nil, failure: message(of: error))
            }
        }
        binder.bind(Meter.self).scoped(.transient).to(factory: Meter.init)
        binder.bind(Dial.self).scoped(.transient).to { resolver in Dial(gauge: try resolver.resolve()) }
        binder.bind(Needle.self).scoped(.transient).to { (resolver: Resolver) -> Needle in
            do {
                return Needle(meter: try resolver.resolve(Meter.self), failure: nil)
            } catch {
                return Needle(meter: nil, failure: message(of: error))
            }
        }
        binder.bind(Envelope<Meter>.self).to { resolver in Envelope(content: try resolver.resolve()) }
        binder.bind(Envelope<Bracelet>.self).to { resolver in Envelope(content: try resolver.resolve()) }
        binder.bind(Envelope<Desk>.self).to { resolver in Envelope(content: try resolver.resolve()) }
        binder.bind(Envelope<Ticket>.self).to { resolver in Envelope(content: try resolver.resolve()) }
        binder.bind(Envelope<Pass>.self).to { resolver in Envelope(content: try resolver.resolve()) }
        binder.bind(Envelope<Receipt>.self).to { resolver in Envelope(content: try resolver.resolve()) }
        binder.bind(Envelope<Invoice>.self).to { resolver in Envelope(content: try resolver.resolve()) }
        binder.bind(Envelope<Voucher>.self).to { resolver in Envelope(content: try resolver.resolve()) }
    }
}

private let receiptCycle =
    "Receipt is needed again while its factory is still running, so the cycle can never close."
private let invoiceCycle =
    "Invoice is needed again while its factory is still running, so the cycle can never close."
private let couponCycle =
    "Coupon is needed again while its factory is still running, so the cycle can never close."
private let needleCycle =
    "Needle is needed again while its factory is still running, so the cycle can never close."
private let voucherCycle =
    "Voucher is needed again while its factory is still running, so the cycle can never close."

/// The fresh resolve of `Pass` from a closure called while a `Pass` is filled.
private let passRebuilt = """
    error[unclosable-cycle]: Pass is needed again while an earlier Pass is still in its init() or injection, which resolved from the container, so the cycle can never close.
      path: Pass
      fix: Do not resolve from the container inside init() or a didSet: declare the dependency with `.inject(…)` (cycles through `.graph` objects close), or keep a `Provider` and call it after the object is built.
    """

/// The fresh resolve of `Crate` from a closure called while a `Crate` is filled.
private let crateRebuilt = """
    error[unclosable-cycle]: Crate is needed again while an earlier Crate is still in its init() or injection, which resolved from the container, so the cycle can never close.
      path: Crate
      fix: Do not resolve from the container inside init() or a didSet: declare the dependency with `.inject(…)` (cycles through `.graph` objects close), or keep a `Provider` and call it after the object is built.
    """

/// Whether a desk's closures saw the program's `.graph` objects, and made one card each.
private func isWired(_ desk: Desk) -> Bool {
    desk.note.lamp === desk.lamp && desk.shelf.card.shelf === desk.shelf && desk.shelf.card.pen === desk.pen
}

/// Whether a ticket's closure got a new ticket sharing the resolve's `.graph` objects, one level deep.
private func isWired(_ ticket: Ticket) -> Bool {
    guard let inner = ticket.stub.ticket else { return false }
    return inner !== ticket && inner.lamp === ticket.lamp && inner.pen === ticket.pen
        && ticket.stub.pen === ticket.pen && inner.stub.pen === ticket.pen && inner.stub.ticket == nil
}

@Suite(.serialized) struct TransientAroundClosureTests {
    @Test func closuresCalledWhileATransientRootIsFilledShareTheGraphObjectsWithTheProgram() throws {
        let container = try container()
        let liveBefore = (Lamp.counts.liveCount, Shelf.counts.liveCount, Pen.counts.liveCount, Desk.counts.liveCount)
        Lamp.counts.reset()
        Shelf.counts.reset()
        Pen.counts.reset()
        Desk.counts.reset()
        do {
            let desks = try (0..<3).map { _ in try container.resolve(Desk.self) }
            #expect(try container.hasProgram(of: Desk.self))
            // The note's closure, and the card's closure called while the shelf is filled.
            #expect(try container.factoryCalls(of: Desk.self) == 2)
            for desk in desks { #expect(isWired(desk)) }
            #expect(desks[0] !== desks[1] && desks[0].lamp !== desks[1].lamp && desks[0].shelf !== desks[1].shelf)
            #expect(desks[0].pen !== desks[1].pen)
            #expect(Lamp.counts.liveCount - liveBefore.0 == 3)
            #expect(Shelf.counts.liveCount - liveBefore.1 == 3)
            #expect(Pen.counts.liveCount - liveBefore.2 == 3)
            #expect(Desk.counts.liveCount - liveBefore.3 == 3)
            #expect(Lamp.counts.hookCount == 3 && Shelf.counts.hookCount == 3)
            #expect(Pen.counts.hookCount == 3 && Desk.counts.hookCount == 3)
        }
        #expect(Lamp.counts.liveCount == liveBefore.0 && Shelf.counts.liveCount == liveBefore.1)
        #expect(Pen.counts.liveCount == liveBefore.2 && Desk.counts.liveCount == liveBefore.3)
    }

    @Test func closuresCalledWhileATransientObjectBelowTheRootIsFilledShareTheGraphObjects() throws {
        let container = try container()
        Lamp.counts.reset()
        Shelf.counts.reset()
        Pen.counts.reset()
        Desk.counts.reset()
        let liveDesks = Desk.counts.liveCount
        do {
            let offices = try (0..<3).map { _ in try container.resolve(Office.self) }
            #expect(try container.hasProgram(of: Office.self))
            for office in offices {
                #expect(office.first !== office.second)
                #expect(isWired(office.first) && isWired(office.second))
                // One resolve: one lamp, shelf and pen across the office and both desks.
                #expect(office.first.lamp === office.lamp && office.second.lamp === office.lamp)
                #expect(office.first.shelf === office.second.shelf)
                #expect(office.first.pen === office.pen && office.second.pen === office.pen)
            }
            #expect(offices[1].lamp !== offices[2].lamp && offices[1].pen !== offices[2].pen)
            #expect(Desk.counts.liveCount - liveDesks == 6)
            #expect(Lamp.counts.hookCount == 3 && Shelf.counts.hookCount == 3 && Pen.counts.hookCount == 3)
            #expect(Desk.counts.hookCount == 6)
        }
        #expect(Desk.counts.liveCount == liveDesks)
    }

    @Test func transientObjectsAroundClosuresAreWiredWhetherTheRootOrAClosureAsksForThem() throws {
        let container = try container()
        let program = try container.resolve(Desk.self)
        let madeByClosure = try container.resolve(Envelope<Desk>.self).content
        #expect(try container.hasProgram(of: Desk.self))
        #expect(isWired(program) && isWired(madeByClosure))
        #expect(program.lamp !== madeByClosure.lamp)
    }

    @Test func aClosureResolvingTheTransientTypeBeingFilledGetsANewOneInTheSameResolve() throws {
        let container = try container()
        Ticket.counts.reset()
        Lamp.counts.reset()
        Pen.counts.reset()
        let liveTickets = Ticket.counts.liveCount
        do {
            let tickets = try (0..<3).map { _ in try container.resolve(Ticket.self) }
            #expect(try container.hasProgram(of: Ticket.self))
            for ticket in tickets { #expect(isWired(ticket)) }
            #expect(tickets[0].lamp !== tickets[1].lamp)
            // Each resolve: the ticket and the one its closure resolved, one lamp, one pen.
            #expect(Ticket.counts.liveCount - liveTickets == 6)
            #expect(Ticket.counts.hookCount == 6)
            #expect(Lamp.counts.hookCount == 3 && Pen.counts.hookCount == 3)
            let recursive = try container.resolve(Envelope<Ticket>.self).content
            #expect(isWired(recursive))
        }
        #expect(Ticket.counts.liveCount == liveTickets)
    }

    @Test func aClosureResolvingTheTransientTypeBeingFilledBelowTheRootGetsANewOne() throws {
        let container = try container()
        let booths = try (0..<3).map { _ in try container.resolve(Booth.self) }
        #expect(try container.hasProgram(of: Booth.self))
        for booth in booths {
            #expect(isWired(booth.ticket))
            #expect(booth.ticket.lamp === booth.lamp)
        }
    }

    @Test func aFreshResolveOfTheTransientTypeBeingFilledStartedFromAClosureIsRefused() throws {
        let container = try container()
        shared.withLock { $0 = container }
        defer { shared.withLock { $0 = nil } }
        Pass.counts.reset()
        let livePasses = Pass.counts.liveCount
        do {
            let passes = try (0..<2).map { _ in try container.resolve(Pass.self) }
            #expect(try container.hasProgram(of: Pass.self))
            for pass in passes {
                #expect(pass.slip.pass == nil)
                #expect(pass.slip.failure == passRebuilt)
            }
            // The refused resolve made no pass.
            #expect(Pass.counts.liveCount - livePasses == 2)
            #expect(Pass.counts.hookCount == 2)
            // The envelope's nested program refuses it alike.
            let recursive = try container.resolve(Envelope<Pass>.self).content
            #expect(recursive.slip.pass == nil)
            #expect(recursive.slip.failure == passRebuilt)
        }
        #expect(Pass.counts.liveCount == livePasses)
    }

    @Test func aFreshResolveOfTheGraphObjectBeingFilledInAJoinedRegionIsRefused() throws {
        let container = try container()
        shared.withLock { $0 = container }
        defer { shared.withLock { $0 = nil } }
        Crate.counts.reset()
        let liveCrates = Crate.counts.liveCount
        do {
            let docks = try (0..<2).map { _ in try container.resolve(Dock.self) }
            #expect(try container.hasProgram(of: Dock.self))
            for dock in docks { #expect(dock.crate.label.failure == crateRebuilt) }
            #expect(docks[0].crate !== docks[1].crate)
            #expect(Crate.counts.liveCount - liveCrates == 2)
            #expect(Crate.counts.hookCount == 2)
        }
        #expect(Crate.counts.liveCount == liveCrates)
    }

    @Test func aClosureMeetingTheWaitingTransientFactoryWithNothingRecordedIsACycle() throws {
        let container = try container()
        let liveReceipts = Receipt.counts.liveCount
        do {
            let receipts = try (0..<2).map { _ in try container.resolve(Receipt.self) }
            #expect(try container.hasProgram(of: Receipt.self))
            for receipt in receipts {
                #expect(receipt.stamp.receipt == nil)
                #expect(receipt.stamp.failure == receiptCycle)
            }
            #expect(Receipt.counts.liveCount - liveReceipts == 2)
            let recursive = try container.resolve(Envelope<Receipt>.self).content
            #expect(recursive.stamp.receipt == nil)
            #expect(recursive.stamp.failure == receiptCycle)
        }
        #expect(Receipt.counts.liveCount == liveReceipts)
    }

    @Test func aClosureMeetingTheWaitingTransientFactoryAfterRecordingAGraphObjectSucceedsOneLevelDown() throws {
        let container = try container()
        let liveInvoices = Invoice.counts.liveCount
        Mark.counts.reset()
        do {
            let invoices = try (0..<2).map { _ in try container.resolve(Invoice.self) }
            #expect(try container.hasProgram(of: Invoice.self))
            for invoice in invoices {
                let inner = try #require(invoice.seal.invoice)
                #expect(inner !== invoice)
                #expect(invoice.seal.failure == nil)
                #expect(inner.seal.mark === invoice.seal.mark)
                // One level down, the mark is recorded already: nothing new since the inner
                // factory began.
                #expect(inner.seal.invoice == nil)
                #expect(inner.seal.failure == invoiceCycle)
            }
            #expect(invoices[0].seal.mark !== invoices[1].seal.mark)
            #expect(Invoice.counts.liveCount - liveInvoices == 4)
            #expect(Mark.counts.hookCount == 2)
            let recursive = try container.resolve(Envelope<Invoice>.self).content
            #expect(recursive.seal.invoice?.seal.invoice == nil)
            #expect(recursive.seal.invoice?.seal.failure == invoiceCycle)
        }
        #expect(Invoice.counts.liveCount == liveInvoices)
    }

    /// The mark, recorded after the voucher's factory began, lets the coupon's closure meet that
    /// factory again; the new voucher needs a new coupon, whose closure is still running with
    /// nothing recorded since it began: that is the cycle. Counting the mark from the call rather
    /// than from the factory's start would make the voucher the cycle.
    @Test func aGraphObjectTheProgramRecordedAfterTheTransientFactoryBeganLetsTheClosureMeetTheFactoryAgain()
        throws
    {
        let container = try container()
        let liveVouchers = Voucher.counts.liveCount
        do {
            let vouchers = try (0..<2).map { _ in try container.resolve(Voucher.self) }
            #expect(try container.hasProgram(of: Voucher.self))
            for voucher in vouchers {
                #expect(voucher.coupon.voucher == nil)
                #expect(voucher.coupon.failure == couponCycle)
            }
            #expect(vouchers[0].mark !== vouchers[1].mark)
            // The inner voucher's factory never ran: its coupon failed first.
            #expect(Voucher.counts.liveCount - liveVouchers == 2)
            let recursive = try container.resolve(Envelope<Voucher>.self).content
            #expect(recursive.coupon.voucher == nil)
            #expect(recursive.coupon.failure == couponCycle)
        }
        #expect(Voucher.counts.liveCount == liveVouchers)
    }

    @Test func transientFactoriesBelowTheRootWaitingForClosuresMeetTheirCycles() throws {
        let container = try container()
        let tills = try (0..<2).map { _ in try container.resolve(Till.self) }
        #expect(try container.hasProgram(of: Till.self))
        for till in tills {
            #expect(till.receipt.stamp.receipt == nil)
            #expect(till.receipt.stamp.failure == receiptCycle)
            // The seal records nothing new (the till made the mark first).
            #expect(till.invoice.seal.mark === till.mark)
            #expect(till.invoice.seal.invoice == nil)
            #expect(till.invoice.seal.failure == invoiceCycle)
            // The mark was recorded before the voucher's factory began.
            #expect(till.voucher.mark === till.mark)
            #expect(till.voucher.coupon.voucher == nil)
            #expect(till.voucher.coupon.failure == voucherCycle)
        }
    }

    /// Fails on 1fc3d9b: the probe's closure meets "Chain is needed again while its factory is
    /// still running". Both chains wait around the inner tag's closure call, so `ClosureCall`
    /// marks the factory twice and restores the marks first to last: the last restore puts back
    /// the outer chain's mark, and the factory stays under construction in the joined resolution
    /// after both chains returned. The envelope's nested program makes the same bracelet, probe
    /// included.
    @Test func aTransientFactoryWaitingTwiceAroundAClosureIsNoLongerUnderConstructionOnceItReturned() throws {
        let container = try container()
        let recursive = try container.resolve(Envelope<Bracelet>.self).content
        #expect(recursive.probe.failure == nil)
        #expect(recursive.probe.chain?.link === recursive.chain.link)
        for _ in 0..<2 {
            let bracelet = try container.resolve(Bracelet.self)
            #expect(try container.hasProgram(of: Bracelet.self))
            #expect(bracelet.chain.link.chain !== bracelet.chain)
            #expect(bracelet.probe.failure == nil)
            #expect(bracelet.probe.chain?.link === bracelet.chain.link)
            #expect(bracelet.probe.chain !== bracelet.chain && bracelet.probe.chain !== bracelet.chain.link.chain)
        }
    }

    /// The dial's closure records the gauge after the meter's factory began: the needle's closure
    /// may meet that factory again (every recording since it began counts), and the new meter's
    /// needle is the cycle. It reported "Meter is needed again…" while the needle's call marked the
    /// waiting meter afresh from the `.graph` objects the program recorded, which leaves out the
    /// gauge the dial's closure recorded: the mark the dial's call set is now kept.
    @Test func aGraphObjectAnEarlierClosureRecordedLetsALaterClosureMeetTheWaitingTransientFactory() throws {
        let container = try container()
        // The nested run of the meter, in the envelope's resolution, names the meter too.
        let nested = try container.resolve(Envelope<Meter>.self).content
        #expect(nested.needle.meter == nil)
        #expect(nested.needle.failure == needleCycle)
        for _ in 0..<2 {
            let meter = try container.resolve(Meter.self)
            #expect(try container.hasProgram(of: Meter.self))
            #expect(meter.needle.meter == nil)
            #expect(meter.needle.failure == needleCycle)
        }
    }

    @Test func eightThreadsResolvingTransientRootsAroundClosuresEachKeepTheirOwnGraph() throws {
        let container = try container()
        shared.withLock { $0 = container }
        defer { shared.withLock { $0 = nil } }
        let rounds = 40
        let liveDesks = Desk.counts.liveCount
        let liveTickets = Ticket.counts.liveCount
        let liveLamps = Lamp.counts.liveCount
        let livePasses = Pass.counts.liveCount
        let liveInvoices = Invoice.counts.liveCount
        Desk.counts.reset()
        Ticket.counts.reset()
        Shelf.counts.reset()
        Pass.counts.reset()
        let mismatches = Atomic<Int>(0)
        let failures = Atomic<Int>(0)
        let finished = runOnThreads(8) { _ in
            for _ in 0..<rounds {
                do {
                    let desk = try container.resolve(Desk.self)
                    let office = try container.resolve(Office.self)
                    let ticket = try container.resolve(Ticket.self)
                    let pass = try container.resolve(Pass.self)
                    let invoice = try container.resolve(Invoice.self)
                    let wired =
                        isWired(desk) && isWired(office.first) && isWired(office.second)
                        && office.first.shelf === office.second.shelf && office.first.lamp === office.lamp
                        && isWired(ticket) && pass.slip.failure == passRebuilt
                        && invoice.seal.invoice?.seal.failure == invoiceCycle && desk.lamp !== office.lamp
                    if !wired { mismatches.add(1, ordering: .relaxed) }
                } catch {
                    failures.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(finished)
        #expect(mismatches.load(ordering: .relaxed) == 0)
        #expect(failures.load(ordering: .relaxed) == 0)
        #expect(try container.hasProgram(of: Desk.self) && container.hasProgram(of: Office.self))
        #expect(try container.hasProgram(of: Ticket.self) && container.hasProgram(of: Pass.self))
        #expect(try container.hasProgram(of: Invoice.self))
        // Per round: a desk, two in the office; two tickets; one pass; one shelf per desk resolve.
        #expect(Desk.counts.hookCount == 8 * rounds * 3)
        #expect(Ticket.counts.hookCount == 8 * rounds * 2)
        #expect(Shelf.counts.hookCount == 8 * rounds * 2)
        #expect(Pass.counts.hookCount == 8 * rounds)
        #expect(Desk.counts.liveCount == liveDesks && Ticket.counts.liveCount == liveTickets)
        #expect(Lamp.counts.liveCount == liveLamps && Pass.counts.liveCount == livePasses)
        #expect(Invoice.counts.liveCount == liveInvoices)
    }
}
