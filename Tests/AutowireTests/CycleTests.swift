import Autowire
import Dispatch
import Testing

// `.graph` (default) cycle.
private final class GraphA: Injectable {
    var b: GraphB!
    static let dependencies: [Dependency<GraphA>] = [.inject(\.b)]
}
private final class GraphB: Injectable {
    var a: GraphA!
    static let dependencies: [Dependency<GraphB>] = [.inject(\.a)]
}

// `.singleton` cycle.
private final class SingleA: Injectable {
    static var scope: Scope { .singleton }
    var b: SingleB!
    static let dependencies: [Dependency<SingleA>] = [.inject(\.b)]
}
private final class SingleB: Injectable {
    static var scope: Scope { .singleton }
    var a: SingleA!
    static let dependencies: [Dependency<SingleB>] = [.inject(\.a)]
}

// A transient object in a cycle closed by a `.graph` one.
private final class Mixed: Injectable {
    static var scope: Scope { .transient }
    var anchor: Anchor!
    static let dependencies: [Dependency<Mixed>] = [.inject(\.anchor)]
}
private final class Anchor: Injectable {
    var mixed: Mixed!
    static let dependencies: [Dependency<Anchor>] = [.inject(\.mixed)]
}

// All-transient cycle: can never close.
private final class A: Injectable {
    static var scope: Scope { .transient }
    var b: B!
    static let dependencies: [Dependency<A>] = [.inject(\.b)]
}
private final class B: Injectable {
    static var scope: Scope { .transient }
    static let aLine = #line + 2
    var a: A!
    static let dependencies: [Dependency<B>] = [.inject(\.a)]
}

/// Reaches the all-transient cycle from a `.graph` object.
private final class CycleHolder: Injectable {
    var a: A!
    static let dependencies: [Dependency<CycleHolder>] = [.inject(\.a)]
}

private final class Narcissus: Injectable {
    var me: Narcissus!
    static let dependencies: [Dependency<Narcissus>] = [.inject(\.me)]
}

private final class Ouroboros: Injectable {
    static var scope: Scope { .transient }
    static let meLine = #line + 2
    var me: Ouroboros!
    static let dependencies: [Dependency<Ouroboros>] = [.inject(\.me)]
}

private protocol Service: AnyObject {}
private final class ServiceImpl: Service {
    init(client: Client) { self.client = client }
    let client: Client
}
/// Needs the service that the factory is still constructing.
private final class Client: Injectable {
    static var scope: Scope { .transient }
    var service: Service!
    static let dependencies: [Dependency<Client>] = [.inject(\.service)]
}
/// Needs the service, but is `.graph`: recorded before it is filled, so the factory's cycle closes.
private final class GraphClient: Injectable {
    var service: Service!
    static let dependencies: [Dependency<GraphClient>] = [.inject(\.service)]
}
private final class GraphServiceImpl: Service {
    init(client: GraphClient) { self.client = client }
    let client: GraphClient
}

// A singleton factory in a cycle of factories (Gateway → GatewayCaller → Gateway), for a failed
// resolve that must leave nothing behind: these types are this one test's, so it can track every
// instance.
private protocol Gateway: AnyObject {}
private final class GatewayImpl: Gateway {
    let caller: GatewayCaller
    init(caller: GatewayCaller) { self.caller = caller }
}
/// Every `GatewayLog` and `GatewayCaller` made, held weakly.
private let gatewayObjectsMade = Locked<[WeakReference]>([])
/// How many times the `Gateway` factory ran.
private let gatewayFactoryRuns = Locked(0)
/// `.graph`: recorded in the failed resolve's table before the cycle is found.
private final class GatewayLog: Injectable {
    init() { gatewayObjectsMade.withLock { $0.append(WeakReference(self)) } }
}
private final class GatewayCaller: Injectable {
    static var scope: Scope { .transient }
    var log: GatewayLog!
    var gateway: Gateway!
    init() { gatewayObjectsMade.withLock { $0.append(WeakReference(self)) } }
    static let dependencies: [Dependency<GatewayCaller>] = [.inject(\.log), .inject(\.gateway)]
}
private final class WeakReference: @unchecked Sendable {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}

// A cycle through a binding: Port → PortImpl.b → PortUser.port → Port.
private protocol Port: AnyObject {}
private final class PortImpl: Port, Injectable {
    var user: PortUser!
    static let dependencies: [Dependency<PortImpl>] = [.inject(\.user)]
}
private final class PortUser: Injectable {
    var port: Port!
    static let dependencies: [Dependency<PortUser>] = [.inject(\.port)]
}

// The same through transient classes only: can never close.
private final class TransientPortImpl: Port, Injectable {
    static var scope: Scope { .transient }
    var user: TransientPortUser!
    static let dependencies: [Dependency<TransientPortImpl>] = [.inject(\.user)]
}
private final class TransientPortUser: Injectable {
    static var scope: Scope { .transient }
    var port: Port!
    static let dependencies: [Dependency<TransientPortUser>] = [.inject(\.port)]
}

