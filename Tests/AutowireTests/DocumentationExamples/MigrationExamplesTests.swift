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

    @Suite struct Tests {
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
