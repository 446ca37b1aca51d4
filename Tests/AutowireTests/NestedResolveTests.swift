import Autowire
import Testing

/// The container the classes below resolve from inside their own `init()`; set by each test.
private let shared = Locked<Container?>(nil)
/// What the nested resolves inside `init()` and `didSet` threw.
private let nestedErrors = Locked<[ResolutionError]>([])

private func recordingErrors(_ body: () throws(ResolutionError) -> Void) {
    do { try body() } catch { nestedErrors.withLock { $0.append(error) } }
}

/// Resolves, from its `init()`, a class that needs an `Editor` again.
private final class Editor: Injectable {
    var toolbar: Toolbar?
    static let dependencies: [Dependency<Editor>] = [.notInjected(\.toolbar)]
    required init() {
        let container = shared.withLock { $0 }
        recordingErrors { () throws(ResolutionError) in toolbar = try container?.resolve(Toolbar.self) }
    }
}
private final class Toolbar: Injectable {
    var editor: Editor!
    static let dependencies: [Dependency<Toolbar>] = [.inject(\.editor)]
}

/// Calls its provider of its own class while it is being injected.
private final class Outline: Injectable {
    var child: Outline?
    var makeOutline: Provider<Outline>! {
        didSet {
            let provider: Provider<Outline> = makeOutline
            recordingErrors { () throws(ResolutionError) in child = try provider.get() }
        }
    }
    static let dependencies: [Dependency<Outline>] = [.inject(\.makeOutline), .notInjected(\.child)]
}

/// A singleton that calls its provider of its own class while it is being injected: its provider
/// holds the container weakly, as a kept object's handles do.
private final class Catalog: Injectable {
    var child: Catalog?
    var makeCatalog: Provider<Catalog>! {
        didSet {
            let provider: Provider<Catalog> = makeCatalog
            recordingErrors { () throws(ResolutionError) in child = try provider.get() }
        }
    }
    static let dependencies: [Dependency<Catalog>] = [.inject(\.makeCatalog), .notInjected(\.child)]
    static var scope: Scope { .singleton }
}

/// Fills, from its `init()`, an object made outside the container that needs a `Dashboard` again.
private final class Dashboard: Injectable {
    let panel = Panel()
    static let dependencies: [Dependency<Dashboard>] = []
    required init() {
        let container = shared.withLock { $0 }
        recordingErrors { () throws(ResolutionError) in try container?.inject(into: panel) }
    }
}
private final class Panel: PropertyInjectable {
    var dashboard: Dashboard?
    static let dependencies: [Dependency<Panel>] = [.inject(\.dashboard)]
}

@Suite(.serialized) struct NestedResolveTests {
    /// Before, each `init()` started a resolve whose `Toolbar` needed a new `Editor`, whose `init()`
    /// started another, until SIGSEGV.
    @Test func anInitResolvingSomethingThatNeedsItsOwnClassIsACycleError() throws {
        let container = Container()
        shared.withLock { $0 = container }
        nestedErrors.withLock { $0 = [] }
        defer { shared.withLock { $0 = nil } }
        let editor = try container.resolve(Editor.self)
        #expect(editor.toolbar == nil)
        let errors = nestedErrors.withLock { $0 }
        #expect(errors.count == 1)
        #expect(
            errors.first?.description == """
                error[unclosable-cycle]: Editor is needed again while an earlier Editor is still in its init() or injection, which resolved from the container, so the cycle can never close.
                  path: Toolbar.editor → Editor
                  fix: Do not resolve from the container inside init() or a didSet: declare the dependency with `.inject(…)` (cycles through `.graph` objects close), or keep a `Provider` and call it after the object is built.
                """)
    }

    /// Before, each `didSet` resolved a new `Outline`, whose injection ran the `didSet` again.
    @Test func aProviderCalledDuringInjectionForItsOwnClassIsACycleError() throws {
        let container = Container()
        nestedErrors.withLock { $0 = [] }
        let outline = try container.resolve(Outline.self)
        #expect(outline.child == nil)
        #expect(nestedErrors.withLock { $0.map(\.code) } == [.unclosableCycle])
    }

    /// The injection's program may build a `Dashboard`, which the resolve around it is building:
    /// it fails where it would build one again.
    @Test func anInitFillingAnObjectThatNeedsItsOwnClassIsACycleError() throws {
        let container = Container()
        shared.withLock { $0 = container }
        nestedErrors.withLock { $0 = [] }
        defer { shared.withLock { $0 = nil } }
        let dashboard = try container.resolve(Dashboard.self)
        #expect(dashboard.panel.dashboard == nil)
        let errors = nestedErrors.withLock { $0 }
        #expect(errors.count == 1)
        #expect(
            errors.first?.description == """
                error[unclosable-cycle]: Dashboard is needed again while an earlier Dashboard is still in its init() or injection, which resolved from the container, so the cycle can never close.
                  path: Panel.dashboard → Dashboard
                  fix: Do not resolve from the container inside init() or a didSet: declare the dependency with `.inject(…)` (cycles through `.graph` objects close), or keep a `Provider` and call it after the object is built.
                """)
        // Once the Dashboard is built, the same fill succeeds.
        let panel = Panel()
        try container.inject(into: panel)
        #expect(panel.dashboard != nil)
    }

    /// A kept object's handle resolves by the program lowered for kept objects: started while the
    /// singleton is still being made, its variant fails where it would make the singleton again.
    @Test func aSingletonsProviderCalledDuringItsInjectionForItsOwnClassIsACycleError() throws {
        let container = Container()
        nestedErrors.withLock { $0 = [] }
        let catalog = try container.resolve(Catalog.self)
        #expect(catalog.child == nil)
        let errors = nestedErrors.withLock { $0 }
        #expect(errors.count == 1)
        #expect(
            errors.first?.description == """
                error[unclosable-cycle]: Catalog is needed again while its factory is still running, so the cycle can never close.
                  path: Catalog
                  fix: Break the cycle: resolve one side through a `Provider` or `Lazy`, or turn a factory into an Injectable class in the `.graph` scope, which is filled after it is created.
                """)
        #expect(try container.resolve(Catalog.self) === catalog)
    }

    @Test func anInitResolvingSomethingUnrelatedStillWorks() throws {
        let container = Container()
        shared.withLock { $0 = container }
        defer { shared.withLock { $0 = nil } }
        let toolbar = try container.resolve(Toolbar.self)
        // The outer resolve built the Toolbar's Editor; its init() resolved a Toolbar whose Editor
        // would be a second Editor under construction: refused, so its toolbar stays nil.
        #expect(toolbar.editor.toolbar == nil)
    }
}
