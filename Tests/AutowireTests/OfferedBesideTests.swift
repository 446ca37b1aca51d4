import Testing

@testable import Autowire

// An `.optional` property whose value reaches an offered object through something else first
// (`OptionalPlace.beside`): a factory's parameter, a scope's region around that factory, an
// `Optional` wrapper, an alias of an alias, a collection or dictionary. The property is left as it
// was when the absence reaches it naming at most one step (`ResolutionError.isUnavailableInstance`):
// through a wrapper, alias or collection, which name none; through any factory, which names its
// key, the resolve fails with that path. Each root has a program.

private protocol Pane: AnyObject {}
/// Injectable so that aliases can name it; the offered class is its subclass `Screen`.
private class MidScreen: Injectable, Pane {
    required init() {}
}
private final class Screen: MidScreen {}
private final class Plain: Injectable, Pane {}
private enum ScreenTag: Autowire.Tag { typealias Value = Screen }
private enum FactoryTag: Autowire.Tag { typealias Value = Screen }
private enum PaneList: Autowire.Tag { typealias Value = [any Pane] }
private enum MixedList: Autowire.Tag { typealias Value = [any Pane] }
private enum Region: CustomScope {}

// Made by typed factories or constructions from the screen.
private final class Holder {
    let screen: Screen
    init(screen: Screen) { self.screen = screen }
}
private final class TaggedHolder {
    let screen: Screen
    init(screen: Tagged<ScreenTag>) { self.screen = screen.value }
}
private final class MaybeHolder {
    let screen: Screen?
    init(screen: Screen?) { self.screen = screen }
}
private final class PaneHolder {
    let pane: any Pane
    init(pane: any Pane) { self.pane = pane }
}
private final class SingletonHolder {
    let screen: Screen
    init(screen: Screen) { self.screen = screen }
}
private final class WeakHolder {
    let screen: Screen
    init(screen: Screen) { self.screen = screen }
}
private final class CustomHolder {
    let screen: Screen
    init(screen: Screen) { self.screen = screen }
}
private final class Built: ConstructorInjectable {
    let screen: Screen
    init(screen: Screen) { self.screen = screen }
    static let construction = Construction(Built.init)
}
private final class FilledBuilt: ConstructorInjectable, Injectable {
    let screen: Screen
    init(screen: Screen) { self.screen = screen }
    /// Never used: the construction makes it (a screen of its own would never be absent).
    init() { screen = Screen() }
    static let construction = Construction(FilledBuilt.init(screen:))
}

