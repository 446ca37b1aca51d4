import Testing

@testable import Autowire

// A graph of transient objects reached through many diamonds multiplies: a binary tree of fifteen
// levels makes 65,535 objects, past the size one program holds
// (`ProgramLowering.maximumInstructions`). What is met past it is made by the nested programs of
// what is met, called from the root's program in the same resolve.

private protocol TreePart: AnyObject {
    var parts: [TreePart] { get }
}

private final class Leaf: Injectable, TreePart {
    var parts: [TreePart] { [] }
    static var scope: Scope { .transient }
}

private final class Fork<Child: Injectable & TreePart>: Injectable, TreePart {
    var left: Child!
    var right: Child!
    var parts: [TreePart] { [left, right] }
    static var scope: Scope { .transient }
    static var dependencies: [Dependency<Fork>] { [.inject(\.left), .inject(\.right)] }
}

private typealias Level4 = Fork<Fork<Fork<Fork<Leaf>>>>
private typealias Level8 = Fork<Fork<Fork<Fork<Level4>>>>
private typealias Level12 = Fork<Fork<Fork<Fork<Level8>>>>
private typealias Level14 = Fork<Fork<Level12>>
private typealias Level15 = Fork<Level14>

/// How many distinct objects the tree from `root` holds.
private func objectCount(from root: TreePart) -> Int {
    var seen: Set<ObjectIdentifier> = []
    var pending = [root]
    while let part = pending.popLast() {
        guard seen.insert(ObjectIdentifier(part)).inserted else { continue }
        pending += part.parts
    }
    return seen.count
}

/// One per resolve: the archive and its stamp, made past the size of a program, hold the same.
private final class Ledger: Injectable {}
private protocol Clock: AnyObject {}
private final class SystemClock: Clock, Injectable {}

private final class Stamp: Injectable {
    var ledger: Ledger!
    var clock: Clock!
    static let dependencies: [Dependency<Stamp>] = [.inject(\.ledger), .inject(\.clock)]
}

/// Meets its stamp after the tree, past the size of a program.
private final class Archive: Injectable {
    var ledger: Ledger!
    var tree: Level15!
    var stamp: Stamp!
    static let dependencies: [Dependency<Archive>] = [.inject(\.ledger), .inject(\.tree), .inject(\.stamp)]
}

/// Two of what a typed factory makes, each made by one: a tree of them makes as many slots as
/// it has calls, and its leaves none.
private final class Twin<Child> {
    let first: Child
    let second: Child
    init(first: Child, second: Child) {
        self.first = first
        self.second = second
    }
}

private func bindTwins<Child>(of _: Child.Type, levels: Int, _ binder: Binder) {
    guard levels > 0 else { return }
    binder.bind(Twin<Child>.self).scoped(.transient).to(factory: Twin<Child>.init)
    bindTwins(of: Twin<Child>.self, levels: levels - 1, binder)
}

private typealias Twins14 = Twin<Twin<Twin<Twin<Twin<Twin<Twin<Twin<Twin<Twin<Twin<Twin<Twin<Twin<Leaf>>>>>>>>>>>>>>

/// Made by a typed factory whose clock, met after its twins, is a `SystemClock` in slot 32,768 or
/// further, converted to `Clock` as it is passed.
private final class Recorder {
    let twins: Twins14
    let spare: Leaf
    let clock: Clock
    init(twins: Twins14, spare: Leaf, clock: Clock) {
        self.twins = twins
        self.spare = spare
        self.clock = clock
    }
}

@Suite struct HugeGraphProgramTests {
    @Test func aTreeOfSixtyFiveThousandTransientObjectsIsMadeByPrograms() throws {
        let container = Container()
        for _ in 0..<2 {
            #expect(objectCount(from: try container.resolve(Level15.self)) == 65_535)
        }
        #expect(try container.hasProgram(of: Level15.self))
    }

    @Test func whatIsMadePastTheSizeOfAProgramSharesTheResolvesGraphObjects() throws {
        let container = try Container { $0.bind(Clock.self).to { SystemClock() } }
        for _ in 0..<2 {
            let archive = try container.resolve(Archive.self)
            #expect(archive.stamp.ledger === archive.ledger)
            #expect(objectCount(from: archive.tree) == 65_535)
        }
        #expect(try container.hasProgram(of: Archive.self))
        // Called from the archive's program: nothing else lowers it.
        #expect(try container.hasNestedProgram(of: Stamp.self))
    }

    @Test func aFailurePastTheSizeOfAProgramNamesItsWholePath() throws {
        struct Stopped: Error {}
        let container = try Container { $0.bind(Clock.self).to { () throws -> Clock in throw Stopped() } }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(Archive.self) }
        #expect(error.code == .factoryFailed)
        #expect(error.path == ["Archive.stamp", "Stamp.clock", "Clock"])
        #expect(try container.hasNestedProgram(of: Stamp.self))
    }

    @Test func aTypedFactorysArgumentConvertedPastTheSizeOfAProgramIsConvertedByItsAlias() throws {
        let container = try Container {
            $0.bind(Clock.self).to(SystemClock.self)
            $0.bind(Recorder.self).to(factory: Recorder.init)
            bindTwins(of: Leaf.self, levels: 14, $0)
        }
        for _ in 0..<2 {
            let recorder = try container.resolve(Recorder.self)
            #expect(recorder.clock is SystemClock)
            #expect(recorder.twins.first.first !== recorder.twins.second.first)
        }
        #expect(try container.hasProgram(of: Recorder.self))
    }
}
