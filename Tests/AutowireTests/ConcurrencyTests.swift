import Autowire
import Dispatch
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Slow to create, so that concurrent first resolves really overlap.
private final class SlowSingleton: Injectable {
    static let created = Atomic<Int>(0)
    static var scope: Scope { .singleton }
    init() {
        Self.created.add(1, ordering: .relaxed)
        usleep(2_000)
    }
}

/// Made by the first task to resolve it, which stays inside `init()` until a second task has started
/// resolving too, so that the creation and later first resolves overlap.
private final class TaskSingleton: Injectable {
    static let created = Atomic<Int>(0)
    /// Tasks that have started to resolve.
    static let arrived = Atomic<Int>(0)
    /// Whether a creation saw a second task start resolving while it ran.
    static let overlapped = Atomic<Bool>(false)
    static var scope: Scope { .singleton }
    init() {
        Self.created.add(1, ordering: .relaxed)
        let deadline = ContinuousClock.now + .seconds(30)
        while Self.arrived.load(ordering: .acquiring) < 2, ContinuousClock.now < deadline { usleep(1_000) }
        if Self.arrived.load(ordering: .acquiring) >= 2 { Self.overlapped.store(true, ordering: .relaxed) }
        // Time for the tasks that arrived to find it not created yet and wait for its creation lock.
        usleep(50_000)
    }
}

private final class FactoryMade: Sendable {}

private final class Config: Injectable {
    static var scope: Scope { .singleton }
}
private final class Cache: Injectable {
    static var scope: Scope { .weak }
}
private final class Unit: Injectable {}
private final class Fresh: Injectable {
    static var scope: Scope { .transient }
    var unit: Unit!
    static let dependencies: [Dependency<Fresh>] = [.inject(\.unit)]
}

/// One object graph with every scope, each asked for twice.
private final class Mixed: Injectable {
    var config1: Config!
    var config2: Config!
    var unit1: Unit!
    var unit2: Unit!
    var fresh1: Fresh!
    var fresh2: Fresh!
    var cache1: Cache!
    var cache2: Cache!
    var made: FactoryMade!
    static let dependencies: [Dependency<Mixed>] = [
        .inject(\.config1), .inject(\.config2), .inject(\.unit1), .inject(\.unit2), .inject(\.fresh1),
        .inject(\.fresh2), .inject(\.cache1), .inject(\.cache2), .inject(\.made),
    ]

    /// The invariants every scope promises within one resolve.
    var isConsistent: Bool {
        config1 === config2 && unit1 === unit2 && fresh1 !== fresh2 && fresh1.unit === unit1
            && fresh2.unit === unit1 && cache1 === cache2
    }
}

private final class Screen: PropertyInjectable {
    var config: Config!
    var unit: Unit!
    static let dependencies: [Dependency<Screen>] = [.inject(\.config), .inject(\.unit)]
}

// Autowired types first compiled concurrently, each one its own plan.
private final class Leaf0: Injectable {}
private final class Leaf1: Injectable {
    var leaf: Leaf0!
    static let dependencies: [Dependency<Leaf1>] = [.inject(\.leaf)]
}
private final class Leaf2: Injectable {
    var leaf: Leaf1!
    static let dependencies: [Dependency<Leaf2>] = [.inject(\.leaf)]
}
private final class Leaf3: Injectable {
    var leaf: Leaf2!
    var zero: Leaf0!
    static let dependencies: [Dependency<Leaf3>] = [.inject(\.leaf), .inject(\.zero)]
}

/// Collects object identities from many threads.
private final class Identities: Sendable {
    /// `Locked` (NSLock), not `Mutex`: ThreadSanitizer cannot see `Mutex` on Linux and reports its contents as racing.
    private let seen = Locked<Set<ObjectIdentifier>>([])
    func insert(_ object: AnyObject) { seen.withLock { _ = $0.insert(ObjectIdentifier(object)) } }
    var count: Int { seen.withLock { $0.count } }
}

private func mixedContainer() throws -> Container {
    try Container { binder in
        binder.bind(FactoryMade.self).scoped(.singleton).to { _ in FactoryMade() }
    }
}

@Suite struct ConcurrencyTests {
    @Test func thousandConcurrentFirstResolvesCreateTheSingletonOnce() throws {
        // 1,000 real threads, released together, so that many wait on the creation at once.
        let container = Container()
        let identities = Identities()
        let failures = Atomic<Int>(0)
        let gate = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for _ in 0..<1_000 {
            done.enter()
            Thread {
                if gate.wait(timeout: .now() + .seconds(60)) == .timedOut {
                    failures.add(1, ordering: .relaxed)
                } else {
                    do {
                        identities.insert(try container.resolve(SlowSingleton.self))
                    } catch {
                        failures.add(1, ordering: .relaxed)
                    }
                }
                done.leave()
            }.start()
        }
        for _ in 0..<1_000 { gate.signal() }
        let finished = done.wait(timeout: .now() + .seconds(60)) == .success
        #expect(finished, "the 1,000 threads did not finish within 60 s")
        #expect(failures.load(ordering: .relaxed) == 0)
        #expect(SlowSingleton.created.load(ordering: .relaxed) == 1)
        #expect(identities.count == 1)
    }

