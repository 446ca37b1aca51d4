import Autowire
import Testing

// A protocol bound to a `.graph` implementation that is part of a cycle: the alias passes through
// to the implementation, which is recorded before its properties are filled, so the cycle closes.
private protocol Port: AnyObject {}
private final class PortAdapter: Port, Injectable {
    var user: PortUser!
    static let dependencies: [Dependency<PortAdapter>] = [.inject(\.user)]
}
private final class PortUser: Injectable {
    var port: Port!
    static let dependencies: [Dependency<PortUser>] = [.inject(\.port)]
}

// Two transient classes that need each other, first reached through a shared `.graph` object: the
// walk that meets the shared object first must still see the transient pair as a cycle of its own,
// otherwise a resolve recurses until the stack overflows.
private final class Sheet: Injectable {
    static var scope: Scope { .transient }
    var ledger: Ledger!
    var row: Row!
    static let dependencies: [Dependency<Sheet>] = [.inject(\.ledger), .inject(\.row)]
}
private final class Ledger: Injectable {
    var row: Row!
    static let dependencies: [Dependency<Ledger>] = [.inject(\.row)]
}
private final class Row: Injectable {
    static var scope: Scope { .transient }
    var sheet: Sheet!
    static let dependencies: [Dependency<Row>] = [.inject(\.sheet)]
}

// Two singletons made by factories, each needing the other: no scope can close the cycle.
private final class Radio {
    init(antenna: Antenna) {}
}
private final class Antenna {
    init(radio: Radio) {}
}

@Suite struct CycleCheckTests {
    @Test func aCycleThroughABoundProtocolClosesAtItsGraphImplementation() throws {
        let container = try Container { binder in binder.bind(Port.self).to(PortAdapter.self) }
        let port = try container.resolve(Port.self)
        let adapter = try #require(port as? PortAdapter)
        #expect(adapter.user.port === adapter)
    }

    @Test func aTransientCycleBehindASharedObjectIsReportedNotOverflowed() {
        let error = captureResolutionError { try Container().resolve(Sheet.self) }
        #expect(
            error?.description == """
                error[unclosable-cycle]: Dependency cycle Sheet.row → Row.sheet → Sheet can never close.
                  at: AutowireTests/CycleCheckTests.swift:32
                  path: Sheet.row → Row.sheet → Sheet
                  fix: Give one class in the cycle the `.graph` or `.singleton` scope (factories cannot be reentered), \
                or make one of the properties a `Provider` or `Lazy`.
                """)
    }

    @Test func aCycleOfSingletonFactoriesIsToldToDeferOneSideNotToChangeAScope() {
        let error = captureConfigurationError {
            try Container { binder in
                binder.bind(Radio.self).scoped(.singleton).to(factory: Radio.init)
                binder.bind(Antenna.self).scoped(.singleton).to(factory: Antenna.init)
            }
        }
        #expect(
            error?.description == """
                Container configuration has 1 problem:

                error[unclosable-cycle]: Dependency cycle parameter 1 of Radio's factory → parameter 1 of Antenna's factory → Radio can never close.
                  at: AutowireTests/CycleCheckTests.swift:67
                  path: parameter 1 of Radio's factory → parameter 1 of Antenna's factory → Radio
                  fix: No scope can close this cycle: every object on it is made by a factory, which cannot be reentered. \
                Resolve one side through a `Lazy` or a `Provider`, or turn a constructor parameter into a property \
                listed in `dependencies`, which is filled after the object is created.
                """)
    }
}
