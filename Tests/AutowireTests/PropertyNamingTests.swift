import Autowire
import Testing

// Key paths to these properties print `<computed 0x… (T)>`, never the name; messages must still
// name the property the user wrote.

private protocol Meter: AnyObject {}
private protocol Dial: AnyObject {}
private protocol Valve: AnyObject {}
private protocol Sensor: AnyObject {}

@propertyWrapper
private struct Audited<Value> {
    var wrappedValue: Value
}

/// Overridable, so its key paths print as computed.
private class Pump: Injectable {
    var meter: Meter!
    required init() {}
    static let meterLine = #line + 1
    class var dependencies: [Dependency<Pump>] { [.inject(\.meter)] }
}

/// A property inherited from an overridable superclass.
private final class FuelPump: Pump {}

private final class Gauges: Injectable {
    var observed: Meter! { didSet {} }
    @Audited var wrapped: Dial? = nil
    weak var weakValve: Valve?
    var `raw sensor`: Sensor!
    static let line = #line + 1
    static let dependencies: [Dependency<Gauges>] = [
        .inject(\.observed), .inject(\.wrapped), .inject(\.weakValve), .inject(\.`raw sensor`),
    ]
    init() {}
}

private final class LazyDial: Injectable {
    lazy var meter: Meter = { fatalError("never read") }()
    static let line = #line + 1
    static let dependencies: [Dependency<LazyDial>] = [.inject(\.meter)]
    init() {}
}

/// Two stored properties of one type: which one a computed key path writes cannot be told.
private class TwinMeters: Injectable {
    var first: Meter!
    var second: Meter!
    required init() {}
    static let line = #line + 1
    class var dependencies: [Dependency<TwinMeters>] { [.inject(\.first)] }
}

private let file = "AutowireTests/PropertyNamingTests.swift"

@Suite struct PropertyNamingTests {
    private func paths(resolving body: () throws -> Any) -> [String] {
        captureResolutionError(body)?.diagnostics.map { $0.path.joined(separator: " → ") } ?? []
    }

    @Test func propertyOfANonFinalClassIsNamed() {
        #expect(paths { try Container().resolve(Pump.self) } == ["Pump.meter → Meter"])
    }

    @Test func inheritedPropertyIsNamed() {
        #expect(paths { try Container().resolve(FuelPump.self) } == ["FuelPump.meter → Meter"])
    }

    @Test func observedWrappedWeakAndRawIdentifierPropertiesAreNamed() {
        #expect(
            paths { try Container().resolve(Gauges.self) } == [
                "Gauges.observed → Meter", "Gauges.wrapped → Dial", "Gauges.weakValve → Valve",
                "Gauges.`raw sensor` → Sensor",
            ])
    }

    @Test func lazyPropertyIsNamed() {
        #expect(paths { try Container().resolve(LazyDial.self) } == ["LazyDial.meter → Meter"])
    }

    @Test func propertyAmongSeveralOfItsTypeShowsTheTypeNotAGuess() {
        #expect(paths { try Container().resolve(TwinMeters.self) } == ["TwinMeters.(Meter) → Meter"])
    }

    @Test func fullMessageNamesTheProperty() {
        let error = captureResolutionError { try Container().resolve(Pump.self) }
        #expect(
            error?.description == """
                error[missing-binding]: Meter cannot be provided: it has no binding and is not an Injectable class.
                  at: \(file):\(Pump.meterLine)
                  path: Pump.meter → Meter
                  fix: Bind it in the container with `binder.bind(Meter.self).to(…)`, \
                or declare it `.optional(\\.meter)` if it may be absent.
                """)
    }
}
