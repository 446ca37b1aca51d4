import Autowire
import Testing

private final class CheckoutScreen {}
private final class CheckoutPresenter: Injectable {
    static var scope: Scope { .transient }
    var screen: CheckoutScreen!
    static let dependencies: [Dependency<CheckoutPresenter>] = [.inject(\.screen)]
}
private final class Banner: Injectable {
    static var scope: Scope { .transient }
    var screen: CheckoutScreen?
    static let dependencies: [Dependency<Banner>] = [.optional(\.screen)]
}

@Suite struct OfferedInstanceTests {
    private func container() throws -> Container {
        try Container { $0.bind(CheckoutScreen.self).toOfferedInstance() }  // @offered
    }

    @Test func anOfferedObjectIsResolvedWhileItLives() throws {
        let container = try container()
        let screen = CheckoutScreen()
        try container.offer(screen)
        #expect(try container.resolve(CheckoutPresenter.self).screen === screen)
        #expect(try container.resolve(Banner.self).screen === screen)
    }

    @Test func aReleasedObjectIsAClearErrorOrNilForOptionalDependencies() throws {
        let container = try container()
        do {
            let screen = CheckoutScreen()
            try container.offer(screen)
        }
        #expect(try container.resolve(Banner.self).screen == nil)
        let error = captureResolutionError { try container.resolve(CheckoutPresenter.self) }
        #expect(
            error?.description == """
                error[unavailable-instance]: The CheckoutScreen offered to the container has been released.
                  at: \(marked("offered"))
                  path: CheckoutPresenter.screen → CheckoutScreen
                  fix: Call `container.offer(_:)` with a live CheckoutScreen before resolving what needs it, or declare the dependency `.optional` to accept its absence.
                """)
    }

    @Test func theContainerDoesNotKeepAnOfferedObjectAlive() throws {
        let container = try container()
        weak var released: CheckoutScreen?
        do {
            let screen = CheckoutScreen()
            released = screen
            try container.offer(screen)
        }
        #expect(released == nil)
    }

    @Test func offeringATypeNotDeclaredOfferedIsAnError() throws {
        let error = captureResolutionError { try Container().offer(CheckoutScreen()) }
        #expect(error?.code == .notOfferable)
    }
}

extension OfferedInstanceTests {
    /// Before, an offer on a child stored into the parent's slot: with a child per test (as the
    /// `AutowireTesting` trait makes), test B saw test A's screen.
    @Test func anOfferBelongsToTheContainerItWasMadeOnAndItsDescendants() throws {
        let app = try container()
        let testA = try app.child { _ in }
        let testB = try app.child { _ in }
        let screenA = CheckoutScreen()
        try testA.offer(screenA)
        #expect(try testA.resolve(CheckoutPresenter.self).screen === screenA)
        #expect(try testA.child { _ in }.resolve(CheckoutPresenter.self).screen === screenA)
        #expect(try testB.resolve(Banner.self).screen == nil)
        #expect(try app.resolve(Banner.self).screen == nil)
        withExtendedLifetime(screenA) {}
    }

    @Test func aChildSeesItsParentsOfferUntilItIsOfferedItsOwn() throws {
        let app = try container()
        let child = try app.child { _ in }
        let appScreen = CheckoutScreen()
        try app.offer(appScreen)
        #expect(try child.resolve(CheckoutPresenter.self).screen === appScreen)
        let childScreen = CheckoutScreen()
        try child.offer(childScreen)
        #expect(try child.resolve(CheckoutPresenter.self).screen === childScreen)
        #expect(try app.resolve(CheckoutPresenter.self).screen === appScreen)
        withExtendedLifetime((appScreen, childScreen)) {}
    }
}

extension OfferedInstanceTests {
    /// Before, validate's copy of the container had fresh slots and reported the offered screen
    /// as never offered.
    @Test func validateSeesWhatWasOfferedToTheContainer() throws {
        let container = try container()
        let screen = CheckoutScreen()
        try container.offer(screen)
        let report = try container.validate(CheckoutPresenter.self)
        #expect(report.diagnostics.isEmpty)
        withExtendedLifetime(screen) {}
    }
}

// MARK: An optional property that reaches an offered object through a conversion

private protocol Checkout: AnyObject {}
/// Offered, and Injectable so that a protocol can be bound to it.
private final class PaymentScreen: Injectable, Checkout {}
private enum Payment: Autowire.Tag { typealias Value = PaymentScreen }
private final class PaymentBanner: Injectable {
    static var scope: Scope { .transient }
    var checkout: (any Checkout)?
    var tagged: PaymentScreen?
    static let dependencies: [Dependency<PaymentBanner>] = [
        .optional(\.checkout), .optional(\.tagged, tag: Payment.self),
    ]
}

@Suite struct OfferedThroughAConversionTests {
    @Test func anOptionalPropertyReachingAReleasedOfferedObjectThroughAnAliasIsLeftNil() throws {
        let container = try Container { binder in
            binder.bind(PaymentScreen.self).toOfferedInstance()
            binder.bind((any Checkout).self).to(PaymentScreen.self)
            binder.bind(PaymentScreen.self).tagged(Payment.self).to(PaymentScreen.self)
        }
        do {
            let screen = PaymentScreen()
            try container.offer(screen)
            let banner = try container.resolve(PaymentBanner.self)
            #expect(banner.checkout === screen)
            #expect(banner.tagged === screen)
        }
        for _ in 0..<2 {
            let banner = try container.resolve(PaymentBanner.self)
            #expect(banner.checkout == nil)
            #expect(banner.tagged == nil)
        }
        // Lowered at the first resolve, before the alias's conversion ever ran: the offered object
        // and its conversion are one call, whose absence leaves the property as it was.
        #expect(try container.hasProgram(of: PaymentBanner.self))
    }
}
