import Synchronization
import Testing

@testable import Autowire

private enum ExportFailure: Error { case noDisk }

private protocol Exporter: AnyObject {}
private final class CSVExporter: Exporter {}

/// A class that holds every wrapper: what a unit test builds by hand.
private final class ReportScreen {
    var makeExporter: Provider<Exporter>!
    var settings: Lazy<Settings>!
    var makeRow: AssistedFactory<Int, Row>!
}
private final class Settings {
    static let loaded = Atomic<Int>(0)
    init() { Self.loaded.add(1, ordering: .relaxed) }
}
private final class Row {
    let index: Int
    init(index: Int) { self.index = index }
}

private final class Screen: PropertyInjectable {
    var clock: Clock!
    static let dependencies: [Dependency<Screen>] = [.inject(\.clock)]
}
private final class Clock: Injectable {}

/// A singleton that fills screens the framework makes.
private final class Navigator: Injectable {
    static var scope: Scope { .singleton }
    var injector: PropertyInjector<Screen>!
    static let dependencies: [Dependency<Navigator>] = [.inject(\.injector)]
}

private final class Request {
    let path: String
    init(path: String) { self.path = path }
}
private final class RequestHandler: Injectable {
    var request: Request!
    static let dependencies: [Dependency<RequestHandler>] = [.inject(\.request)]
}
private final class Router: Injectable {
    static var scope: Scope { .singleton }
    var requestContainers: ChildContainerFactory!
    static let dependencies: [Dependency<Router>] = [.inject(\.requestContainers)]
}

struct WrapperTests {
    @Test func aHandMadeProviderCallsItsClosureOnEveryGet() throws {
        let screen = ReportScreen()
        screen.makeExporter = Provider { CSVExporter() }
        #expect(try screen.makeExporter.get() !== screen.makeExporter.get())
    }

    @Test func aHandMadeLazyCallsItsClosureOnce() throws {
        let screen = ReportScreen()
        let before = Settings.loaded.load(ordering: .relaxed)
        screen.settings = Lazy { Settings() }
        #expect(Settings.loaded.load(ordering: .relaxed) == before)
        #expect(try screen.settings.get() === screen.settings.get())
        #expect(Settings.loaded.load(ordering: .relaxed) == before + 1)
    }

    @Test func aHandMadeAssistedFactoryGetsEachSeed() throws {
        let screen = ReportScreen()
        screen.makeRow = AssistedFactory { index in Row(index: index) }
        #expect(try screen.makeRow.make(7).index == 7)
    }

    @Test func anErrorFromAHandMadeClosureIsAFactoryFailureWhereItWasMade() {
        let provider = Provider<Exporter> { throw ExportFailure.noDisk }  // @provider
        let error = captureResolutionError { try provider.get() }
        #expect(
            error?.description == """
                error[factory-failed]: The factory for Exporter threw: noDisk.
                  at: \(marked("provider"))
                  path: Exporter
                  fix: Fix the cause reported by the factory, or catch it inside the factory.
                """)
        #expect(error?.underlyingError is ExportFailure)
    }

    @Test func aResolutionErrorFromAHandMadeClosurePassesThroughUnchanged() throws {
        let container = Container()
        let lazy = Lazy<Exporter> { try container.resolve(Exporter.self) }
        #expect(captureResolutionError { try lazy.get() }?.code == .missingBinding)
    }

    @Test func anInjectedPropertyInjectorFillsObjectsMadeElsewhere() throws {
        let container = Container()
        let navigator = try container.resolve(Navigator.self)
        let screen = Screen()
        try navigator.injector.inject(into: screen)
        #expect(screen.clock != nil)
    }

    @Test func anInjectedPropertyInjectorDoesNotKeepItsContainerAlive() throws {
        var container: Container? = Container()
        weak let released = container
        let navigator = try container!.resolve(Navigator.self)
        container = nil
        #expect(released == nil)
        let error = captureResolutionError { try navigator.injector.inject(into: Screen()) }
        #expect(error?.code == .containerReleased)
        #expect(
            error?.diagnostics.first?.message
                == "PropertyInjector<Screen>.inject(into:) was called after the container that made it was released.")
    }

    @Test func anInjectedChildContainerFactoryMakesChildrenOfItsContainer() throws {
        let container = Container()
        let router = try container.resolve(Router.self)
        let child = try router.requestContainers.makeChild { binder in
            binder.bind(Request.self).to(value: Request(path: "/orders"))
        }
        #expect(try child.resolve(RequestHandler.self).request.path == "/orders")
    }

    @Test func anInjectedChildContainerFactoryDoesNotKeepItsContainerAlive() throws {
        var container: Container? = Container()
        weak let released = container
        let router = try container!.resolve(Router.self)
        container = nil
        #expect(released == nil)
        #expect(throws: ResolutionError.self) { try router.requestContainers.makeChild { _ in } }
    }
}