@Suite struct CycleTests {
    @Test func cycleThroughABoundProtocolResolvesToTheSameInstances() throws {
        let container = try Container { binder in
            binder.bind(Port.self).to(PortImpl.self)
        }
        let port = try container.resolve(Port.self)
        let impl = try #require(port as? PortImpl)
        #expect(impl.user.port === impl)
        let user = try container.resolve(PortUser.self)
        #expect((user.port as? PortImpl)?.user === user)
    }

    @Test func transientCycleThroughABoundProtocolFailsTheBuild() throws {
        let error = #expect(throws: ConfigurationError.self) {
            try Container { binder in
                binder.bind(Port.self).to(TransientPortImpl.self)
            }
        }
        #expect(error?.diagnostics.map(\.code) == [.unclosableCycle])
        #expect(error?.diagnostics.first?.path == ["Port", "TransientPortImpl.user", "TransientPortUser.port", "Port"])
    }

    @Test func graphCycleResolvesToTheSameInstances() throws {
        let a = try Container().resolve(GraphA.self)
        #expect(a.b.a === a)
        let b = try Container().resolve(GraphB.self)
        #expect(b.a.b === b)
    }

    @Test func singletonCycleResolvesToTheSameInstances() throws {
        let container = Container()
        let a = try container.resolve(SingleA.self)
        #expect(a.b.a === a)
        #expect(try container.resolve(SingleB.self) === a.b)
    }

    @Test func transientObjectInACycleClosedByAGraphObject() throws {
        let anchor = try Container().resolve(Anchor.self)
        #expect(anchor.mixed.anchor === anchor)
        let mixed = try Container().resolve(Mixed.self)
        #expect(mixed.anchor.mixed !== mixed)
        #expect(mixed.anchor.mixed.anchor === mixed.anchor)
    }

    @Test func allTransientCycleThrowsNamingTheWholePath() throws {
        let error = #expect(throws: ResolutionError.self) { try Container().resolve(A.self) }
        #expect(error?.code == .unclosableCycle)
        #expect(error?.path == ["A.b", "B.a", "A"])
        #expect(
            error?.description == """
                error[unclosable-cycle]: Dependency cycle A.b → B.a → A can never close.
                  at: AutowireTests/CycleTests.swift:\(B.aLine)
                  path: A.b → B.a → A
                  fix: Give one class in the cycle the `.graph` or `.singleton` scope (factories cannot be reentered), \
                or make one of the properties a `Provider` or `Lazy`.
                """)
    }

    @Test func allTransientCycleReachedFromAGraphObjectThrows() throws {
        let error = #expect(throws: ResolutionError.self) { try Container().resolve(CycleHolder.self) }
        #expect(error?.code == .unclosableCycle)
        #expect(error?.path == ["CycleHolder.a", "A.b", "B.a", "A"])
    }

    @Test func allTransientCycleThrowsEveryTime() throws {
        let container = Container()
        #expect(throws: ResolutionError.self) { try container.resolve(A.self) }
        #expect(throws: ResolutionError.self) { try container.resolve(A.self) }
        #expect(throws: ResolutionError.self) { try container.resolve(B.self) }
    }

    @Test func graphSelfDependencyIsTheObjectItself() throws {
        let narcissus = try Container().resolve(Narcissus.self)
        #expect(narcissus.me === narcissus)
    }

    @Test func transientSelfDependencyThrows() throws {
        let error = #expect(throws: ResolutionError.self) { try Container().resolve(Ouroboros.self) }
        #expect(error?.code == .unclosableCycle)
        #expect(error?.path == ["Ouroboros.me", "Ouroboros"])
        #expect(error?.location?.line == Ouroboros.meLine)
    }

    @Test func closureFactoryResolvingItselfThrows() throws {
        let container = try Container { binder in
            binder.bind(Service.self).to { resolver in try resolver.resolve(Service.self) }
        }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(Service.self) }
        #expect(error?.code == .unclosableCycle)
        #expect(error?.path == ["Service", "Service"])
    }

    @Test func aCycleThroughAFactorysConstructorClosesThroughTheProperty() throws {
        // Refused before: `Client.service` now waits for the factory to return, then gets its product.
        let container = try Container { binder in
            binder.bind(Service.self).to { resolver in try ServiceImpl(client: resolver.resolve(Client.self)) }
        }
        let service = try container.resolve(Service.self)
        let made = try #require(service as? ServiceImpl)
        #expect(made.client.service === service)
        made.client.service = nil
    }

    @Test func transientFactoryCycleThrows() throws {
        let container = try Container { binder in
            binder.bind(Service.self).scoped(.transient).to { resolver in
                try ServiceImpl(client: resolver.resolve(Client.self))
            }
        }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(Service.self) }
        #expect(error?.code == .unclosableCycle)
    }

    @Test func singletonFactoryCycleThrowsAndLeavesNothingBehind() throws {
        let container = try Container { binder in
            binder.bind(Gateway.self).scoped(.singleton).to { resolver in
                gatewayFactoryRuns.withLock { $0 += 1 }
                return try GatewayImpl(caller: resolver.resolve(GatewayCaller.self))
            }
            // A factory, not a property fill, meets the running singleton factory: no cycle closes.
            binder.bind(GatewayCaller.self).scoped(.transient).to { resolver in
                let caller = GatewayCaller()
                caller.log = try resolver.resolve(GatewayLog.self)
                caller.gateway = try resolver.resolve(Gateway.self)
                return caller
            }
        }
        let first = captureResolutionError { try container.resolve(Gateway.self) }
        #expect(first?.code == .unclosableCycle)
        #expect(first?.path == ["Gateway", "GatewayCaller", "Gateway"])
        // Every object the failed resolve made is released.
        #expect(gatewayObjectsMade.withLock { $0.count } == 2)
        #expect(gatewayObjectsMade.withLock { $0.allSatisfy { $0.object == nil } })

        // No singleton was kept, nothing is left marked under construction, and the creation lock was
        // released (the lock is recursive, so only another thread would wait for a lock left held):
        // a resolve on another thread runs the factory again and fails the same way.
        let second = onThread(timeout: .seconds(10)) {
            captureResolutionError { try container.resolve(Gateway.self) }?.description
        }
        #expect(second != nil, "the second resolve did not finish within 10 s")
        #expect(second == .some(first?.description))
        #expect(gatewayFactoryRuns.withLock { $0 } == 2)
        #expect(gatewayObjectsMade.withLock { $0.count } == 4)
        #expect(gatewayObjectsMade.withLock { $0.allSatisfy { $0.object == nil } })
    }

    @Test func factoryCycleClosedByAGraphObjectResolves() throws {
        let container = try Container { binder in
            binder.bind(Service.self).scoped(.transient).to { resolver in
                try GraphServiceImpl(client: resolver.resolve(GraphClient.self))
            }
        }
        let service = try container.resolve(Service.self)
        let client = (service as? GraphServiceImpl)?.client
        #expect(client?.service != nil)
    }

    @Test func factoryResolvingAnUnclosableCycleThrowsInsteadOfOverflowing() throws {
        let container = try Container { binder in
            binder.bind(Service.self).to { resolver in
                _ = try resolver.resolve(A.self)
                return ServiceImpl(client: Client())
            }
        }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(Service.self) }
        #expect(error?.code == .unclosableCycle)
        #expect(error?.path == ["Service", "A.b", "B.a", "A"])
    }
}