// One class per shape, whose one `.optional` property reaches the screen through it.
private final class HolderUser: Injectable {
    static var scope: Scope { .transient }
    var value: Holder?
    static let dependencies: [Dependency<HolderUser>] = [.optional(\.value)]
}
private final class TaggedHolderUser: Injectable {
    static var scope: Scope { .transient }
    var value: TaggedHolder?
    static let dependencies: [Dependency<TaggedHolderUser>] = [.optional(\.value)]
}
private final class MaybeHolderUser: Injectable {
    static var scope: Scope { .transient }
    var value: MaybeHolder?
    static let dependencies: [Dependency<MaybeHolderUser>] = [.optional(\.value)]
}
private final class PaneHolderUser: Injectable {
    static var scope: Scope { .transient }
    var value: PaneHolder?
    static let dependencies: [Dependency<PaneHolderUser>] = [.optional(\.value)]
}
private final class SingletonHolderUser: Injectable {
    static var scope: Scope { .transient }
    var value: SingletonHolder?
    static let dependencies: [Dependency<SingletonHolderUser>] = [.optional(\.value)]
}
private final class WeakHolderUser: Injectable {
    static var scope: Scope { .transient }
    var value: WeakHolder?
    static let dependencies: [Dependency<WeakHolderUser>] = [.optional(\.value)]
}
private final class CustomHolderUser: Injectable {
    static var scope: Scope { .transient }
    var value: CustomHolder?
    static let dependencies: [Dependency<CustomHolderUser>] = [.optional(\.value)]
}
private final class BuiltUser: Injectable {
    static var scope: Scope { .transient }
    var value: Built?
    static let dependencies: [Dependency<BuiltUser>] = [.optional(\.value)]
}
private final class FilledBuiltUser: Injectable {
    static var scope: Scope { .transient }
    var value: FilledBuilt?
    static let dependencies: [Dependency<FilledBuiltUser>] = [.optional(\.value)]
}
private final class FactoryTaggedUser: Injectable {
    static var scope: Scope { .transient }
    var value: Screen?
    static let dependencies: [Dependency<FactoryTaggedUser>] = [.optional(\.value, tag: FactoryTag.self)]
}
/// Through a factory first, then the same screen directly.
private final class HolderThenScreenUser: Injectable {
    static var scope: Scope { .transient }
    var value: Holder?
    var screen: Screen?
    static let dependencies: [Dependency<HolderThenScreenUser>] = [.optional(\.value), .optional(\.screen)]
}
private final class DoubleOptionalUser: Injectable {
    static var scope: Scope { .transient }
    var value: Screen??
    static let dependencies: [Dependency<DoubleOptionalUser>] = [.optional(\.value)]
}
private final class DoubleOptionalPaneUser: Injectable {
    static var scope: Scope { .transient }
    var value: (any Pane)??
    static let dependencies: [Dependency<DoubleOptionalPaneUser>] = [.optional(\.value)]
}
/// `any Pane` is an alias of `MidScreen`, itself an alias of the offered `Screen`.
private final class PaneUser: Injectable {
    static var scope: Scope { .transient }
    var value: (any Pane)?
    static let dependencies: [Dependency<PaneUser>] = [.optional(\.value)]
}
private final class PanesUser: Injectable {
    static var scope: Scope { .transient }
    var value: [any Pane]?
    static let dependencies: [Dependency<PanesUser>] = [.optional(\.value)]
}
private final class MidsUser: Injectable {
    static var scope: Scope { .transient }
    var value: [MidScreen]?
    static let dependencies: [Dependency<MidsUser>] = [.optional(\.value)]
}
private final class TaggedPanesUser: Injectable {
    static var scope: Scope { .transient }
    var value: [any Pane]?
    static let dependencies: [Dependency<TaggedPanesUser>] = [.optional(\.value, tag: PaneList.self)]
}
private final class MixedPanesUser: Injectable {
    static var scope: Scope { .transient }
    var value: [any Pane]?
    static let dependencies: [Dependency<MixedPanesUser>] = [.optional(\.value, tag: MixedList.self)]
}
private final class PaneDictionaryUser: Injectable {
    static var scope: Scope { .transient }
    var value: [String: any Pane]?
    static let dependencies: [Dependency<PaneDictionaryUser>] = [.optional(\.value)]
}

private func container() throws -> Container {
    try Container { binder in
        binder.bind(Screen.self).toOfferedInstance()  // @offered
        binder.bind(MidScreen.self).to(Screen.self)
        binder.bind((any Pane).self).to(MidScreen.self)
        binder.bind(Screen.self).tagged(ScreenTag.self).to(Screen.self)
        binder.bind(Screen.self).tagged(FactoryTag.self).to(factory: { (screen: Screen) in screen })
        binder.bind(Holder.self).to(factory: Holder.init)
        binder.bind(TaggedHolder.self).to(factory: TaggedHolder.init)
        binder.bind(MaybeHolder.self).to(factory: MaybeHolder.init)
        binder.bind(PaneHolder.self).to(factory: PaneHolder.init)
        binder.bind(SingletonHolder.self).scoped(.singleton).to(factory: SingletonHolder.init)
        binder.bind(WeakHolder.self).scoped(.weak).to(factory: WeakHolder.init)
        binder.bind(CustomHolder.self).scoped(.custom(Region.self)).to(factory: CustomHolder.init)
        binder.bind((any Pane).self).intoCollection().to(Screen.self)
        binder.bind(MidScreen.self).intoCollection().to(Screen.self)
        binder.bind((any Pane).self).tagged(PaneList.self).intoCollection().to(Screen.self)
        binder.bind((any Pane).self).tagged(MixedList.self).intoCollection().to(Plain.self)
        binder.bind((any Pane).self).tagged(MixedList.self).intoCollection().to(Screen.self)
        binder.bind((any Pane).self).intoDictionary(key: "screen").to(Screen.self)
    }
}

private func name(_ object: AnyObject?) -> String {
    switch object {
    case nil: "nil"
    case is Screen: "screen"
    case is Plain: "plain"
    default: "other"
    }
}