    /// 1,000 tasks, eight at a time on an executor of their own: on the cooperative pool (two
    /// threads on a two-core machine, shared with the tests running alongside) they could run one
    /// after another and never meet the creation.
    @Test func thousandConcurrentTasksCreateTheSingletonOnce() async throws {
        let container = Container()
        let identities = Identities()
        let executor = ThreadPoolExecutor(width: 8)
        defer { executor.shutDown() }
        let finished = try await executor.run(within: .seconds(60)) {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<1_000 {
                    group.addTask {
                        TaskSingleton.arrived.add(1, ordering: .releasing)
                        identities.insert(try container.resolve(TaskSingleton.self))
                    }
                }
                try await group.waitForAll()
            }
            return true
        }
        #expect(finished == true, "the 1,000 tasks did not finish within 60 s")
        let overlapped = TaskSingleton.overlapped.load(ordering: .relaxed)
        #expect(overlapped, "no second task started resolving while the first one created the singleton")
        #expect(TaskSingleton.created.load(ordering: .relaxed) == 1)
        #expect(identities.count == 1)
    }

    @Test func concurrentResolvesOfMixedScopesKeepEveryScopesPromise() throws {
        let container = try mixedContainer()
        let configs = Identities()
        let factoryMade = Identities()
        let broken = Atomic<Int>(0)
        let finished = runOnThreads(8, timeout: .seconds(60)) { _ in
            for _ in 0..<250 {
                do {
                    let mixed = try container.resolve(Mixed.self)
                    if !mixed.isConsistent { broken.add(1, ordering: .relaxed) }
                    configs.insert(mixed.config1)
                    factoryMade.insert(mixed.made)
                } catch {
                    broken.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(finished, "the threads did not finish within 60 s")
        #expect(broken.load(ordering: .relaxed) == 0)
        #expect(configs.count == 1)
        #expect(factoryMade.count == 1)
    }

    @Test func concurrentTasksResolveAndInject() async throws {
        let container = try mixedContainer()
        let injector = try container.propertyInjector(for: Screen.self)
        let executor = ThreadPoolExecutor(width: 8)
        defer { executor.shutDown() }
        let results = try await executor.run(within: .seconds(60)) {
            try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<500 {
                    group.addTask {
                        if index.isMultiple(of: 2) {
                            return try container.resolve(Mixed.self).isConsistent
                        }
                        let screen = Screen()
                        try injector.inject(into: screen)
                        return screen.config === (try container.resolve(Config.self)) && screen.unit != nil
                    }
                }
                return try await group.reduce(into: [Bool]()) { $0.append($1) }
            }
        }
        #expect(results != nil, "the 500 tasks did not finish within 60 s")
        #expect(results?.count == 500)
        #expect(results?.allSatisfy { $0 } == true)
    }

    @Test func weakInstanceHeldElsewhereIsSharedAcrossThreads() throws {
        let container = Container()
        let held = try container.resolve(Cache.self)
        let identities = Identities()
        let finished = runOnThreads(8, timeout: .seconds(60)) { _ in
            for _ in 0..<64 {
                if let cache = try? container.resolve(Cache.self) { identities.insert(cache) }
            }
        }
        #expect(finished, "the threads did not finish within 60 s")
        #expect(identities.count == 1)
        #expect(try container.resolve(Cache.self) === held)
    }

    @Test func firstResolvesOfDifferentTypesCompileConcurrently() throws {
        let container = Container()
        let failures = Atomic<Int>(0)
        let finished = runOnThreads(8, timeout: .seconds(60)) { thread in
            for round in 0..<50 {
                do {
                    switch (thread + round) % 4 {
                    case 0: _ = try container.resolve(Leaf0.self)
                    case 1: _ = try container.resolve(Leaf1.self).leaf!
                    case 2: _ = try container.resolve(Leaf2.self).leaf.leaf!
                    default:
                        let leaf = try container.resolve(Leaf3.self)
                        if leaf.leaf.leaf.leaf !== leaf.zero { failures.add(1, ordering: .relaxed) }
                    }
                } catch {
                    failures.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(finished, "the threads did not finish within 60 s")
        #expect(failures.load(ordering: .relaxed) == 0)
    }
}

/// Compiles only while the types users share between threads are `Sendable`.
private func sendableConformances() {
    func requireSendable<T: Sendable>(_: T.Type) {}
    requireSendable(Container.self)
    requireSendable(PropertyInjector<Screen>.self)
    requireSendable(Dependency<Screen>.self)
    requireSendable(Scope.self)
    requireSendable(Diagnostic.self)
    requireSendable(ResolutionError.self)
    requireSendable(ConfigurationError.self)
}
