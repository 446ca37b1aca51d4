import Autowire
import Synchronization
import Testing

private final class Fresh: Injectable {
    static var scope: Scope { .transient }
}

private final class PerGraph: Injectable {}

private final class Shared: Injectable {
    static let created = Atomic<Int>(0)
    static var scope: Scope { .singleton }
    init() { Self.created.add(1, ordering: .relaxed) }
}

private final class Held: Injectable {
    static let created = Atomic<Int>(0)
    static var scope: Scope { .weak }
    let serial: Int
    init() { serial = Self.created.add(1, ordering: .relaxed).newValue }
}

/// Asks for each scope twice within one resolve.
private final class Pairs: Injectable {
    var fresh1: Fresh!
    var fresh2: Fresh!
    var graph1: PerGraph!
    var graph2: PerGraph!
    var weak1: Held!
    var weak2: Held!
    static let dependencies: [Dependency<Pairs>] = [
        .inject(\.fresh1), .inject(\.fresh2), .inject(\.graph1), .inject(\.graph2), .inject(\.weak1),
        .inject(\.weak2),
    ]
}

private final class Token {}

private struct Flaky: Error {}
private final class Retried {}

/// Fails the first time it is asked, then succeeds.
private final class FlakySwitch: Sendable {
    private let calls = Mutex(0)
    func next() throws -> Retried {
        let call = calls.withLock { calls in
            calls += 1
            return calls
        }
        if call == 1 { throw Flaky() }
        return Retried()
    }
}

@Suite struct ScopeTests {
    @Test func transientIsNewEveryTime() throws {
        let container = Container()
        let pairs = try container.resolve(Pairs.self)
        #expect(pairs.fresh1 !== pairs.fresh2)
        #expect(try container.resolve(Fresh.self) !== (try container.resolve(Fresh.self)))
    }

    @Test func graphIsSharedWithinOneResolveOnly() throws {
        let container = Container()
        let first = try container.resolve(Pairs.self)
        let second = try container.resolve(Pairs.self)
        #expect(first.graph1 === first.graph2)
        #expect(first.graph1 !== second.graph1)
    }

    @Test func singletonIsCreatedOncePerContainer() throws {
        let container = Container()
        let before = Shared.created.load(ordering: .relaxed)
        let first = try container.resolve(Shared.self)
        let second = try container.resolve(Shared.self)
        #expect(first === second)
        #expect(Shared.created.load(ordering: .relaxed) == before + 1)
    }

    @Test func weakIsSharedWhileHeld() throws {
        let container = Container()
        let held = try container.resolve(Held.self)
        let again = try container.resolve(Held.self)
        #expect(held === again)
        let pairs = try container.resolve(Pairs.self)
        #expect(pairs.weak1 === held)
        #expect(pairs.weak2 === held)
    }

    @Test func weakIsRecreatedAfterRelease() throws {
        let container = Container()
        weak var released: Held?
        var firstSerial = 0
        do {
            let held = try container.resolve(Held.self)
            firstSerial = held.serial
            released = held
        }
        #expect(released == nil)
        let next = try container.resolve(Held.self)
        #expect(next.serial != firstSerial)
    }

    @Test func boundScopesApplyToClosureFactories() throws {
        let container = try Container { binder in
            binder.bind(Token.self).scoped(.singleton).to { _ in Token() }
        }
        #expect(try container.resolve(Token.self) === (try container.resolve(Token.self)))

        let transient = try Container { binder in
            binder.bind(Token.self).scoped(.transient).to { _ in Token() }
        }
        #expect(try transient.resolve(Token.self) !== (try transient.resolve(Token.self)))
    }

    @Test func weakScopeOnAValueIsAnError() throws {
        let container = try Container { binder in
            binder.bind(Int.self).scoped(.weak).to { _ in 7 }
        }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(Int.self) }
        #expect(error?.code == .unsupportedScope)
    }

    @Test func singletonWhoseFactoryFailedIsCreatedOnTheNextResolve() throws {
        let flaky = FlakySwitch()
        let container = try Container { binder in
            binder.bind(Retried.self).scoped(.singleton).to { _ in try flaky.next() }
        }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(Retried.self) }
        #expect(error?.underlyingError is Flaky)
        let first = try container.resolve(Retried.self)
        #expect(try container.resolve(Retried.self) === first)
    }

    @Test func scopeNamesReadAsWritten() {
        #expect(
            [Scope.transient, .graph, .singleton, .weak].map(\.description) == [
                "transient", "graph", "singleton", "weak",
            ])
    }
}
