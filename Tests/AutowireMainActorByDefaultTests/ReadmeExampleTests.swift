import Autowire
import Testing

// Built with Xcode 26's new-app defaults (see Package.swift): every type is `@MainActor`, and its
// conformances are isolated to it. The README's first example must compile and run unchanged, on
// the main actor.

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

final class ProfileViewModel: Injectable {
    var service: OrderService!
    static let dependencies: [Dependency<ProfileViewModel>] = [.inject(\.service)]
}

/// Constructor injection, the recommended Swift 6 style: its initializer is `@MainActor` here.
final class Greeter: ConstructorInjectable {
    let service: OrderService
    init(service: OrderService) { self.service = service }
    static let construction = Construction(Greeter.init)
}

@Suite struct ReadmeExampleTests {
    @Test func aConstructorInjectedClassOfAMainActorModuleResolves() throws {
        let container = try Container { $0.bind(OrderRepository.self).to(SQLOrderRepository.self) }
        #expect(try container.resolve(Greeter.self).service.repository is SQLOrderRepository)
    }

    @Test func aConstructorInjectedClassOfAMainActorModuleIsRefusedOffTheMainActor() async throws {
        let container = try Container { $0.bind(OrderRepository.self).to(SQLOrderRepository.self) }
        let code = await Task.detached { () -> Diagnostic.Code? in
            do {
                _ = try container.resolve(Greeter.self)
                return nil
            } catch {
                return (error as? ResolutionError)?.diagnostics.first?.code
            }
        }.value
        #expect(code == .mainActorRequired)
    }

    @Test func theReadmesFirstExampleResolvesWithMainActorByDefault() throws {
        let container = try Container { binder in
            binder.bind(OrderRepository.self).to(SQLOrderRepository.self)
        }
        let service = try container.resolve(OrderService.self)
        #expect(service.repository is SQLOrderRepository)
        #expect(service.clock != nil)
    }

    @Test func taggedAndOptionalDependenciesResolveWithMainActorByDefault() throws {
        let container = try Container { $0.bind(String.self).tagged(StoreName.self).to(value: "main") }
        let checkout = try container.resolve(Checkout.self)
        #expect(checkout.store == "main")
        #expect(checkout.audit != nil)
    }

    @Test func aClassOfAMainActorModuleIsRefusedOffTheMainActor() async throws {
        let container = try Container { $0.bind(OrderRepository.self).to(SQLOrderRepository.self) }
        let code = await Task.detached { () -> Diagnostic.Code? in
            do {
                _ = try container.resolve(OrderService.self)
                return nil
            } catch {
                return (error as? ResolutionError)?.diagnostics.first?.code
            }
        }.value
        #expect(code == .mainActorRequired)
    }

    @Test func aMainActorViewModelIsInjectedOnTheMainActor() throws {
        let container = try Container { $0.bind(OrderRepository.self).to(SQLOrderRepository.self) }
        #expect(try container.resolve(ProfileViewModel.self).service.repository is SQLOrderRepository)
    }
}
