import Testing

@testable import Autowire

// A resolve started from an `init()` inside another, whose graph meets the object that `init()`
// belongs to inside a region (the making of an object a scope keeps): its program's variant fails
// there as a cycle, as it fails outside any region, and as the recursive path failed (before, the
// variant refused a region, and the recursive path took the resolve).

/// The container `Writer.init()` resolves from, and what it resolves there; set by each test.
private let nestedResolve = Locked<(container: Container, type: any Injectable.Type)?>(nil)
/// What the resolves inside `init()` threw.
private let nestedErrors = Locked<[ResolutionError]>([])

/// Resolves, from its `init()`, what the test names: something that needs a `Writer` again.
private final class Writer: Injectable {
    var kept: AnyObject?
    static let dependencies: [Dependency<Writer>] = [.notInjected(\.kept)]
    required init() {
        guard let (container, type) = nestedResolve.withLock({ $0 }) else { return }
        func resolve<Panel: Injectable>(_: Panel.Type) throws(ResolutionError) -> AnyObject {
            try container.resolve(Panel.self)
        }
        do {
            kept = try resolve(type)
        } catch {
            nestedErrors.withLock { $0.append(error) }
        }
    }
}

private final class SingletonPanel: Injectable {
    var writer: Writer!
    static var scope: Scope { .singleton }
    static let dependencies: [Dependency<SingletonPanel>] = [.inject(\.writer)]
}
private enum Drawer: CustomScope {}
private final class DrawerPanel: Injectable {
    var writer: Writer!
    static var scope: Scope { .custom(Drawer.self) }
    static let dependencies: [Dependency<DrawerPanel>] = [.inject(\.writer)]
}
private final class WeakPanel: Injectable {
    var writer: Writer!
    static var scope: Scope { .weak }
    static let dependencies: [Dependency<WeakPanel>] = [.inject(\.writer)]
}

/// The cycle's error, through `path`.
private func cycle(_ path: String) -> String {
    """
    error[unclosable-cycle]: Writer is needed again while an earlier Writer is still in its init() or injection, which resolved from the container, so the cycle can never close.
      path: \(path)
      fix: Do not resolve from the container inside init() or a didSet: declare the dependency with `.inject(…)` (cycles through `.graph` objects close), or keep a `Provider` and call it after the object is built.
    """
}

/// Resolves a `Writer` whose `init()` resolves `Panel`, and returns what that resolve threw.
private func nestedFailure<Panel: Injectable>(resolving panel: Panel.Type, in container: Container) throws -> [String] {
    nestedResolve.withLock { $0 = (container, Panel.self) }
    nestedErrors.withLock { $0 = [] }
    defer { nestedResolve.withLock { $0 = nil } }
    let writer = try container.resolve(Writer.self)
    #expect(writer.kept == nil)
    return nestedErrors.withLock { $0.map(\.description) }
}

/// Whether `Panel`'s program has a variant for a resolve started inside a `Writer`'s making.
private func hasVariantBuildingWriterOutside<Panel>(_: Panel.Type, in container: Container) throws -> Bool {
    let registry = container.registry
    let panel = try registry.rootProducer(for: BindingKey(Panel.self, tag: nil))
    let writer = try registry.rootProducer(for: BindingKey(Writer.self, tag: nil))
    guard let program = registry.program(for: panel) else { return false }
    return registry.variant(of: program, for: panel, ProgramVariant(builtOutside: [ObjectIdentifier(writer)])) != nil
}

@Suite(.serialized) struct BuiltOutsideInARegionTests {
    @Test func aSingletonsRegion() throws {
        let container = Container()
        #expect(
            try nestedFailure(resolving: SingletonPanel.self, in: container) == [
                cycle("SingletonPanel.writer → Writer")
            ])
        #expect(try hasVariantBuildingWriterOutside(SingletonPanel.self, in: container))
    }

    @Test func aCustomScopesRegion() throws {
        let container = Container()
        #expect(try nestedFailure(resolving: DrawerPanel.self, in: container) == [cycle("DrawerPanel.writer → Writer")])
        #expect(try hasVariantBuildingWriterOutside(DrawerPanel.self, in: container))
    }

    @Test func aWeakObjectsRegion() throws {
        let container = Container()
        #expect(try nestedFailure(resolving: WeakPanel.self, in: container) == [cycle("WeakPanel.writer → Writer")])
        #expect(try hasVariantBuildingWriterOutside(WeakPanel.self, in: container))
    }

    /// The failure abandons the region: the singleton is made by the next resolve that needs it.
    @Test func theSingletonIsMadeLaterOnceNothingBuildsItsWriter() throws {
        let container = Container()
        _ = try nestedFailure(resolving: SingletonPanel.self, in: container)
        let panel = try container.resolve(SingletonPanel.self)
        #expect(try container.resolve(SingletonPanel.self) === panel)
        #expect(panel.writer.kept == nil)
    }
}
