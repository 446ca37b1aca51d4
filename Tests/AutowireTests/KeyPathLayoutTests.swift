import Testing

@testable import Autowire

private final class Meter {}

private class Gauge {
    var reading = 0
}

private final class Dial: Gauge {
    var needle: Meter?
}

private struct Scale {
    var mark = 0
}

@propertyWrapper private struct Clamped {
    var wrappedValue: Int
}

private final class Panel {
    var count = 0
    var meter: Meter?
    var scale = Scale()
    weak var weakMeter: Meter?
    unowned var unownedMeter: Meter
    lazy var lazyCount = 1
    var observed = 0 { didSet {} }
    var computed: Int {
        get { count }
        set { count = newValue }
    }
    @Clamped var clamped = 0

    init(meter: Meter) { unownedMeter = meter }
}

private final class LedgerClock: Injectable {
    static let dependencies: [Dependency<LedgerClock>] = []
}

private final class LedgerAudit: Injectable {
    static let dependencies: [Dependency<LedgerAudit>] = []
}

/// A type no other test resolves: its declarations' key paths are fresh in the process.
private final class Ledger: Injectable {
    var clock: LedgerClock!
    var audit: LedgerAudit?
    static let dependencies: [Dependency<Ledger>] = [.inject(\.clock), .optional(\.audit)]
}

@Suite struct KeyPathLayoutTests {
    @Test func thisRuntimesKeyPathsAreRead() {
        #expect(KeyPathLayout.isUnderstood)
    }

    @Test func aStoredPropertyOfAFinalClassIsReadWithItsOffset() throws {
        for (keyPath, name) in [
            (\Panel.count as AnyKeyPath, "count"), (\Panel.meter, "meter"), (\Panel.scale, "scale"),
        ] {
            let offset = try #require(fieldOffset(name, in: Panel.self))
            #expect(KeyPathLayout.component(of: keyPath) == .storedClassProperty(offset: offset))
        }
        let needle = try #require(fieldOffset("needle", in: Dial.self))
        #expect(KeyPathLayout.component(of: \Dial.needle) == .storedClassProperty(offset: needle))
    }

    @Test func propertiesThatAreNotPlainStoredOnesAreNot() {
        let others: [AnyKeyPath] = [
            \Panel.weakMeter, \Panel.unownedMeter, \Panel.lazyCount, \Panel.observed, \Panel.computed,
            \Panel.clamped, \Panel.scale.mark, \Panel.meter?.self, \Gauge.reading, \Dial.reading, \Scale.mark,
        ]
        for keyPath in others {
            #expect(KeyPathLayout.component(of: keyPath) == .other, "\(keyPath)")
        }
    }

    @Test func aFirstResolvePrintsNoKeyPathAndStillStoresAtTheOffset() throws {
        let container = Container()
        let ledger = try container.resolve(Ledger.self)
        _ = try container.resolve(Ledger.self)
        #expect(ledger.clock != nil && ledger.audit != nil)
        #expect(Ledger.dependencies.allSatisfy { !$0.requirement.printedKeyPath.isPrinted })
        let clock = try container.registry.rootProducer(for: BindingKey(LedgerClock.self, tag: nil))
        let learned = Ledger.dependencies[0].makeStep(clock)?.store.learned.current
        #expect(learned == fieldOffset("clock", in: Ledger.self))
    }
}
