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
    static let dependencies: [Dependency<Row>] = [.inject(\.sheet)]  // @sheet
}

// Two singletons made by factories, each needing the other: no scope can close the cycle.
private final class Radio {
    init(antenna: Antenna) {}
}
private final class Antenna {
    init(radio: Radio) {}
}

// The cycle check walks each root's graph twice. The first walk judges every cycle it meets from
// where it entered it; the second looks, among producers that never record early, for cycles the
// first walk only met behind a recorded object. Each pass has tests below that fail without it.

// First pass: a `.graph` typed factory whose parameter needs it back through a `.graph` class. The
// class records early, but going round from the factory (where every resolve enters: the factory is
// bound, so it is a root) meets the factory still running first.
private final class Turbine {
    let rotor: Rotor
    init(rotor: Rotor) { self.rotor = rotor }
}
private final class Rotor: Injectable {
    var turbine: Turbine!
    static let dependencies: [Dependency<Rotor>] = [.inject(\.turbine)]  // @turbine
}

// First pass: entered at a running factory through a factory's parameter, a cycle does not close,
// though `Feeder` on it records early. Entered at `Feeder` or `Belt` (met again through the property
// `Feeder.belt`, which waits for it) it closes: cycles are judged per entry, so the build accepts it
// and a resolve of `Press` finds it.
private final class Press {
    init(feeder: Feeder) {}
}
private final class Feeder: Injectable {
    var belt: Belt!
    static let dependencies: [Dependency<Feeder>] = [.inject(\.belt)]
}
private final class Belt {
    init(press: Press) {}
}

// Second pass, with factories only: `Pump` and `Valve` are transient factories that need each other,
// and `Pump` first needs a `.graph` `Manifold` that needs `Valve`. The first walk goes round
// `Pump → Manifold → Valve → Pump`, which `Manifold` closes, and meets `Valve` again from `Pump` as
// an object it finished; only the second walk sees `Pump ⇄ Valve`, which nothing can close.
private final class Pump {
    init(manifold: Manifold, valve: Valve) {}
}
private final class Valve {
    init(pump: Pump) {}
}
private final class Manifold: Injectable {
    var valve: Valve!
    static let dependencies: [Dependency<Manifold>] = [.inject(\.valve)]
}

// A protocol bound with a scope of its own to a transient class in a cycle: the binding makes its
// own objects of `TransientSocket`, whose property a path must name by the class, not the protocol.
private protocol Socket: AnyObject {}
private final class TransientSocket: Socket, Injectable {
    var user: SocketUser!
    static let dependencies: [Dependency<TransientSocket>] = [.inject(\.user)]
}
private final class SocketUser: Injectable {
    static var scope: Scope { .transient }
    var socket: Socket!
    static let dependencies: [Dependency<SocketUser>] = [.inject(\.socket)]  // @socket
}

// A transient class whose collection holds a transient class that needs it back: an unclosable
// cycle through a collection element.
private protocol Hook: AnyObject {}
private final class Hub: Injectable {
    static var scope: Scope { .transient }
    var hooks: [Hook]!
    static let dependencies: [Dependency<Hub>] = [.inject(\.hooks)]
}
private final class HubHook: Hook, Injectable {
    static var scope: Scope { .transient }
    var hub: Hub!
    static let dependencies: [Dependency<HubHook>] = [.inject(\.hub)]
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
                  at: \(marked("sheet"))
                  path: Sheet.row → Row.sheet → Sheet
                  fix: Give one class in the cycle the `.graph` or `.singleton` scope (factories cannot be reentered), \
                or make one of the properties a `Provider` or `Lazy`.
                """)
    }

    // MARK: The first pass: judging each cycle from where it is entered

    @Test func aCycleEnteredAtARunningFactoryThroughAParameterFailsThatResolveThoughAClassOnItRecordsEarly() throws {
        // The build refused the container before: entered at `Belt` or `Feeder`, the cycle closes.
        let container = try Container { binder in
            binder.bind(Press.self).to(factory: Press.init)
            binder.bind(Belt.self).to(factory: Belt.init)  // @belt
        }
        _ = try container.resolve(Belt.self)
        _ = try container.resolve(Feeder.self)
        let error = captureResolutionError { try container.resolve(Press.self) }
        #expect(
            error?.description == """
                error[unclosable-cycle]: Dependency cycle parameter 1 of Press's factory → Feeder.belt → parameter 1 of Belt's factory → Press can never close.
                  at: \(marked("belt"))
                  path: parameter 1 of Press's factory → Feeder.belt → parameter 1 of Belt's factory → Press
                  fix: This cycle closes only when a resolve enters it at Feeder or Belt, and this one enters it at \
                Press: resolve Feeder or Belt (or a type that reaches the cycle through them) rather than Press, or \
                resolve one side through a `Lazy` or a `Provider`.
                """)
    }

    @Test func aCycleEnteredAtARunningFactoryClosesThroughThePropertyThatMeetsIt() throws {
        // Refused before: the property now waits for the factory to return.
        let container = try Container { $0.bind(Turbine.self).to(factory: Turbine.init) }
        let turbine = try container.resolve(Turbine.self)
        #expect(turbine.rotor.turbine === turbine)
        turbine.rotor.turbine = nil  // no leak
    }

    @Test func aTransientFactoryOnACycleClosedByAGraphClassResolves() throws {
        let container = try Container { $0.bind(Turbine.self).scoped(.transient).to(factory: Turbine.init) }
        // The factory runs, its `Rotor` is recorded, and the rotor's own `Turbine` is a second one made
        // with the rotor already there.
        let turbine = try container.resolve(Turbine.self)
        #expect(turbine.rotor.turbine.rotor === turbine.rotor)
        #expect(turbine.rotor.turbine !== turbine)
    }

    @Test func aCyclePathNamesAPropertyByItsClassWhenABindingHasAScopeOfItsOwn() {
        let error = captureConfigurationError {
            try Container { $0.bind(Socket.self).scoped(.transient).to(TransientSocket.self) }
        }
        #expect(
            error?.description == """
                Container configuration has 1 problem:

                error[unclosable-cycle]: Dependency cycle TransientSocket.user → SocketUser.socket → Socket can never close.
                  at: \(marked("socket"))
                  path: TransientSocket.user → SocketUser.socket → Socket
                  fix: Give one class in the cycle the `.graph` or `.singleton` scope (factories cannot be reentered), \
                or make one of the properties a `Provider` or `Lazy`.
                """)
    }

    @Test func aCyclePathNamesACollectionElementAsBuildingErrorsDo() {
        let error = captureConfigurationError { try Container { $0.bind(Hook.self).intoCollection().to(HubHook.self) } }
        #expect(
            error?.diagnostics.first?.message
                == "Dependency cycle [Hook][0] → Hook → HubHook.hub → Hub.hooks → [Hook] can never close.")
        #expect(error?.diagnostics.first?.path == ["[Hook][0]", "Hook", "HubHook.hub", "Hub.hooks", "[Hook]"])
    }

    // MARK: The second pass: cycles met behind a recorded object

    @Test func aTransientCycleBehindASharedObjectFailsTheBuild() {
        let error = captureConfigurationError { try Container { $0.bind(Sheet.self).to(Sheet.self) } }
        #expect(
            error?.description == """
                Container configuration has 1 problem:

                error[unclosable-cycle]: Dependency cycle Sheet.row → Row.sheet → Sheet can never close.
                  at: \(marked("sheet"))
                  path: Sheet.row → Row.sheet → Sheet
                  fix: Give one class in the cycle the `.graph` or `.singleton` scope (factories cannot be reentered), \
                or make one of the properties a `Provider` or `Lazy`.
                """)
    }

    @Test func aCycleOfTransientFactoriesBehindASharedObjectIsToldNoScopeCanCloseIt() {
        let error = captureConfigurationError {
            try Container { binder in
                binder.bind(Pump.self).scoped(.transient).to(factory: Pump.init)
                binder.bind(Valve.self).scoped(.transient).to(factory: Valve.init)
            }
        }
        #expect(error?.diagnostics.count == 1)
        #expect(
            error?.diagnostics.first?.message
                == "Dependency cycle parameter 2 of Pump's factory → parameter 1 of Valve's factory → Pump can never close."
        )
        #expect(
            error?.diagnostics.first?.path == [
                "parameter 2 of Pump's factory", "parameter 1 of Valve's factory", "Pump",
            ])
        #expect(error?.diagnostics.first?.fix.hasPrefix("No scope can close this cycle") == true)
    }

    @Test func aCycleOfSingletonFactoriesIsToldToDeferOneSideNotToChangeAScope() {
        let error = captureConfigurationError {
            try Container { binder in
                binder.bind(Radio.self).scoped(.singleton).to(factory: Radio.init)
                binder.bind(Antenna.self).scoped(.singleton).to(factory: Antenna.init)  // @antenna
            }
        }
        #expect(
            error?.description == """
                Container configuration has 1 problem:

                error[unclosable-cycle]: Dependency cycle parameter 1 of Radio's factory → parameter 1 of Antenna's factory → Radio can never close.
                  at: \(marked("antenna"))
                  path: parameter 1 of Radio's factory → parameter 1 of Antenna's factory → Radio
                  fix: No scope can close this cycle: every object on it is made by a factory, which cannot be reentered. \
                Resolve one side through a `Lazy` or a `Provider`, or turn a constructor parameter into a property \
                listed in `dependencies`, which is filled after the object is created.
                """)
    }
}
