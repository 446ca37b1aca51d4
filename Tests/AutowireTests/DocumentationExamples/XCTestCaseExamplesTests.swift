import Autowire
import XCTest

// Documentation.docc/Articles/PropertyInjection.md, "Test cases". XCTest creates one instance of the
// class per test method and runs `setUpWithError()` on it; the container fills it there. The types
// are at the top level, with names no other test uses, because XCTest's test discovery on Linux
// names test classes without their enclosing type.

protocol CardTerminal: AnyObject {
    func charge(cents: Int) throws
}

final class CheckoutCounter: Injectable {
    var terminal: CardTerminal!
    static let dependencies: [Dependency<CheckoutCounter>] = [.inject(\.terminal)]

    func pay(cents: Int) throws { try terminal.charge(cents: cents) }
}

final class RecordingTerminal: CardTerminal, Injectable {
    private(set) var charges: [Int] = []
    func charge(cents: Int) throws { charges.append(cents) }
}

final class CheckoutCounterTests: XCTestCase, PropertyInjectable {
    var counter: CheckoutCounter!
    var terminal: RecordingTerminal!

    static let dependencies: [Dependency<CheckoutCounterTests>] = [
        .inject(\.counter),
        .inject(\.terminal),
    ]

    override func setUpWithError() throws {
        try super.setUpWithError()
        let container = try Container { binder in
            binder.bind(CardTerminal.self).to(RecordingTerminal.self)
        }
        try container.inject(into: self)
    }

    func testCheckingOutChargesTheTerminalOnce() throws {
        try counter.pay(cents: 1_250)
        XCTAssertEqual(terminal.charges, [1_250])
    }

    func testEachTestStartsWithObjectsOfItsOwn() {
        XCTAssertEqual(terminal.charges, [])
    }
}