/// What resolving `T` gives (as `read` says) or the text of its failure: before a screen is
/// offered, while one lives, and once it is released; each resolved twice, the same each time.
private func outcomes<T>(_ type: T.Type, in container: Container, _ read: (T) -> String) throws -> [String] {
    func resolve() -> String {
        let results = (0..<2).map { _ in
            do { return read(try container.resolve(T.self)) } catch { return String(describing: error) }
        }
        return results[0] == results[1] ? results[0] : "differs: \(results)"
    }
    let never = resolve()
    let present: String
    do {
        let screen = Screen()
        try container.offer(screen)
        present = resolve()
    }
    return [never, present, resolve()]
}

/// The screen's absence, reaching the property through `path`.
private func absence(_ path: String, released: Bool) -> String {
    """
    error[unavailable-instance]: \(released
        ? "The Screen offered to the container has been released."
        : "No Screen has been offered to the container yet.")
      at: \(marked("offered"))
      path: \(path)
      fix: Call `container.offer(_:)` with a live Screen before resolving what needs it, or declare the dependency `.optional` to accept its absence.
    """
}

/// A resolve that fails through `path` without the screen, and gives `present` with it.
private func failing(_ path: String, present: String = "screen") -> [String] {
    [absence(path, released: false), present, absence(path, released: true)]
}

/// A resolve that leaves the property nil without the screen, and gives `present` with it.
private func leftNil(present: String) -> [String] { ["nil", present, "nil"] }

@Suite struct OfferedBesideTests {
    // MARK: Through a factory: the absence names the factory, so the resolve fails.

