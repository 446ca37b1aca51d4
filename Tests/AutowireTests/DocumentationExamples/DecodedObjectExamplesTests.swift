import Autowire
import Foundation
import Testing

/// Documentation.docc/Articles/PropertyInjection.md, "Decoded objects"
enum DecodedObjectExamples {
    protocol PriceFormatter: AnyObject {
        func format(cents: Int) -> String
    }

    final class EuroFormatter: PriceFormatter, Injectable {
        func format(cents: Int) -> String { "€\(cents / 100).\(String(cents % 100 + 100).dropFirst())" }
    }

    final class LineItem: Decodable, PropertyInjectable {
        let name: String
        let cents: Int
        var prices: PriceFormatter!

        static let dependencies: [Dependency<LineItem>] = [.inject(\.prices)]

        private enum CodingKeys: String, CodingKey { case name, cents }

        var label: String { "\(name): \(prices.format(cents: cents))" }
    }

    struct Order: Decodable {
        let lines: [OrderLine]
    }

    final class OrderLine: Decodable, PropertyInjectable {
        let name: String
        let cents: Int
        var prices: PriceFormatter!

        static let dependencies: [Dependency<OrderLine>] = [.inject(\.prices)]  // @order-line-prices

        private enum CodingKeys: String, CodingKey { case name, cents }

        init(from decoder: any Decoder) throws {
            let values = try decoder.container(keyedBy: CodingKeys.self)
            name = try values.decode(String.self, forKey: .name)
            cents = try values.decode(Int.self, forKey: .cents)
            try decoder.inject(into: self)
        }

        var label: String { "\(name): \(prices.format(cents: cents))" }
    }

    static let json = Data(#"{"lines": [{"name": "Tea", "cents": 350}, {"name": "Scone", "cents": 275}]}"#.utf8)
    static let itemsJSON = Data(#"[{"name": "Tea", "cents": 350}, {"name": "Scone", "cents": 275}]"#.utf8)

    @Suite struct Tests {
        let container: Container
        let json = DecodedObjectExamples.json

        init() throws {
            container = try Container { binder in
                binder.bind(PriceFormatter.self).to(EuroFormatter.self)
            }
        }

        @Test func objectsAreFilledAfterDecodingByOneInjector() throws {
            let json = DecodedObjectExamples.itemsJSON

            let injector = try container.propertyInjector(for: LineItem.self)  // checked once, here
            let items = try JSONDecoder().decode([LineItem].self, from: json)
            for item in items {
                try injector.inject(into: item)
            }

            #expect(items.map(\.label) == ["Tea: €3.50", "Scone: €2.75"])
        }

        @Test func objectsAreFilledWhileDecodingFromTheContainerTheDecoderCarries() throws {
            let decoder = JSONDecoder()
            decoder.userInfo[.autowireContainer] = container
            let order = try decoder.decode(Order.self, from: json)

            #expect(order.lines.map(\.label) == ["Tea: €3.50", "Scone: €2.75"])
        }

        @Test func aDecoderWithoutAContainerFailsTheDecodeAndSaysWhatIsMissing() {
            let text = thrownText { try JSONDecoder().decode(Order.self, from: json) }
            #expect(
                text.contains("No Autowire Container in the decoder's userInfo[.autowireContainer] to fill OrderLine"))
            #expect(text.contains("lines"))  // the coding path names where in the JSON it was
        }

        @Test func aDependencyTheContainerCannotProvideFailsTheDecodeWithItsResolutionError() {
            let decoder = JSONDecoder()
            decoder.userInfo[.autowireContainer] = Container()
            let error = #expect(throws: ResolutionError.self) { try decoder.decode(Order.self, from: json) }
            #expect(error?.location?.description == marked("order-line-prices"))
            expectDocumented(
                thrownText { try decoder.decode(Order.self, from: json) },
                #"""
                error[missing-binding]: PriceFormatter cannot be provided: it has no binding and is not an Injectable class.
                  at: App/OrderLine.swift:6
                  path: OrderLine.prices → PriceFormatter
                  fix: Bind it in the container with `binder.bind(PriceFormatter.self).to(…)`, or declare it `.optional(\.prices)` if it may be absent.
                """#)
        }
    }
}

extension CodingUserInfoKey {
    /// The container that fills objects while they are decoded.
    static let autowireContainer = CodingUserInfoKey(rawValue: "Autowire.Container")!
}

extension Decoder {
    /// Fills `object` from the container in `userInfo[.autowireContainer]`.
    func inject<T: PropertyInjectable>(into object: T) throws {
        guard let container = userInfo[.autowireContainer] as? Container else {
            let problem = "No Autowire Container in the decoder's userInfo[.autowireContainer] to fill \(T.self)"
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: problem))
        }
        try container.inject(into: object)
    }
}
