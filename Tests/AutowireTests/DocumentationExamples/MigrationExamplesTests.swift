import Autowire
import Testing

private typealias Tag = Autowire.Tag

/// Documentation.docc/Articles/MigratingFromSwinject.md
enum MigratingFromSwinjectExamples {
    protocol OrderRepository: AnyObject {}

    final class EventLog: Injectable {}

    final class SQLOrderRepository: OrderRepository, Injectable {
        var logger: EventLog!
        static let dependencies: [Dependency<SQLOrderRepository>] = [.inject(\.logger)]
    }

    enum APIBaseURL: Tag { typealias Value = String }

    protocol PaymentGateway: AnyObject {}
    final class StripeGateway: PaymentGateway, Injectable {}
    final class FakeGateway: PaymentGateway, Injectable {}

    protocol Checkout: AnyObject {}
    final class WebCheckout: Checkout, Injectable {
        var gateway: PaymentGateway!
        static let dependencies: [Dependency<WebCheckout>] = [.inject(\.gateway)]
    }

    final class OrderDetail: Injectable {}

    final class OrderList: Injectable {
        var details: Provider<OrderDetail>!
        static let dependencies: [Dependency<OrderList>] = [.inject(\.details)]
    }

    @Suite struct Tests {
        @Test func aChildsOverrideReachesTheParentsBindingsAsInSwinject() throws {
            let appContainer = try Container { binder in
                binder.bind(PaymentGateway.self).to(StripeGateway.self)
                binder.bind(Checkout.self).to(WebCheckout.self)
            }
            let testContainer = try appContainer.child { binder in
                binder.override(PaymentGateway.self).to(FakeGateway.self)
            }
            let checkout = try testContainer.resolve(Checkout.self)
            // (checkout as? WebCheckout)?.gateway is FakeGateway

            #expect((checkout as? WebCheckout)?.gateway is FakeGateway)
            #expect((try appContainer.resolve(Checkout.self) as? WebCheckout)?.gateway is StripeGateway)
        }

        @Test func aChildThatRebindsWithoutOverrideFailsToBuild() throws {
            let appContainer = try Container { binder in
                binder.bind(PaymentGateway.self).to(StripeGateway.self)
            }
            var printed = "no error"
            do {
                let testContainer = try appContainer.child { binder in  // throws
                    binder.bind(PaymentGateway.self).to(FakeGateway.self)
                }
                _ = testContainer
            } catch {
                printed = "\(error)"
            }
            expectDocumented(
                printed,
                #"""
                Container configuration has 1 problem:

                error[accidental-shadowing]: PaymentGateway is bound again in a child container, hiding the parent's binding.
                  at: AppTests/CheckoutTests.swift:2
                  also: App/Bindings.swift:2
                  path: PaymentGateway
                  fix: If the child is meant to replace it, write `binder.override(PaymentGateway.self)`; otherwise remove this binding.
                """#)
        }

        @Test func aParentsSingletonIsTheParentsAndAnOverrideThatCannotReachItFailsTheChild() throws {
            let appContainer = try Container { binder in
                binder.bind(PaymentGateway.self).to(StripeGateway.self)
                binder.bind(Checkout.self).scoped(.singleton).to(WebCheckout.self)
            }
            var printed = "no error"
            do {
                let testContainer = try appContainer.child { binder in  // throws
                    binder.override(PaymentGateway.self).to(FakeGateway.self)
                }
                _ = testContainer
            } catch {
                printed = "\(error)"
            }
            expectDocumented(
                printed,
                #"""
                Container configuration has 1 problem:

                error[override-not-reaching]: The override of PaymentGateway does not reach Checkout, which a parent container keeps in the `.singleton` scope: Checkout belongs to the parent and uses the parent's PaymentGateway.
                  at: AppTests/CheckoutTests.swift:6
                  also: App/Bindings.swift:3
                  path: WebCheckout.gateway → PaymentGateway
                  fix: Override Checkout in this child too, so that the child makes its own with this PaymentGateway (`binder.override(Checkout.self)…`), or build the test's container from the bindings rather than as a child.
                """#)
            // The parent's singleton is built with the parent's bindings, whichever container asks first.
            #expect((try appContainer.resolve(Checkout.self) as? WebCheckout)?.gateway is StripeGateway)
        }

        @Test func aHandleFromATemporaryContainerKeepsItAlive() throws {
            let list = try Container { binder in
                binder.bind(PaymentGateway.self).to(StripeGateway.self)
            }.resolve(OrderList.self)
            let detail = try list.details.get()
            // works: the handle keeps the temporary container alive

            #expect(type(of: detail) == OrderDetail.self)
        }

        @Test func aProtocolBoundAsASingletonToAnAutowiredImplementation() throws {
            let container = try Container { binder in
                binder.bind(OrderRepository.self).scoped(.singleton).to(SQLOrderRepository.self)
            }
            let repository = try container.resolve(OrderRepository.self)

            #expect((repository as? SQLOrderRepository)?.logger != nil)
            #expect(repository === (try container.resolve(OrderRepository.self)))
        }

        @Test func aNameBecomesATag() throws {
            let tagged = try Container { binder in
                binder.bind(String.self).tagged(APIBaseURL.self).to(value: "https://api.example.com")
            }
            let url = try tagged.resolve(String.self, tag: APIBaseURL.self)

            #expect(url == "https://api.example.com")
        }
    }
}

/// Documentation.docc/Articles/MigratingFromCleanse.md
enum MigratingFromCleanseExamples {
    protocol OrderRepository: AnyObject {}

    final class EventLog: Injectable {
        static let scope = Scope.singleton
    }

    final class SQLOrderRepository: OrderRepository, Injectable {
        var logger: EventLog!
        static let dependencies: [Dependency<SQLOrderRepository>] = [.inject(\.logger)]
    }

    enum StorageModule: Module {
        static func configure(_ binder: Binder) {
            binder.bind(OrderRepository.self).to(SQLOrderRepository.self)
        }
    }

    final class OrderService: Injectable {}

    final class CheckoutScreen: PropertyInjectable {
        var orders: OrderService!
        static let dependencies: [Dependency<CheckoutScreen>] = [.inject(\.orders)]
    }

    @Suite struct Tests {
        @Test func aModuleBecomesAFunctionOverTheBinder() throws {
            let container = try Container { binder in
                binder.include(StorageModule.self)
            }

            let first = try #require(try container.resolve(OrderRepository.self) as? SQLOrderRepository)
            let second = try #require(try container.resolve(OrderRepository.self) as? SQLOrderRepository)
            #expect(first !== second)
            #expect(first.logger === second.logger)
        }

        @Test func propertyInjectionUsesKeyPaths() throws {
            let container = Container()
            let screen = CheckoutScreen()

            let injector = try container.propertyInjector(for: CheckoutScreen.self)
            try injector.inject(into: screen)

            #expect(screen.orders != nil)
        }
    }
}
