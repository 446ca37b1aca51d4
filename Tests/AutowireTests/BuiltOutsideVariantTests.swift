import Testing

@testable import Autowire

// A resolve started from an `init()` inside another, whose graph meets what that `init()` is
// making: its program's variant fails there as a cycle, naming its path. Inside a region (the
// making of an object a scope keeps), and for an object a scope keeps or seen as a protocol, too.

private enum Drawer: CustomScope {}

/// The container a writer's `init()` resolves from, what it resolves there, and the writer's own
/// type; set by each test.
private let nestedResolve = Locked<(container: Container, type: any Injectable.Type, outer: Any.Type)?>(nil)
/// What the resolves inside `init()` threw.
private let nestedErrors = Locked<[ResolutionError]>([])
/// For each failed resolve inside `init()`: whether, right then, the program of what it resolved
/// had a variant for a resolve started inside the writer's making.
private let variantsSeen = Locked<[Bool]>([])

/// What a writer's `init()` resolved, if it did.
private protocol Keeping: AnyObject {
    var kept: AnyObject? { get }
}

/// The resolve the test names, from inside an `init()`.
private func resolveNested() -> AnyObject? {
    guard let (container, type, outer) = nestedResolve.withLock({ $0 }) else { return nil }
    func resolve<Panel: Injectable>(_: Panel.Type) throws(ResolutionError) -> AnyObject {
        try container.resolve(Panel.self)
    }
    do {
        return try resolve(type)
    } catch {
        nestedErrors.withLock { $0.append(error) }
        let seen = hasVariant(
            of: BindingKey(type: type, tag: nil), buildingOutside: BindingKey(type: outer, tag: nil), in: container)
        variantsSeen.withLock { $0.append(seen) }
        return nil
    }
}

/// Resolves, from its `init()`, what the test names: something that needs a `Writer` again.
private final class Writer: Injectable, Keeping {
    var kept: AnyObject?
    static let dependencies: [Dependency<Writer>] = [.notInjected(\.kept)]
    required init() { kept = resolveNested() }
}

/// The same, kept by a scope of its own.
private final class SingletonWriter: Injectable, Keeping {
    var kept: AnyObject?
    static var scope: Scope { .singleton }
    static let dependencies: [Dependency<SingletonWriter>] = [.notInjected(\.kept)]
    required init() { kept = resolveNested() }
}
private final class DrawerWriter: Injectable, Keeping {
    var kept: AnyObject?
    static var scope: Scope { .custom(Drawer.self) }
    static let dependencies: [Dependency<DrawerWriter>] = [.notInjected(\.kept)]
    required init() { kept = resolveNested() }
}
private final class WeakWriter: Injectable, Keeping {
    var kept: AnyObject?
    static var scope: Scope { .weak }
    static let dependencies: [Dependency<WeakWriter>] = [.notInjected(\.kept)]
    required init() { kept = resolveNested() }
}
/// Made by a typed factory, `.weak`.
private final class MadeWriter: Keeping {
    var kept: AnyObject?
    init() { kept = resolveNested() }
}
private final class MadeWriterPanel: Injectable {
    var writer: MadeWriter!
    static let dependencies: [Dependency<MadeWriterPanel>] = [.inject(\.writer)]
}

/// Seen as `Writing`, bound `.graph` to a `Writer`.
private protocol Writing: AnyObject {}
extension Writer: Writing {}

/// Need the writers again.
private final class SingletonWriterPanel: Injectable {
    var writer: SingletonWriter!
    static let dependencies: [Dependency<SingletonWriterPanel>] = [.inject(\.writer)]
}
private final class DrawerWriterPanel: Injectable {
    var writer: DrawerWriter!
    static let dependencies: [Dependency<DrawerWriterPanel>] = [.inject(\.writer)]
}
private final class WeakWriterPanel: Injectable {
    var writer: WeakWriter!
    static let dependencies: [Dependency<WeakWriterPanel>] = [.inject(\.writer)]
}
private final class WritingPanel: Injectable {
    var writing: Writing!
    static let dependencies: [Dependency<WritingPanel>] = [.inject(\.writing)]
}

private final class SingletonPanel: Injectable {
    var writer: Writer!
    static var scope: Scope { .singleton }
    static let dependencies: [Dependency<SingletonPanel>] = [.inject(\.writer)]
}
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

/// The cycle's error, through `path`, for `subject` made again while it is filled.
private func cycle(_ path: String, subject: String = "Writer") -> String {
    """
    error[unclosable-cycle]: \(subject) is needed again while an earlier \(subject) is still in its init() or injection, which resolved from the container, so the cycle can never close.
      path: \(path)
      fix: Do not resolve from the container inside init() or a didSet: declare the dependency with `.inject(…)` (cycles through `.graph` objects close), or keep a `Provider` and call it after the object is built.
    """
}

/// The cycle's error, through `path`, for `subject` met again while its scope creates it, or its
/// factory (bound `at`) runs.
private func creationCycle(_ path: String, subject: String, at location: String? = nil) -> String {
    """
    error[unclosable-cycle]: \(subject) is needed again while its factory is still running, so the cycle can never close.
    \(location.map { "  at: \($0)\n" } ?? "")  path: \(path)
      fix: Break the cycle: resolve one side through a `Provider` or `Lazy`, or turn a factory into an Injectable class in the `.graph` scope, which is filled after it is created.
    """
}

