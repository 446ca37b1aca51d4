import Synchronization
import Testing

@testable import Autowire

/// Properties whose values are not class references (structs, over-aligned vectors, existentials)
/// are written through their key path first, then stored at their learned offset from the box a
/// resolve records them in: each store must leave the new value and release the old one.
@Suite struct ValuePropertyTests {
    final class Currency: Sendable {
        let code: String
        init(code: String) { self.code = code }
    }

    struct Money: Sendable {
        var cents: Int
        var currency: Currency
    }

    struct Note: Sendable {
        var text: String
    }

    final class Receipt: PropertyInjectable {
        var total: Money!
        var note = Note(text: "placeholder")
        var weights: SIMD4<Double>?
        static let dependencies: [Dependency<Receipt>] = [.inject(\.total), .inject(\.note), .inject(\.weights)]
    }

    @Test func valuesStoredAgainAtTheirOffsetsReplaceAndReleaseTheOldOnes() throws {
        let counter = Counter()
        let container = try Container { binder in
            binder.bind(Money.self).scoped(.transient).to { _ in
                Money(cents: 100 * counter.next(), currency: Currency(code: "EUR"))
            }
            binder.bind(Note.self).scoped(.transient).to { _ in Note(text: "note \(counter.current)") }
            binder.bind(SIMD4<Double>.self).to(value: SIMD4(1, 2, 3, 4))
        }
        let injector = try container.propertyInjector(for: Receipt.self)
        let receipt = Receipt()
        weak var earlierCurrency: Currency?
        for round in 1...4 {
            try injector.inject(into: receipt)
            #expect(receipt.total.cents == 100 * round)
            #expect(receipt.note.text == "note \(round)")
            #expect(receipt.weights == SIMD4(1, 2, 3, 4))
            #expect(earlierCurrency == nil)
            earlierCurrency = receipt.total.currency
        }
        #expect(earlierCurrency != nil)
        receipt.total = nil
        #expect(earlierCurrency == nil)
    }

    final class Counter: Sendable {
        private let count = Mutex(0)
        var current: Int { count.withLock { $0 } }
        func next() -> Int {
            count.withLock {
                $0 += 1
                return $0
            }
        }
    }
}
