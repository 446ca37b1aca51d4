import Autowire
import Synchronization
import Testing

@testable import Autowire

/// What a closure factory's `Resolver` resolves inside a resolve runs as a nested program in the
/// closure's resolution (`ResolveProgram.runNested(in:)`): no recursion per object, one instance of
/// each `.graph` object for the closure, the program around it and every other closure, hooks
/// when the nested graph is complete, and a wait for a factory that is still running before
/// writing the property that needs its product.
@Suite struct NestedProgramTests {
    final class Hooked: Injectable {
        private(set) var hookRan = false
        var part: Part!
        static let dependencies: [Dependency<Hooked>] = [.inject(\.part)]
        func didInjectDependencies() throws { hookRan = true }
    }

    final class Part: Injectable {
        var shared: SharedPart!
        static let dependencies: [Dependency<Part>] = [.inject(\.shared)]
    }

    final class SharedPart: Injectable {
        static let dependencies: [Dependency<SharedPart>] = []
    }

    /// Made by a closure: what its resolver returned, and whether the hook had run by then.
    final class Holder {
        let hooked: Hooked
        let shared: SharedPart
        let hookRanBeforeReturn: Bool
        init(hooked: Hooked, shared: SharedPart, hookRanBeforeReturn: Bool) {
            self.hooked = hooked
            self.shared = shared
            self.hookRanBeforeReturn = hookRanBeforeReturn
        }
    }

    final class Root: Injectable {
        var holder: Holder!
        var shared: SharedPart!
        static let dependencies: [Dependency<Root>] = [.inject(\.holder), .inject(\.shared)]
    }

    private func container() throws -> Container {
        try Container { binder in
            binder.bind(Holder.self).to { resolver in
                let hooked = try resolver.resolve(Hooked.self)
                return Holder(
                    hooked: hooked, shared: try resolver.resolve(SharedPart.self), hookRanBeforeReturn: hooked.hookRan)
            }
        }
    }

    @Test func anAutowiredClassAClosureResolvesRunsANestedProgram() throws {
        let container = try container()
        for _ in 0..<2 {
            let holder = try container.resolve(Holder.self)
            #expect(holder.hooked.part.shared === holder.shared)
        }
        #expect(try container.hasNestedProgram(of: Hooked.self))
        #expect(try container.hasNestedProgram(of: SharedPart.self))
    }

    @Test func aNestedRunSharesTheGraphObjectsOfTheProgramAndTheClosure() throws {
        let container = try container()
        for _ in 0..<3 {
            let root = try container.resolve(Root.self)
            #expect(root.holder.shared === root.shared)
            #expect(root.holder.hooked.part.shared === root.shared)
        }
        #expect(try container.hasNestedProgram(of: Hooked.self))
    }

    @Test func aHookOfANestedGraphThatReadNothingFromOutsideRunsBeforeTheResolverReturns() throws {
        let container = try container()
        for _ in 0..<2 {
            let holder = try container.resolve(Holder.self)
            #expect(holder.hookRanBeforeReturn)
            #expect(holder.hooked.hookRan)
        }
    }

    /// The program of `Root` made the shared part before the closure ran: the nested graph read it,
    /// so its hook waits for the end of the resolve.
    @Test func aHookOfANestedGraphThatReadAnObjectMadeOutsideItRunsAtTheEndOfTheResolve() throws {
        final class Reader: Injectable {
            private(set) var hookRan = false
            var shared: SharedPart!
            static let dependencies: [Dependency<Reader>] = [.inject(\.shared)]
            func didInjectDependencies() throws { hookRan = true }
        }
        final class Outer: Injectable {
            var shared: SharedPart!
            var hookRanInside: Bool!
            var reader: Reader!
            static let dependencies: [Dependency<Outer>] = [
                .inject(\.shared), .inject(\.hookRanInside), .inject(\.reader),
            ]
        }
        let container = try Container { binder in
            binder.bind(Bool.self).to { resolver in try resolver.resolve(Reader.self).hookRan }
        }
        for _ in 0..<2 {
            let outer = try container.resolve(Outer.self)
            #expect(outer.hookRanInside == false)
            #expect(outer.reader.hookRan)
        }
    }

