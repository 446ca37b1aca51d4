import Synchronization
import Testing

@testable import Autowire

// A root bound to a closure factory (a protocol bound to a closure, a class made by one, a
// transient one) resolves by its program, the closure's call: the closure's `Resolver` shares the
// resolve's `.graph` objects, a failing closure's error names its path and what it made is
// released, and a singleton's `Provider` of a closure's value makes a new one each time.

private final class Wire: Injectable {
    static let live = Atomic<Int>(0)
    init() { Self.live.add(1, ordering: .relaxed) }
    deinit { Self.live.subtract(1, ordering: .relaxed) }
}
/// Reads the wire too.
private final class Client: Injectable {
    var wire: Wire!
    static let dependencies: [Dependency<Client>] = [.inject(\.wire)]
}
private protocol Gateway: AnyObject {
    var client: Client { get }
    var wire: Wire { get }
}
private final class HTTPGateway: Gateway {
    let client: Client
    let wire: Wire
    init(client: Client, wire: Wire) {
        self.client = client
        self.wire = wire
    }
}
/// A class made by a closure, one per resolve.
private final class Router {
    let gateway: any Gateway
    init(gateway: any Gateway) { self.gateway = gateway }
}
/// A value made anew wherever it is met.
private struct Ticket {
    let number: Int
}
private struct Unplugged: Error {}
private final class Socket {}
/// A closure that needs its own binding.
private final class Loop {}
/// A singleton that keeps a provider of a closure's value.
private final class Switchboard: Injectable {
    static var scope: Scope { .singleton }
    var gateways: Provider<any Gateway>!
    static let dependencies: [Dependency<Switchboard>] = [.inject(\.gateways)]
}

private let tickets = Atomic<Int>(0)

private func container() throws -> Container {
    try Container { binder in
        binder.bind((any Gateway).self).to { resolver in
            HTTPGateway(client: try resolver.resolve(), wire: try resolver.resolve())
        }
        binder.bind(Router.self).to { resolver in Router(gateway: try resolver.resolve()) }
        binder.bind(Ticket.self).scoped(.transient).to { _ in
            Ticket(number: tickets.add(1, ordering: .relaxed).newValue)
        }
        binder.bind(Socket.self).to { resolver in
            _ = try resolver.resolve(Wire.self)
            throw Unplugged()
        }
        binder.bind(Loop.self).to { resolver in
            _ = try resolver.resolve(Loop.self)
            return Loop()
        }
    }
}

@Suite(.serialized) struct ClosureRootTests {
    @Test func aProtocolBoundToAClosureSharesItsGraphObjectsWithinAResolve() throws {
        let container = try container()
        var wires: [Wire] = []
        for _ in 0..<3 {
            let gateway = try container.resolve((any Gateway).self)
            // The closure's two resolves share the resolve's one `.graph` wire.
            #expect(gateway.client.wire === gateway.wire)
            wires.append(gateway.wire)
        }
        #expect(wires[0] !== wires[1] && wires[1] !== wires[2])
    }

    @Test func aClassMadeByAClosureAndATransientValueAreMadeEachResolve() throws {
        let container = try container()
        let router = try container.resolve(Router.self)
        #expect(router.gateway.client.wire === router.gateway.wire)
        let first = try container.resolve(Ticket.self)
        let second = try container.resolve(Ticket.self)
        #expect(first.number != second.number)
    }

    @Test func aFailingClosureRootFailsWithItsPathAndReleasesWhatItMade() throws {
        let container = try container()
        let before = Wire.live.load(ordering: .relaxed)
        for _ in 0..<2 {
            let error = #expect(throws: ResolutionError.self) { try container.resolve(Socket.self) }
            #expect(error?.code == .factoryFailed)
            #expect(error?.path == ["Socket"])
            #expect(error?.underlyingError is Unplugged)
            #expect(error?.diagnostics.first?.message == "The factory for Socket threw: Unplugged().")
            #expect(
                error?.diagnostics.first?.fix
                    == "Fix the cause reported by the factory, or catch it inside the factory.")
        }
        #expect(Wire.live.load(ordering: .relaxed) == before)
    }

    @Test func aClosureRootThatNeedsItselfIsACycle() throws {
        let container = try container()
        let error = #expect(throws: ResolutionError.self) { try container.resolve(Loop.self) }
        #expect(error?.code == .unclosableCycle)
        #expect(error?.path == ["Loop", "Loop"])
        #expect(
            error?.diagnostics.first?.message
                == "Loop is needed again while its factory is still running, so the cycle can never close.")
    }

    @Test func aClosureRootResolvesByAProgramOfItsCall() throws {
        let container = try container()
        _ = try container.resolve((any Gateway).self)
        _ = try container.resolve(Router.self)
        _ = try container.resolve(Ticket.self)
        #expect(try container.hasProgram(of: (any Gateway).self))
        #expect(try container.hasProgram(of: Router.self))
        #expect(try container.hasProgram(of: Ticket.self))
        // A kept object's provider resolves by the program lowered for it.
        _ = try container.resolve(Switchboard.self).gateways.get()
        #expect(try container.hasProgramForKeptObject(of: (any Gateway).self))
    }

    @Test func aSingletonsProviderOfAClosureValueMakesANewOneEachTime() throws {
        let container = try container()
        let switchboard = try container.resolve(Switchboard.self)
        let first = try switchboard.gateways.get()
        let second = try switchboard.gateways.get()
        #expect(first !== second)
        #expect(first.client.wire === first.wire)
    }
}