    @Test func aTypedFactorysParameter() throws {
        let container = try container()
        #expect(
            try outcomes(HolderUser.self, in: container) { name($0.value?.screen) }
                == failing("HolderUser.value → Holder → Screen"))
        #expect(try container.hasProgram(of: HolderUser.self))
    }

    @Test func aTaggedParameter() throws {
        let container = try container()
        #expect(
            try outcomes(TaggedHolderUser.self, in: container) { name($0.value?.screen) }
                == failing("TaggedHolderUser.value → TaggedHolder → Screen"))
        #expect(try container.hasProgram(of: TaggedHolderUser.self))
    }

    /// An `Optional` parameter is nil only when nothing can provide the screen, not when it is gone.
    @Test func anOptionalParameter() throws {
        let container = try container()
        #expect(
            try outcomes(MaybeHolderUser.self, in: container) { $0.value.map { name($0.screen) } ?? "no holder" }
                == failing("MaybeHolderUser.value → MaybeHolder → Screen"))
        #expect(try container.hasProgram(of: MaybeHolderUser.self))
    }

    @Test func aProtocolParameter() throws {
        let container = try container()
        #expect(
            try outcomes(PaneHolderUser.self, in: container) { name($0.value?.pane) }
                == failing("PaneHolderUser.value → PaneHolder → Screen"))
        #expect(try container.hasProgram(of: PaneHolderUser.self))
    }

    @Test func aConstructionsParameter() throws {
        let container = try container()
        #expect(
            try outcomes(BuiltUser.self, in: container) { name($0.value?.screen) }
                == failing("BuiltUser.value → Built → Screen"))
        #expect(try container.hasProgram(of: BuiltUser.self))
    }

    @Test func aFilledConstructionsParameter() throws {
        let container = try container()
        #expect(
            try outcomes(FilledBuiltUser.self, in: container) { name($0.value?.screen) }
                == failing("FilledBuiltUser.value → FilledBuilt → Screen"))
        #expect(try container.hasProgram(of: FilledBuiltUser.self))
    }

    /// The tagged screen is the factory's product: the factory is named, unlike a tagged alias's.
    @Test func aTaggedFactoryOfTheScreen() throws {
        let container = try container()
        #expect(
            try outcomes(FactoryTaggedUser.self, in: container) { name($0.value) }
                == failing("FactoryTaggedUser.value → Screen tagged FactoryTag → Screen"))
        #expect(try container.hasProgram(of: FactoryTaggedUser.self))
    }

    /// Met through the factory first: the later direct property does not change the outcome.
    @Test func aTypedFactorysParameterThenTheScreenItself() throws {
        let container = try container()
        #expect(
            try outcomes(HolderThenScreenUser.self, in: container) { "\(name($0.value?.screen)) \(name($0.screen))" }
                == failing("HolderThenScreenUser.value → Holder → Screen", present: "screen screen"))
        #expect(try container.hasProgram(of: HolderThenScreenUser.self))
    }

    /// The `.weak` holder goes with the consumer, so the screen is read again each time.
    @Test func aWeakFactorysParameter() throws {
        let container = try container()
        #expect(
            try outcomes(WeakHolderUser.self, in: container) { name($0.value?.screen) }
                == failing("WeakHolderUser.value → WeakHolder → Screen"))
        #expect(try container.hasProgram(of: WeakHolderUser.self))
    }

    /// Kept once made, the holder keeps the screen alive: only the first absence is met.
    @Test func aSingletonFactorysParameter() throws {
        let container = try container()
        #expect(
            try outcomes(SingletonHolderUser.self, in: container) { name($0.value?.screen) }
                == [
                    absence("SingletonHolderUser.value → SingletonHolder → Screen", released: false), "screen",
                    "screen",
                ])
        #expect(try container.hasProgram(of: SingletonHolderUser.self))
    }

    @Test func aCustomScopedFactorysParameter() throws {
        let container = try container()
        #expect(
            try outcomes(CustomHolderUser.self, in: container) { name($0.value?.screen) }
                == [absence("CustomHolderUser.value → CustomHolder → Screen", released: false), "screen", "screen"])
        #expect(try container.hasProgram(of: CustomHolderUser.self))
    }

    // MARK: Through what names no step: the property is left as it was.

    /// Left nil, not `.some(nil)` (which is what a `Screen??` gets when nothing can provide one).
    @Test func anOptionalOfTheScreen() throws {
        let container = try container()
        #expect(
            try outcomes(DoubleOptionalUser.self, in: container) { $0.value.map { name($0) } ?? "nil" }
                == ["nil", "screen", "nil"])
        #expect(try container.hasProgram(of: DoubleOptionalUser.self))
        // The property's value is one call, of its own nested program.
        #expect(try container.hasNestedProgram(of: Screen?.self))
    }

    @Test func anOptionalOfAProtocolAlias() throws {
        let container = try container()
        #expect(
            try outcomes(DoubleOptionalPaneUser.self, in: container) { $0.value.map { name($0) } ?? "nil" }
                == ["nil", "screen", "nil"])
        #expect(try container.hasProgram(of: DoubleOptionalPaneUser.self))
    }

    @Test func aProtocolAliasOfAnAlias() throws {
        let container = try container()
        #expect(try outcomes(PaneUser.self, in: container) { name($0.value) } == leftNil(present: "screen"))
        #expect(try container.hasProgram(of: PaneUser.self))
    }

    @Test func aCollectionOfAProtocol() throws {
        let container = try container()
        #expect(
            try outcomes(PanesUser.self, in: container) { $0.value.map { "\($0.map(name))" } ?? "nil" }
                == leftNil(present: "[\"screen\"]"))
        #expect(try container.hasProgram(of: PanesUser.self))
        #expect(try container.hasNestedProgram(of: [any Pane].self))
    }

    @Test func aCollectionOfASuperclass() throws {
        let container = try container()
        #expect(
            try outcomes(MidsUser.self, in: container) { $0.value.map { "\($0.map(name))" } ?? "nil" }
                == leftNil(present: "[\"screen\"]"))
        #expect(try container.hasProgram(of: MidsUser.self))
    }

    @Test func aTaggedCollection() throws {
        let container = try container()
        #expect(
            try outcomes(TaggedPanesUser.self, in: container) { $0.value.map { "\($0.map(name))" } ?? "nil" }
                == leftNil(present: "[\"screen\"]"))
        #expect(try container.hasProgram(of: TaggedPanesUser.self))
    }

    /// The whole collection is left nil, not the other contributions without the screen.
    @Test func aCollectionWithAnotherContribution() throws {
        let container = try container()
        #expect(
            try outcomes(MixedPanesUser.self, in: container) { $0.value.map { "\($0.map(name))" } ?? "nil" }
                == leftNil(present: "[\"plain\", \"screen\"]"))
        #expect(try container.hasProgram(of: MixedPanesUser.self))
    }

    @Test func aDictionary() throws {
        let container = try container()
        #expect(
            try outcomes(PaneDictionaryUser.self, in: container) { $0.value.map { "\($0.mapValues(name))" } ?? "nil" }
                == leftNil(present: "[\"screen\": \"screen\"]"))
        #expect(try container.hasProgram(of: PaneDictionaryUser.self))
        #expect(try container.hasNestedProgram(of: [String: any Pane].self))
    }
}
