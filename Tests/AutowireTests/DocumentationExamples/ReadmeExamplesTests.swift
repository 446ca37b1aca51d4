import Autowire
import Testing

/// The example at the top of README.md.
enum ReadmeExamples {
    protocol OrderRepository: AnyObject {}
    final class SQLOrderRepository: OrderRepository, Injectable {}
    final class SystemClock: Injectable {}

    final class OrderService: Injectable {
        var repository: OrderRepository!  // a protocol: bound below
        var clock: SystemClock!  // an Injectable class: autowired, no registration
        static let dependencies: [Dependency<OrderService>] = [.inject(\.repository), .inject(\.clock)]
    }

    @Suite struct Tests {
        @Test func readmeExampleResolvesTheServiceWithItsBoundRepository() throws {
            let container = try Container { binder in
                binder.bind(OrderRepository.self).to(SQLOrderRepository.self)
            }
            let service = try container.resolve(OrderService.self)

            #expect(service.repository is SQLOrderRepository)
            #expect(service.clock != nil)
        }
    }
}