    /// The 10,000-node chain a closure asks for is made without a stack frame per node, so a
    /// 512 KiB thread is enough.
    @Test func aDeepAutowiredChainAClosureResolvesIsMadeWithoutRecursionOnA512KiBThread() throws {
        final class Head {
            let chain: ChainNode<Deep10000, Zero>
            init(chain: ChainNode<Deep10000, Zero>) { self.chain = chain }
        }
        let outcomes = try #require(
            onThread { () -> [String] in
                do {
                    let container = try Container { binder in
                        binder.bind(Head.self).to { resolver in Head(chain: try resolver.resolve()) }
                    }
                    return try (0..<2).map { _ in
                        // Taken apart link by link: releasing the head would release the chain
                        // recursively, one `deinit` inside another, on this small stack.
                        var node: (any ChainWalk)? = try container.resolve(Head.self).chain
                        var length = 0
                        while let current = node {
                            length += 1
                            node = current.successor
                            current.cutSuccessor()
                        }
                        return "chain of \(length) nodes"
                    }
                } catch {
                    return ["\(error)"]
                }
            })
        #expect(outcomes == ["chain of 10000 nodes", "chain of 10000 nodes"])
    }

    /// The closure's factory is still running when the nested graph meets it through a property:
    /// that graph's program waits for the factory to return, then writes the property.
    @Test func aNestedGraphMeetingTheRunningFactoryOfItsClosureWaitsForItToFillAProperty() throws {
        final class Service {
            var client: Client?
        }
        final class Client: Injectable {
            weak var service: Service?
            static let dependencies: [Dependency<Client>] = [.inject(\.service)]
        }
        let container = try Container { binder in
            binder.bind(Service.self).to { resolver in
                let service = Service()
                service.client = try resolver.resolve(Client.self)
                return service
            }
        }
        let service = try container.resolve(Service.self)
        #expect(service.client?.service === service)
    }

    final class Clock: Injectable {
        var later: Provider<SharedPart>!
        static let dependencies: [Dependency<Clock>] = [.inject(\.later)]
    }

    final class Scheduler {
        let clock: Clock
        init(clock: Clock) { self.clock = clock }
    }

    /// A singleton's closure resolves in the creation of an object the container keeps: the nested
    /// program for that is its own, whose handles hold the container weakly, so the singleton never
    /// keeps its container alive.
    @Test func aSingletonsClosureResolvesWithANestedProgramWhoseHandlesHoldTheContainerWeakly() throws {
        weak var released: Container?
        var later: Provider<SharedPart>?
        do {
            let container = try Container { binder in
                binder.bind(Scheduler.self).scoped(.singleton).to { resolver in
                    Scheduler(clock: try resolver.resolve())
                }
            }
            released = container
            let scheduler = try container.resolve(Scheduler.self)
            #expect(try container.hasNestedProgram(of: Clock.self, insideKeptObject: true))
            #expect(try !container.hasNestedProgram(of: Clock.self))
            _ = try scheduler.clock.later.get()
            later = scheduler.clock.later
        }
        #expect(released == nil)
        #expect(throws: ResolutionError.self) { try later?.get() }
    }

    struct GaugeBroke: Error {}

    /// Reads the shared part, which the program around the closure made: its hook waits for the
    /// end of the resolve, and fails there.
    final class BrokenGauge: Injectable {
        var shared: SharedPart!
        static let dependencies: [Dependency<BrokenGauge>] = [.inject(\.shared)]
        func didInjectDependencies() throws { throw GaugeBroke() }
    }

    final class Dial {
        let gauge: BrokenGauge
        init(gauge: BrokenGauge) { self.gauge = gauge }
    }

    final class Console: Injectable {
        static let live = Atomic<Int>(0)
        var shared: SharedPart!
        var dial: Dial!
        static let dependencies: [Dependency<Console>] = [.inject(\.shared), .inject(\.dial)]
        init() { Self.live.add(1, ordering: .relaxed) }
        deinit { Self.live.subtract(1, ordering: .relaxed) }
    }

    /// The gauge's hook is deferred to the end of the console's resolve (the nested graph read the
    /// program's shared part), where the run's joined resolution completes: its failure fails the
    /// resolve, and the console the run made is released.
    @Test func aNestedHookDeferredToTheEndOfTheResolveFailsItAndReleasesWhatTheProgramMade() throws {
        let container = try Container { binder in
            binder.bind(Dial.self).to { resolver in Dial(gauge: try resolver.resolve()) }
        }
        let live = Console.live.load(ordering: .relaxed)
        for _ in 0..<2 {
            let error = #expect(throws: ResolutionError.self) { try container.resolve(Console.self) }
            #expect(error?.underlyingError is GaugeBroke)
        }
        #expect(try container.hasProgram(of: Console.self))
        #expect(try container.hasNestedProgram(of: BrokenGauge.self))
        #expect(Console.live.load(ordering: .relaxed) == live)
    }
}

// MARK: An alias of a factory's product, resolved by a closure

private protocol Printing: AnyObject {}
/// Injectable, so that the protocol can be bound to it, but bound to a typed factory itself.
private final class InkjetPrinter: Injectable, Printing {
    var tray: Tray?
    init() {}
    init(tray: Tray) { self.tray = tray }
}
private final class Tray: Injectable {}
/// Made by a closure that resolves the printer through its protocol, then the tray.
private final class PrintJob {
    let printer: any Printing
    let tray: Tray
    init(printer: any Printing, tray: Tray) {
        self.printer = printer
        self.tray = tray
    }
}

extension NestedProgramTests {
    /// The protocol's alias converts the `.graph` factory's product: a nested program calls the
    /// factory, its argument made in the closure's resolve, and converts the product.
    @Test func aProtocolAClosureResolvesThroughAnAliasOfAGraphFactoryRunsANestedProgram() throws {
        let container = try Container { binder in
            binder.bind(InkjetPrinter.self).to(factory: InkjetPrinter.init(tray:))
            binder.bind((any Printing).self).to(InkjetPrinter.self)
            binder.bind(PrintJob.self).to { resolver in
                PrintJob(printer: try resolver.resolve((any Printing).self), tray: try resolver.resolve(Tray.self))
            }
        }
        for _ in 0..<2 {
            let job = try container.resolve(PrintJob.self)
            #expect((job.printer as? InkjetPrinter)?.tray === job.tray)
        }
        #expect(try container.hasNestedProgram(of: (any Printing).self))
    }
}
