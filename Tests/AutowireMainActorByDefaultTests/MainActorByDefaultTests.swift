import Autowire
import Testing

// What only a module with Xcode 26's default `MainActor` isolation shows: its initializers are
// `@MainActor`, and its classes are refused off the main actor.

/// Constructor injection, the recommended Swift 6 style: its initializer is `@MainActor` here.
final class Greeter: ConstructorInjectable {
    let service: OrderService
    init(service: OrderService) { self.service = service }
    static let construction = Construction(Greeter.init)
}

@Suite struct MainActorByDefaultTests {
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

    /// The diagnostic code of resolving `type` from a detached task, off the main actor.
    private func codeOffTheMainActor<T>(_ type: T.Type, in container: Container) async -> Diagnostic.Code? {
        await Task.detached { () -> Diagnostic.Code? in
            do {
                _ = try container.resolve(T.self)
                return nil
            } catch {
                return (error as? ResolutionError)?.diagnostics.first?.code
            }
        }.value
    }

    @Test func aTypedFactoryOfAMainActorModuleIsRefusedOffTheMainActor() async throws {
        let container = try Container { binder in
            binder.bind(String.self).tagged(MailHost.self).to(value: "smtp.example.com")
            binder.bind(Mailer.self).to(factory: SMTPMailer.init)
        }
        #expect(await codeOffTheMainActor(Mailer.self, in: container) == .mainActorRequired)
        #expect(try container.resolve(Mailer.self).host == "smtp.example.com")
    }

    @Test func aMainActorClosureFactoryIsRefusedOffTheMainActor() async throws {
        let container = try Container { binder in
            binder.bind(SQLiteDatabase.self).to { @MainActor _ in try SQLiteDatabase(path: "app.sqlite") }
        }
        #expect(await codeOffTheMainActor(SQLiteDatabase.self, in: container) == .mainActorRequired)
        #expect(try container.resolve(SQLiteDatabase.self).path == "app.sqlite")
    }
}
