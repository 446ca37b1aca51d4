import Autowire
import Testing

/// What a closure factory returns decides how the container records it: a class's object as it
/// is (without copies through generic value witnesses), any other value boxed. Each kind keeps
/// `.graph` sharing inside closures, whether the `Resolver` is called where the type is known or
/// from generic code, and mixed with the other kinds in one resolve.
@Suite struct ClosureFactoryResultKindsTests {
    protocol Motor: AnyObject {}
    final class Engine: Motor, Sendable {}

    /// A value type: boxed when recorded.
    struct Gauge {
        let engine: Engine
    }

    final class Panel {
        let gauge: Gauge
        let again: Gauge
        let motor: any Motor
        let engine: Engine
        init(gauge: Gauge, again: Gauge, motor: any Motor, engine: Engine) {
            self.gauge = gauge
            self.again = again
            self.motor = motor
            self.engine = engine
        }
    }

    final class Counter: @unchecked Sendable {
        var gauges = 0
        var motors = 0
    }

    /// Resolves as generic code does, where `T` is not known: the class test runs at run time.
    @inline(never)
    private static func resolveGenerically<T>(_ resolver: Resolver, _ type: T.Type) throws -> T {
        try resolver.resolve(type)
    }

    private func panelContainer(counting counter: Counter) throws -> Container {
        try Container { binder in
            binder.bind(Engine.self).to { _ in Engine() }
            binder.bind(Gauge.self).to { resolver in
                counter.gauges += 1
                return Gauge(engine: try resolver.resolve())
            }
            binder.bind((any Motor).self).to { resolver in
                counter.motors += 1
                return try resolver.resolve(Engine.self)
            }
            binder.bind(Panel.self).to { resolver in
                Panel(
                    gauge: try resolver.resolve(), again: try Self.resolveGenerically(resolver, Gauge.self),
                    motor: try resolver.resolve(), engine: try Self.resolveGenerically(resolver, Engine.self))
            }
        }
    }

    @Test func classesValuesAndProtocolsClosuresMakeAreOneInstanceEachPerResolve() throws {
        let counter = Counter()
        let container = try panelContainer(counting: counter)
        let panel = try container.resolve(Panel.self)
        #expect(panel.gauge.engine === panel.engine)
        #expect(panel.again.engine === panel.engine)
        #expect(panel.motor === panel.engine)
        #expect(counter.gauges == 1)
        #expect(counter.motors == 1)
        let next = try container.resolve(Panel.self)
        #expect(next.engine !== panel.engine)
        #expect(next.gauge.engine === next.engine)
        #expect(counter.gauges == 2)
    }

    @Test func aClassResolvedFromGenericCodeIsTheInstanceResolvedWhereItsTypeIsKnown() throws {
        let container = try Container { binder in
            binder.bind(Engine.self).to { _ in Engine() }
            binder.bind(Panel.self).to { resolver in
                let engine: Engine = try resolver.resolve()
                let generic = try Self.resolveGenerically(resolver, Engine.self)
                return Panel(gauge: Gauge(engine: engine), again: Gauge(engine: generic), motor: engine, engine: engine)
            }
        }
        let panel = try container.resolve(Panel.self)
        #expect(panel.again.engine === panel.engine)
    }

    @Test func aClassClosureThatThrowsBelowAValueClosureFailsWithThePathOfBoth() throws {
        struct Broke: Error {}
        let container = try Container { binder in
            binder.bind(Engine.self).to { _ in throw Broke() }
            binder.bind(Gauge.self).to { resolver in Gauge(engine: try resolver.resolve()) }
        }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(Gauge.self) }
        #expect(error?.code == .factoryFailed)
        #expect(error?.path == ["ClosureFactoryResultKindsTests.Gauge", "ClosureFactoryResultKindsTests.Engine"])
        #expect(error?.underlyingError is Broke)
    }

    @Test func aResolverKeptByAValueClosureResolvesAClassInANewResolveOnAnotherThread() async throws {
        final class Box: @unchecked Sendable { var resolver: Resolver? }
        let box = Box()
        let container = try Container { binder in
            binder.bind(Engine.self).to { _ in Engine() }
            binder.bind(Gauge.self).to { resolver in
                box.resolver = resolver
                return Gauge(engine: try resolver.resolve())
            }
        }
        let gauge = try container.resolve(Gauge.self)
        let resolver = try #require(box.resolver)
        let later = try await Task.detached { try resolver.resolve(Engine.self) }.value
        #expect(later !== gauge.engine)
    }
}