// A factory that calls `Provider.get()` while it runs, for an object that needs the factory.
private final class Engine {
    let client: EngineClient
    init(client: Provider<EngineClient>) throws { self.client = try client.get() }
}
private final class EngineClient: Injectable {
    var engine: Engine!
    static let dependencies: [Dependency<EngineClient>] = [.inject(\.engine)]
}

@Suite struct NestedResolveCycleTests {
    @Test func providerGetInsideAFactoryThatNeedsItselfThrowsInsteadOfOverflowing() throws {
        let container = try Container { binder in
            binder.bind(Engine.self).to(factory: Engine.init)
        }
        let error = captureResolutionError { try container.resolve(Engine.self) }
        #expect(error?.code == .unclosableCycle)
        #expect(error?.path == ["Engine", "EngineClient.engine", "Engine"])
    }

    @Test func closureFactoryCallingACapturedContainerForItselfThrows() throws {
        let box = ContainerBox()
        let container = try Container { binder in
            binder.bind(Motor.self).scoped(.transient).to { _ in
                Motor(client: try box.container?.resolve(MotorClient.self))
            }
        }
        box.container = container
        let error = captureResolutionError { try container.resolve(Motor.self) }
        #expect(error?.code == .unclosableCycle)
    }

    @Test func providerGetInsideAFactoryForAnUnrelatedTypeWorks() throws {
        let container = try Container { binder in
            binder.bind(Gear.self).to(factory: Gear.init)
        }
        let gear = try container.resolve(Gear.self)
        #expect(gear.bolt.gear == nil)
    }
}

private final class Bolt: Injectable {
    var gear: Gear?
    static let dependencies: [Dependency<Bolt>] = [.notInjected(\.gear)]
}
private final class Gear {
    let bolt: Bolt
    init(bolt: Provider<Bolt>) throws { self.bolt = try bolt.get() }
}

private final class Motor {
    let client: MotorClient?
    init(client: MotorClient?) { self.client = client }
}
private final class MotorClient: Injectable {
    var motor: Motor!
    static let dependencies: [Dependency<MotorClient>] = [.inject(\.motor)]
}

/// Lets a factory reach the container it belongs to, the way a global would.
private final class ContainerBox: @unchecked Sendable {
    var container: Container?
}
