import Autowire
import Testing

/// Swift Testing has a `Tag` of its own; a file that imports both names Autowire's explicitly.
private typealias Tag = Autowire.Tag

/// Documentation.docc/Articles/ConstructorInjection.md
enum ConstructorInjectionExamples {
    protocol OrderRepository: Sendable {
        func save(_ order: String) throws
    }

    enum DatabasePath: Tag { typealias Value = String }

    final class SQLOrderRepository: OrderRepository, ConstructorInjectable {
        let path: String

        init(path: Tagged<DatabasePath>) {
            self.path = path.value
        }

        func save(_ order: String) throws {}

        static let construction = Construction(SQLOrderRepository.init)
    }

    final class TimeSource: ConstructorInjectable, Sendable {
        static let construction = Construction(TimeSource.init)
        static var scope: Scope { .singleton }
    }

    final class OrderService: ConstructorInjectable, Sendable {
        let repository: any OrderRepository
        let time: TimeSource

        init(repository: any OrderRepository, time: TimeSource) {
            self.repository = repository
            self.time = time
        }

        func place(_ order: String) throws {
            try repository.save(order)
        }

        static let construction = Construction(OrderService.init)
        static var scope: Scope { .singleton }
    }

    final class CheckoutScreen: PropertyInjectable {
        var orders: OrderService!
        static let dependencies: [Dependency<CheckoutScreen>] = [.inject(\.orders)]
    }

    struct ReceiptStoreOffline: Error {}
    final class ReceiptStore: ConstructorInjectable, Sendable {
        init() throws { throw ReceiptStoreOffline() }
        static let construction = Construction(ReceiptStore.init)
    }

    final class ShippingService: ConstructorInjectable, Sendable {
        let repository: any OrderRepository
        let time: TimeSource

        init(repository: any OrderRepository, time: TimeSource) {
            self.repository = repository
            self.time = time
        }

        static let construction = Construction(ShippingService.init, labels: "repository", "time")
    }

    /// The article's cycle: it closes from either end.
    final class Household: ConstructorInjectable {
        let pet: Pet
        init(pet: Pet) { self.pet = pet }
        static let construction = Construction(Household.init)
    }
    final class Pet: Injectable {
        var owner: Household!
        static let dependencies: [Dependency<Pet>] = [.inject(\.owner)]
    }

    @Suite struct Tests {
        static func container() throws -> Container {
            let container = try Container { binder in
                binder.bind((any OrderRepository).self).to(SQLOrderRepository.self)
                binder.bind(String.self).tagged(DatabasePath.self).to(value: "orders.sqlite")
            }
            return container
        }

        @Test func aConstructorInjectedServiceResolvesWithNoBindingOfItsOwn() throws {
            let container = try Self.container()
            let service = try container.resolve(OrderService.self)
            try service.place("tea")
            // service === (try container.resolve(OrderService.self))

            #expect(service === (try container.resolve(OrderService.self)))
            #expect((service.repository as? SQLOrderRepository)?.path == "orders.sqlite")
            #expect(service.time === (try container.resolve(TimeSource.self)))
        }

        @Test func bothStylesMixInOneGraph() throws {
            let container = try Self.container()
            let screen = CheckoutScreen()
            try container.inject(into: screen)
            #expect(screen.orders === (try container.resolve(OrderService.self)))
        }

        @Test func aMissingParameterNamesItsPosition() {
            expectDocumented(
                thrownText {
                    try Container().resolve(OrderService.self)
                },
                #"""
                error[missing-binding]: OrderRepository cannot be provided: it has no binding and is not an Injectable class.
                  at: App/OrderService.swift:14
                  path: parameter 1 of OrderService's factory → OrderRepository
                  fix: Bind it in the container with `binder.bind(OrderRepository.self).to(…)`.
                """#)
        }

        @Test func labelledParametersAreNamedInPathsAndGraphs() throws {
            let error = captureResolutionError { try Container().resolve(ShippingService.self) }
            #expect(
                error?.diagnostics.first.map { $0.path.map(withoutArticleNamespaces) } == [
                    "parameter repository of ShippingService's factory", "OrderRepository",
                ])
            let graph = try Self.container().graph(from: ShippingService.self)
            let service = try #require(graph.nodes.first { $0.name.hasSuffix("ShippingService") })
            #expect(graph.edges(from: service.id).map(\.label) == ["repository:", "time:"])
        }

        @Test func parametersAreCheckedWhenTheContainerIsBuilt() {
            let error = captureConfigurationError {
                try Container { $0.bind((any OrderRepository).self).to(SQLOrderRepository.self) }
            }
            #expect(error?.diagnostics.map(\.code) == [.missingBinding])
            #expect(error?.diagnostics.first?.path.last.map(withoutArticleNamespaces) == "String tagged DatabasePath")
        }

        @Test func anErrorTheConstructionThrowsIsAFactoryFailure() {
            let error = captureResolutionError { try Container().resolve(ReceiptStore.self) }
            #expect(error?.code == .factoryFailed)
            #expect(error?.underlyingError is ReceiptStoreOffline)
        }

        @Test func aCycleThroughAPropertyClosesFromEitherEnd() throws {
            let pet = try Container().resolve(Pet.self)
            #expect(pet.owner.pet === pet)
            let household = try Container().resolve(Household.self)
            #expect(household.pet.owner === household)
        }

        /// The location of a parameter's problem is where the type wrote its `Construction`.
        @Test func aParametersProblemPointsAtTheConstruction() {
            let lines = MarkedLines.lines(of: #filePath)
            let line = lines.firstIndex { $0.hasSuffix("static let construction = Construction(OrderService.init)") }
            let text = thrownText { try Container().resolve(OrderService.self) }
            #expect(text.contains("  at: AutowireTests/ConstructorInjectionExamplesTests.swift:\((line ?? -2) + 1)\n"))
        }
    }
}
