import Synchronization
import Testing

@testable import Autowire

// Main-actor classes resolved and injected by resolve programs, which check where they run before
// making or filling each such object. Each test has its own classes, so that counts of `init()`
// calls do not mix when tests run in parallel.

private let checkoutPricesReleased = Atomic<Int>(0)
private let cartsMade = Atomic<Int>(0)
private let checkoutsMade = Atomic<Int>(0)

private final class PriceStore: Injectable {
    let madeOnMainActor = runsOnMainActor()
}

/// Counted when released: a failed run must not keep one.
private final class CheckoutPrices: Injectable {
    deinit { checkoutPricesReleased.add(1, ordering: .relaxed) }
}

@MainActor
private final class CartModel: @MainActor Injectable {
    var prices: PriceStore!
    let madeOnMainActor: Bool
    nonisolated init() {
        cartsMade.add(1, ordering: .relaxed)
        madeOnMainActor = runsOnMainActor()
    }
    static let dependencies: [Dependency<CartModel>] = [.inject(\.prices)]
}

/// A nonisolated class whose second dependency is a main-actor one: off the main actor, the run
/// fails after making the first and before making the second.
private final class CheckoutFlow: Injectable {
    var prices: CheckoutPrices!
    var cart: CheckoutCart!
    static let dependencies: [Dependency<CheckoutFlow>] = [.inject(\.prices), .inject(\.cart)]
}

@MainActor
private final class CheckoutCart: @MainActor Injectable {
    nonisolated init() { checkoutsMade.add(1, ordering: .relaxed) }
}

@MainActor
private final class ReceiptScreen: @MainActor PropertyInjectable {
    var prices: PriceStore!
    static let dependencies: [Dependency<ReceiptScreen>] = [.inject(\.prices)]
}

@Suite struct MainActorProgramTests {
    @Test @MainActor func aMainActorClassIsResolvedByAProgramOnTheMainActor() throws {
        let container = Container()
        for _ in 0..<3 {
            let cart = try container.resolve(CartModel.self)
            #expect(cart.madeOnMainActor)
            #expect(cart.prices?.madeOnMainActor == true)
        }
        #expect(try container.hasProgram(of: CartModel.self))
    }

    @Test @MainActor func aPropertyInjectorFillsAMainActorObjectWithAProgram() throws {
        let injector = try Container().propertyInjector(for: ReceiptScreen.self)
        for _ in 0..<3 {
            let screen = ReceiptScreen()
            try injector.inject(into: screen)
            #expect(screen.prices?.madeOnMainActor == true)
        }
        #expect(ProgramWord.isProgram(injector.target?.programWord.load(ordering: .acquiring) ?? 0))
    }

    @Test func offTheMainActorAProgramFailsBeforeMakingTheMainActorObjectAndReleasesWhatItMade() async throws {
        let container = Container()
        // Lowered and published on the main actor at the first resolve (the flows released
        // again), then run elsewhere.
        let madeOnMainActor = try await MainActor.run {
            try (0..<2).allSatisfy { _ in try container.resolve(CheckoutFlow.self).cart != nil }
        }
        #expect(madeOnMainActor)
        #expect(try container.hasProgram(of: CheckoutFlow.self))
        let madeBefore = checkoutsMade.load(ordering: .relaxed)
        let releasedBefore = checkoutPricesReleased.load(ordering: .relaxed)
        let error = await Task.detached { captureResolutionError { try container.resolve(CheckoutFlow.self) } }.value
        #expect(
            error?.description == """
                error[main-actor-required]: CheckoutCart is isolated to the main actor but was resolved or injected off the main thread.
                  path: CheckoutFlow.cart → CheckoutCart
                  fix: Resolve or inject CheckoutCart from the main actor, for example in a `@MainActor` function or inside `await MainActor.run { … }`.
                """)
        #expect(checkoutsMade.load(ordering: .relaxed) == madeBefore)
        // The prices the run made before failing were released with its frame.
        #expect(checkoutPricesReleased.load(ordering: .relaxed) == releasedBefore + 1)
    }
}
