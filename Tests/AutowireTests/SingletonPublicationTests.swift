import Autowire
import Synchronization
import Testing

private let fragileShouldFail = Atomic<Bool>(true)

private struct Unplugged: Error {}

private final class Fragile {}
private final class Hub: Injectable {
    var keeper: Keeper!
    var fragile: Fragile!
    static let dependencies: [Dependency<Hub>] = [.inject(\.keeper), .inject(\.fragile)]
}
private final class Keeper: Injectable {
    static var scope: Scope { .singleton }
    var hub: Hub!
    static let dependencies: [Dependency<Keeper>] = [.inject(\.hub)]
}

@Suite(.serialized) struct SingletonPublicationTests {
    private func container() throws -> Container {
        try Container { binder in
            binder.bind(Fragile.self).to { _ in
                if fragileShouldFail.load(ordering: .relaxed) { throw Unplugged() }
                return Fragile()
            }
        }
    }

    @Test func aSingletonMadeDuringAFailedResolveIsNotPublished() throws {
        let container = try container()
        fragileShouldFail.store(true, ordering: .relaxed)
        #expect(captureResolutionError { try container.resolve(Hub.self) }?.code == .factoryFailed)

        fragileShouldFail.store(false, ordering: .relaxed)
        let keeper = try container.resolve(Keeper.self)
        // Not the Keeper that captured the half-built Hub of the failed resolve.
        #expect(keeper.hub.fragile != nil)
        #expect(try container.resolve(Keeper.self) === keeper)
    }
}
