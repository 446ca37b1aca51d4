import Autowire
import Testing

// The README's first example and the declarations around it, compiled unchanged in each setting
// users build in: this one file is linked into AutowireSwift5Tests (the Swift 5 language mode),
// AutowireRetroactiveSendableTests (key paths made `Sendable` as Vapor and Fluent do) and
// AutowireMainActorByDefaultTests (Xcode 26's new-app defaults); see Package.swift.

protocol OrderRepository: AnyObject {}
final class SQLOrderRepository: OrderRepository, Injectable {}
final class SystemClock: Injectable {}

final class OrderService: Injectable {
    var repository: OrderRepository!  // a protocol: bound below
    var clock: SystemClock!  // an Injectable class: autowired, no registration
    static let dependencies: [Dependency<OrderService>] = [.inject(\.repository), .inject(\.clock)]
}

enum StoreName: Autowire.Tag { typealias Value = String }
final class Audit: Injectable {}
final class Checkout: Injectable {
    var store: String = ""
    var audit: Audit?
    static let dependencies: [Dependency<Checkout>] = [.inject(\.store, tag: StoreName.self), .optional(\.audit)]
}

@MainActor final class ProfileViewModel: @MainActor Injectable {
    var service: OrderService!
    static let dependencies: [Dependency<ProfileViewModel>] = [.inject(\.service)]
}

@Suite struct ReadmeExampleTests {
    @Test func theReadmesFirstExampleResolves() throws {
        let container = try Container { binder in
            binder.bind(OrderRepository.self).to(SQLOrderRepository.self)
        }
        let service = try container.resolve(OrderService.self)
        #expect(service.repository is SQLOrderRepository)
        #expect(service.clock != nil)
    }

    @Test func taggedAndOptionalDependenciesResolve() throws {
        let container = try Container { $0.bind(String.self).tagged(StoreName.self).to(value: "main") }
        let checkout = try container.resolve(Checkout.self)
        #expect(checkout.store == "main")
        #expect(checkout.audit != nil)
    }

    @MainActor @Test func aMainActorViewModelIsInjectedOnTheMainActor() throws {
        let container = try Container { $0.bind(OrderRepository.self).to(SQLOrderRepository.self) }
        #expect(try container.resolve(ProfileViewModel.self).service.repository is SQLOrderRepository)
    }
}
