import Autowire
import Testing

// `to(assisted:)` with the initializer of a `@MainActor` class, in a module whose types are
// nonisolated unless marked: the same spelling as for any other initializer.

private final class CartStore: Injectable {}
private final class PriceList: Injectable {}

@MainActor
private final class CartScreen {
    let cartID: Int
    let store: CartStore
    let prices: PriceList
    init(cartID: Int, store: CartStore, prices: PriceList) {
        self.cartID = cartID
        self.store = store
        self.prices = prices
    }
}

@Suite struct MainActorAssistedFactoryTests {
    @Test @MainActor func aMainActorInitializerBoundAsAnAssistedFactoryMakesItsProductOnTheMainActor() throws {
        let container = try Container { binder in
            binder.bind(AssistedFactory<Int, CartScreen>.self).to(assisted: CartScreen.init)
        }
        let screen = try container.resolve(AssistedFactory<Int, CartScreen>.self).make(12)
        #expect(screen.cartID == 12)
    }

    @Test func aMainActorAssistedFactoryIsRefusedOffTheMainActor() async throws {
        let container = try Container { binder in
            binder.bind(AssistedFactory<Int, CartScreen>.self).to(assisted: CartScreen.init)
        }
        let factory = try container.resolve(AssistedFactory<Int, CartScreen>.self)
        let error = await Task.detached { captureResolutionError { try factory.make(12) } }.value
        #expect(
            error?.description == """
                error[main-actor-required]: CartScreen is isolated to the main actor but was resolved or injected off the main thread.
                  path: CartScreen → CartScreen
                  fix: Resolve or inject CartScreen from the main actor, for example in a `@MainActor` function or inside `await MainActor.run { … }`.
                """)
        let made = try await MainActor.run { try factory.make(13).cartID }
        #expect(made == 13)
    }

    @Test @MainActor func aMainActorAssistedFactoryWithLabelsNamesItsParametersInTheGraph() throws {
        let container = try Container { binder in
            binder.bind(AssistedFactory<Int, CartScreen>.self).to(
                assisted: CartScreen.init, labels: "cartID", "store", "prices")
        }
        let tree = container.graph(from: AssistedFactory<Int, CartScreen>.self).textTree
        #expect(tree.contains("\n   ├─ cartID: Int (argument of make(_:), transient)\n"))
        #expect(tree.hasSuffix("\n   └─ prices: PriceList (autowired, graph)"))
        #expect(try container.resolve(AssistedFactory<Int, CartScreen>.self).make(14).cartID == 14)
    }
}
