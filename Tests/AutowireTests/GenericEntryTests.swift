import Autowire
import Testing

// `Container.resolve` and `PropertyInjector.inject` are inlined into the caller. Called from
// generic code, where `T` is not known, they must give the same results as a call that names it:
// a class reference as it is, a value unboxed, a protocol value converted.

private protocol Greeter: AnyObject {
    var greeting: String { get }
}
private final class EnglishGreeter: Greeter {
    let greeting = "hello"
}
private struct Settings: Equatable {
    var retries: Int
}
private final class Counter: Injectable {
    static var scope: Scope { .singleton }
}
private final class Panel: PropertyInjectable {
    var counter: Counter!
    static let dependencies: [Dependency<Panel>] = [.inject(\.counter)]
}
private final class WidePanel: PropertyInjectable {
    var counter: Counter!
    var settings: Settings!
    static let dependencies: [Dependency<WidePanel>] = [.inject(\.counter), .inject(\.settings)]
}

/// Resolves `T` where the compiler does not know it.
@inline(never)
private func resolveGenerically<T>(_ type: T.Type, from container: Container) throws -> T {
    try container.resolve(type)
}

@inline(never)
private func injectGenerically<T: PropertyInjectable>(_ object: T, with injector: PropertyInjector<T>) throws {
    try injector.inject(into: object)
}

@Suite struct GenericEntryTests {
    private func container() throws -> Container {
        try Container { binder in
            binder.bind(Greeter.self).to { _ in EnglishGreeter() }
            binder.bind(Settings.self).to(value: Settings(retries: 3))
        }
    }

    @Test func aSingletonResolvedInGenericCodeIsTheSameInstanceOnEveryPath() throws {
        let container = try container()
        let first = try resolveGenerically(Counter.self, from: container)
        // Later resolves read the created singleton, by the inlined path and by the generic one.
        #expect(try container.resolve(Counter.self) === first)
        #expect(try resolveGenerically(Counter.self, from: container) === first)
    }

    @Test func aBoundStructResolvedInGenericCodeIsItsValue() throws {
        let container = try container()
        for _ in 0..<3 {
            #expect(try resolveGenerically(Settings.self, from: container) == Settings(retries: 3))
            #expect(try container.resolve(Settings.self) == Settings(retries: 3))
        }
    }

    @Test func aProtocolResolvedInGenericCodeIsTheBoundImplementation() throws {
        let container = try container()
        for _ in 0..<3 {
            #expect(try resolveGenerically(Greeter.self, from: container).greeting == "hello")
            #expect(try container.resolve(Greeter.self) is EnglishGreeter)
        }
    }

    @Test func anInjectorCalledFromGenericCodeFillsTheObject() throws {
        let container = try container()
        let injector = try container.propertyInjector(for: WidePanel.self)
        for _ in 0..<3 {
            let panel = WidePanel()
            try injectGenerically(panel, with: injector)
            #expect(panel.counter === (try container.resolve(Counter.self)))
            #expect(panel.settings == Settings(retries: 3))
        }
        let small = Panel()
        try injectGenerically(small, with: try container.propertyInjector(for: Panel.self))
        #expect(small.counter === (try container.resolve(Counter.self)))
    }
}