/// Resolves `Outer` (a `Writer`, or one of the writers below), whose `init()` resolves `Panel`, and
/// returns what that resolve threw.
private func nestedFailure<Panel: Injectable, Outer>(
    resolving panel: Panel.Type, in container: Container, inside outer: Outer.Type = Writer.self
) throws -> [String] {
    nestedResolve.withLock { $0 = (container, Panel.self, Outer.self) }
    nestedErrors.withLock { $0 = [] }
    variantsSeen.withLock { $0 = [] }
    defer { nestedResolve.withLock { $0 = nil } }
    let made = try container.resolve(Outer.self)
    #expect((made as? Keeping)?.kept == nil)
    return nestedErrors.withLock { $0.map(\.description) }
}

/// Whether the program of `panel` has a variant for a resolve started inside the making of
/// `outside`: lowered now, while that making is under way.
private func hasVariant(of panel: BindingKey, buildingOutside outside: BindingKey, in container: Container) -> Bool {
    let registry = container.registry
    guard let panel = try? registry.rootProducer(for: panel), let writer = try? registry.rootProducer(for: outside),
        let program = try? registry.program(for: panel)
    else { return false }
    return (try? registry.variant(of: program, for: panel, ProgramVariant(builtOutside: [ObjectIdentifier(writer)])))
        != nil
}

/// Whether every resolve that failed inside `init()` had its variant.
private var everyFailureHadAVariant: Bool {
    let seen = variantsSeen.withLock { $0 }
    return !seen.isEmpty && !seen.contains(false)
}

@Suite(.serialized) struct BuiltOutsideVariantTests {
    @Test func aSingletonsRegion() throws {
        let container = Container()
        #expect(
            try nestedFailure(resolving: SingletonPanel.self, in: container) == [
                cycle("SingletonPanel.writer → Writer")
            ])
        #expect(everyFailureHadAVariant)
    }

    @Test func aCustomScopesRegion() throws {
        let container = Container()
        #expect(try nestedFailure(resolving: DrawerPanel.self, in: container) == [cycle("DrawerPanel.writer → Writer")])
        #expect(everyFailureHadAVariant)
    }

    @Test func aWeakObjectsRegion() throws {
        let container = Container()
        #expect(try nestedFailure(resolving: WeakPanel.self, in: container) == [cycle("WeakPanel.writer → Writer")])
        #expect(everyFailureHadAVariant)
    }

    /// The failure abandons the region: the singleton is made by the next resolve that needs it.
    @Test func theSingletonIsMadeLaterOnceNothingBuildsItsWriter() throws {
        let container = Container()
        _ = try nestedFailure(resolving: SingletonPanel.self, in: container)
        let panel = try container.resolve(SingletonPanel.self)
        #expect(try container.resolve(SingletonPanel.self) === panel)
        #expect(panel.writer.kept == nil)
    }

    // MARK: What is built outside is kept by a scope of its own, or seen as a protocol.

    @Test func aSingletonBuiltOutside() throws {
        let container = Container()
        #expect(
            try nestedFailure(resolving: SingletonWriterPanel.self, in: container, inside: SingletonWriter.self)
                == [creationCycle("SingletonWriterPanel.writer → SingletonWriter", subject: "SingletonWriter")])
        #expect(everyFailureHadAVariant)
    }

    @Test func aCustomScopesObjectBuiltOutside() throws {
        let container = Container()
        #expect(
            try nestedFailure(resolving: DrawerWriterPanel.self, in: container, inside: DrawerWriter.self)
                == [creationCycle("DrawerWriterPanel.writer → DrawerWriter", subject: "DrawerWriter")])
        #expect(everyFailureHadAVariant)
    }

    @Test func aWeakObjectBuiltOutside() throws {
        let container = Container()
        #expect(
            try nestedFailure(resolving: WeakWriterPanel.self, in: container, inside: WeakWriter.self)
                == [cycle("WeakWriterPanel.writer → WeakWriter", subject: "WeakWriter")])
        #expect(everyFailureHadAVariant)
    }

    @Test func aWeakTypedFactorysProductBuiltOutside() throws {
        let container = try Container {
            $0.bind(MadeWriter.self).scoped(.weak).to(factory: MadeWriter.init)  // @made-writer
        }
        #expect(
            try nestedFailure(resolving: MadeWriterPanel.self, in: container, inside: MadeWriter.self)
                == [
                    creationCycle(
                        "MadeWriterPanel.writer → MadeWriter", subject: "MadeWriter", at: marked("made-writer"))
                ])
        #expect(everyFailureHadAVariant)
    }

    @Test func anObjectSeenAsAProtocolBuiltOutside() throws {
        let container = try Container { $0.bind(Writing.self).scoped(.graph).to(Writer.self) }
        #expect(
            try nestedFailure(resolving: WritingPanel.self, in: container, inside: Writing.self)
                == [cycle("WritingPanel.writing → Writing", subject: "Writing")])
        #expect(everyFailureHadAVariant)
    }
}
