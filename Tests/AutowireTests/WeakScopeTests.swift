import Autowire
import Synchronization
import Testing

private let cacheCreations = Atomic<Int>(0)

private final class Cache: Injectable {
    static var scope: Scope { .weak }
    required init() { cacheCreations.add(1, ordering: .relaxed) }
}
private final class Viewer: Injectable {
    static var scope: Scope { .transient }
    var cache: Cache!
    static let dependencies: [Dependency<Viewer>] = [.inject(\.cache)]
}
private struct Token { let value: Int }

@Suite(.serialized) struct WeakScopeTests {
    @Test func aWeakInstanceIsSharedWhileSomethingHoldsIt() throws {
        let container = Container()
        let held = try container.resolve(Cache.self)
        #expect(try container.resolve(Viewer.self).cache === held)
        #expect(try container.resolve(Cache.self) === held)
    }

    @Test func aWeakInstanceIsRecreatedAfterRelease() throws {
        let container = Container()
        let before = cacheCreations.load(ordering: .relaxed)
        weak var first: Cache?
        do {
            let cache = try container.resolve(Cache.self)
            first = cache
        }
        #expect(first == nil)
        let second = try container.resolve(Cache.self)
        #expect(try container.resolve(Cache.self) === second)
        #expect(cacheCreations.load(ordering: .relaxed) == before + 2)
    }

    @Test func aWeakScopedValueIsAnError() throws {
        let container = try Container { binder in binder.bind(Token.self).scoped(.weak).to { _ in Token(value: 1) } }
        let error = captureResolutionError { try container.resolve(Token.self) }
        #expect(error?.code == .unsupportedScope)
    }
}
