import Autowire
import Testing

/// The example on the documentation's landing page (Documentation.docc/Autowire.md).
enum OverviewExamples {
    final class SystemClock: Injectable {}
    protocol OrderRepository: AnyObject {}
    final class InMemoryOrderRepository: OrderRepository, Injectable {}

    final class OrderService: Injectable {
        var clock: SystemClock!  // an Injectable class: autowired
        var repository: OrderRepository!  // a protocol: bound below

        static let dependencies: [Dependency<OrderService>] = [
            .inject(\.clock),
            .inject(\.repository),
        ]
    }

    @Suite struct Tests {
        @Test func landingPageExampleResolvesTheServiceWithItsBoundRepository() throws {
            let container = try Container { binder in
                binder.bind(OrderRepository.self).to(InMemoryOrderRepository.self)
            }
            let service = try container.resolve(OrderService.self)

            #expect(service.clock != nil)
            #expect(service.repository is InMemoryOrderRepository)
        }
    }
}
