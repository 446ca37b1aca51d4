import Autowire
import Testing

// Messages name types as code writes them, so a suggested fix compiles where it is pasted.

enum Shipping {
    final class Client {}
    struct Box<Contents> {}
    protocol Carrier {}
    protocol Tracked {}
}

final class `Parcel Locker` {}

private enum Warehouse {
    final class Shelf {}
}

@Suite struct TypeNamingTests {
    private func firstMessage(resolving body: () throws -> Any) -> String? {
        captureResolutionError(body)?.diagnostics.first.map { "\($0.message) | \($0.fix)" }
    }

    @Test func nestedTypeIsQualifiedSoItsFixCompiles() {
        #expect(
            firstMessage { try Container().resolve(Shipping.Client.self) }
                == "Shipping.Client cannot be provided: it has no binding and its class is not Injectable. | "
                + "Make Shipping.Client conform to Injectable, or bind it with `binder.bind(Shipping.Client.self).to(…)`."
        )
    }

    @Test func genericArgumentsAreQualifiedAndSugared() {
        #expect(
            firstMessage { try Container().resolve(Shipping.Box<[String: [Shipping.Client?]]>.self) }
                == "Shipping.Box<[String: [Shipping.Client?]]> cannot be provided: it has no binding and is not an "
                + "Injectable class. | Bind it in the container with "
                + "`binder.bind(Shipping.Box<[String: [Shipping.Client?]]>.self).to(…)`.")
    }

    @Test func functionAndCompositionTypesAreParenthesizedBeforeSelf() {
        #expect(
            firstMessage { try Container().resolve(((Shipping.Client) -> Int).self) }
                == "(Shipping.Client) -> Int cannot be provided: it has no binding and is not an Injectable class. | "
                + "Bind it in the container with `binder.bind(((Shipping.Client) -> Int).self).to(…)`.")
        #expect(
            firstMessage { try Container().resolve(Shipping.Box<(any Shipping.Carrier & Shipping.Tracked)?>.self) }
                == "Shipping.Box<(Shipping.Carrier & Shipping.Tracked)?> cannot be provided: it has no binding and is "
                + "not an Injectable class. | Bind it in the container with "
                + "`binder.bind(Shipping.Box<(Shipping.Carrier & Shipping.Tracked)?>.self).to(…)`.")
    }

    @Test func voidIsSpelledVoid() {
        #expect(
            firstMessage { try Container().resolve(Void.self) }
                == "Void cannot be provided: it has no binding and is not an Injectable class. | "
                + "Bind it in the container with `binder.bind(Void.self).to(…)`.")
    }

    @Test func rawIdentifierKeepsItsBackticksAndSpaces() {
        #expect(
            firstMessage { try Container().resolve(`Parcel Locker`.self) }
                == "`Parcel Locker` cannot be provided: it has no binding and its class is not Injectable. | "
                + "Make `Parcel Locker` conform to Injectable, or bind it with "
                + "`binder.bind(`Parcel Locker`.self).to(…)`.")
        #expect(
            firstMessage { try Container().resolve(Shipping.Box<`Parcel Locker`?>.self) }?.hasPrefix(
                "Shipping.Box<`Parcel Locker`?> cannot be provided") == true)
    }

    @Test func privateAndLocalTypesAreNamedAsTheirScopeWritesThem() {
        final class Doorbell {}
        #expect(
            firstMessage { try Container().resolve(Doorbell.self) }?.hasPrefix("Doorbell cannot be provided") == true)
        #expect(
            firstMessage { try Container().resolve(Warehouse.Shelf.self) }?.hasPrefix(
                "Warehouse.Shelf cannot be provided") == true)
    }
}
