import Autowire
import Foundation
import Testing

// MARK: - A chain of any length from one generic class

/// How many nodes a chain has, as a type: `ChainNode<Deep150, Zero>` heads a chain of 150.
protocol ChainLength: Sendable {
    static var nodes: Int { get }
}
enum Deep150: ChainLength { static var nodes: Int { 150 } }
enum Deep1000: ChainLength { static var nodes: Int { 1_000 } }
enum Deep5000: ChainLength { static var nodes: Int { 5_000 } }
enum Deep10000: ChainLength { static var nodes: Int { 10_000 } }

/// The levels as values, for the tests that bind a chain class by class in a loop.
extension ChainLevel {
    static var next: any ChainLevel.Type { Next.self }
}

/// A node's position in its chain as a binary number, lowest bit outermost (`Bit1<Bit1<Zero>>` is
/// 3), so that type names stay short at any depth: a unary `Succ<Succ<…>>` would nest 5,000 deep
/// and make every name, metadata lookup and demangling as deep.
protocol ChainLevel: Sendable {
    associatedtype Next: ChainLevel
    static var depth: Int { get }
}
enum Zero: ChainLevel {
    typealias Next = Bit1<Zero>
    static var depth: Int { 0 }
}
enum Bit0<High: ChainLevel>: ChainLevel {
    typealias Next = Bit1<High>
    static var depth: Int { 2 * High.depth }
}
enum Bit1<High: ChainLevel>: ChainLevel {
    typealias Next = Bit0<High.Next>
    static var depth: Int { 2 * High.depth + 1 }
}

/// Marks the last node's `next` as knowingly absent: nothing is ever bound with it.
enum ChainEnd<Value>: Autowire.Tag {}

/// Lets a test walk a chain without knowing its node types.
protocol ChainWalk: AnyObject {
    var successor: (any ChainWalk)? { get }
    /// Drops the link to the next node.
    func cutSuccessor()
}

/// One node of an autowired chain of `Length.nodes` classes, at position `Level.depth`.
final class ChainNode<Length: ChainLength, Level: ChainLevel>: Injectable, ChainWalk {
    var next: ChainNode<Length, Level.Next>?
    var successor: (any ChainWalk)? { next }
    func cutSuccessor() { next = nil }

    init() { DeepestNode.record(Level.depth) }

    static var dependencies: [Dependency<ChainNode>] {
        Level.depth + 1 < Length.nodes
            ? [.inject(\.next)] : [.optional(\.next, tag: ChainEnd<ChainNode<Length, Level.Next>>.self)]
    }
}

/// The deepest chain node created on the current thread since `reset()`: how far a resolve got
/// before it stopped, printed by the tests (the asserted texts do not depend on it).
private enum DeepestNode {
    private static let key = "DeepGraphTests.deepestNode"

    static func reset() { Thread.current.threadDictionary[key] = -1 }

    static func record(_ depth: Int) {
        let dictionary = Thread.current.threadDictionary
        if depth > (dictionary[key] as? Int ?? -1) { dictionary[key] = depth }
    }

    static var level: Int { Thread.current.threadDictionary[key] as? Int ?? -1 }
}

/// How many nodes a resolved chain has, walking it from its head.
private func length(of head: any ChainWalk) -> Int {
    var count = 1
    var node = head
    while let next = node.successor {
        count += 1
        node = next
    }
    return count
}

/// What one attempt ended with, as the test compares it: `chain of N nodes`, or the error's text.
///
/// A complete chain is taken apart link by link before it is released: releasing its head would
/// free one node inside the `deinit` of the one before, recursing as deep as the chain on the
/// releasing thread's stack (a Swift runtime matter, not the container's).
private struct Outcome: Sendable {
    let text: String
    let isComplete: Bool
    /// How many nodes the attempt created before it ended, deepest first.
    let reached: Int

    init(_ attempt: () throws -> any ChainWalk) {
        DeepestNode.reset()
        do {
            let head = try attempt()
            text = "chain of \(length(of: head)) nodes"
            isComplete = true
            var nodes: [any ChainWalk] = []
            var node: (any ChainWalk)? = head
            while let current = node {
                nodes.append(current)
                node = current.successor
            }
            for node in nodes { node.cutSuccessor() }
        } catch {
            text = "\(error)"
            isComplete = false
        }
        reached = DeepestNode.level + 1
    }

    /// Prints what happened and how deep it got, for the log of a test run.
    func log(_ scenario: String) {
        let ending = isComplete ? "complete" : "resolution-too-deep"
        print("DeepGraphTests: \(scenario): \(ending), \(reached) nodes created along the chain")
    }
}

/// A fresh container's first resolve of the chain of `Length` (which compiles), then a later one.
private func twoResolves<Length: ChainLength>(_: Length.Type) -> [Outcome] {
    let container = Container()
    return [
        Outcome { try container.resolve(ChainNode<Length, Zero>.self) },
        Outcome { try container.resolve(ChainNode<Length, Zero>.self) },
    ]
}

/// The exact error for a chain of `Length` too deep for a stack of `kib` KiB.
private func tooDeep<Length: ChainLength>(_: Length.Type, stackKiB kib: Int) -> String {
    let length = typeName(Length.self)
    return """
        error[resolution-too-deep]: The dependency path is too deep for this thread's \(kib) KiB stack.
          path: ChainNode<\(length), Zero>.next → ChainNode<\(length), Bit1<Zero>>.next → \
        ChainNode<\(length), Bit0<Bit1<Zero>>>.next → …
          fix: Cut the chain: make a property deep in it a `Provider` or `Lazy`, or give a class deep in it the \
        `.singleton` scope and resolve that class first; or resolve from a thread with a bigger stack (such as a \
        `Thread` with a larger `stackSize`).
        """
}

private func typeName(_ type: Any.Type) -> String { String(describing: type) }

/// The current thread's stack size in KiB, as the library reads it.
private func currentStackKiB() -> Int { Thread.current.stackSize >> 10 }

// MARK: - Tests

/// An autowired chain of any depth resolves, as a resolve program, with no recursion: on 512 KiB
/// threads (Darwin's secondary threads, Swift concurrency's threads), in tasks, on first resolves
/// (which compile) and later ones, in every build. What still recurses (compiling a chain of
/// bindings, validating with probes) ends in `resolution-too-deep`, never in a crash: those tests
/// accept a complete result or the exact error, since how deep a stack reaches depends on the
/// build (debug frames are larger).
@Suite struct DeepGraphTests {
    @Test(arguments: [150, 1_000, 5_000, 10_000])
    func anAutowiredChainResolvesOnA512KiBThread(nodes: Int) throws {
        let outcomes = try #require(
            onThread {
                switch nodes {
                case 150: twoResolves(Deep150.self)
                case 1_000: twoResolves(Deep1000.self)
                case 5_000: twoResolves(Deep5000.self)
                default: twoResolves(Deep10000.self)
                }
            })
        for (index, outcome) in outcomes.enumerated() {
            outcome.log("\(nodes) deep on a 512 KiB thread, \(index == 0 ? "first" : "later") resolve")
        }
        #expect(outcomes.map(\.text) == ["chain of \(nodes) nodes", "chain of \(nodes) nodes"])
    }

    @Test(arguments: [150, 1_000, 5_000, 10_000])
    func anAutowiredChainResolvesInsideATask(nodes: Int) async throws {
        let (outcomes, kib) = await Task.detached {
            let outcomes =
                switch nodes {
                case 150: twoResolves(Deep150.self)
                case 1_000: twoResolves(Deep1000.self)
                case 5_000: twoResolves(Deep5000.self)
                default: twoResolves(Deep10000.self)
                }
            return (outcomes, currentStackKiB())
        }.value
        for (index, outcome) in outcomes.enumerated() {
            outcome.log("\(nodes) deep in a task (\(kib) KiB), \(index == 0 ? "first" : "later") resolve")
        }
        #expect(outcomes.map(\.text) == ["chain of \(nodes) nodes", "chain of \(nodes) nodes"])
    }

    @Test(arguments: [150, 1_000, 5_000])
    func aGraphExportOfADeepChainSucceedsOnA512KiBThread(nodes: Int) throws {
        // Compiling, the snapshot, DOT and the text tree all walk the chain without recursing.
        let container = Container()
        let counts = try #require(
            onThread {
                let graph =
                    switch nodes {
                    case 150: container.graph(from: ChainNode<Deep150, Zero>.self)
                    case 1_000: container.graph(from: ChainNode<Deep1000, Zero>.self)
                    default: container.graph(from: ChainNode<Deep5000, Zero>.self)
                    }
                let treeLines = graph.textTree.split(separator: "\n").count
                return [graph.nodes.count, graph.edges.count, graph.dot.isEmpty ? 0 : 1, treeLines]
            })
        #expect(counts == [nodes, nodes - 1, 1, nodes])
    }

    @Test(arguments: [150, 1_000, 5_000])
    func validatingADeepChainWithoutInjectingSucceedsOnA512KiBThread(nodes: Int) throws {
        let container = Container()
        let summary = try #require(
            onThread { () -> String in
                do {
                    let report =
                        switch nodes {
                        case 150: try container.validate(ChainNode<Deep150, Zero>.self, injectingProbes: false)
                        case 1_000: try container.validate(ChainNode<Deep1000, Zero>.self, injectingProbes: false)
                        default: try container.validate(ChainNode<Deep5000, Zero>.self, injectingProbes: false)
                        }
                    return "\(report.graph.nodes.count) nodes, \(report.diagnostics.count) diagnostics"
                } catch {
                    return "\(error)"
                }
            })
        #expect(summary == "\(nodes) nodes, 0 diagnostics")
    }

    @Test(arguments: [150, 1_000, 5_000])
    func validatingADeepChainFillsItsProbesAndResolvesItsRootOnA512KiBThread(nodes: Int) throws {
        switch nodes {
        case 150: try expectValidated(Deep150.self)
        case 1_000: try expectValidated(Deep1000.self)
        default: try expectValidated(Deep5000.self)
        }
    }

    /// Validates with injected probes: the chain below the first probe, made for its fill, serves
    /// the others, and the root is resolved once more. Both run programs, which use no stack per
    /// level, and what they made is released root first, one object at a time.
    private func expectValidated<Length: ChainLength>(_ length: Length.Type) throws {
        let container = Container()
        let summary = try #require(
            onThread { () -> String in
                do {
                    let report = try container.validate(ChainNode<Length, Zero>.self)
                    return "\(report.graph.nodes.count) nodes, \(report.diagnostics.count) diagnostics"
                } catch let error as ValidationError {
                    return error.diagnostics.map(\.description).joined(separator: "\n\n")
                } catch {
                    return "\(error)"
                }
            })
        #expect(summary == "\(Length.nodes) nodes, 0 diagnostics")
    }

    @Test func aChainOf5000BoundClassesBuildsOrIsTooDeepOnA512KiBThread() throws {
        // Each binding is compiled with the class it needs next: compiling recurses once per
        // binding, which the compiler's own stack check stops.
        let outcome = try #require(
            onThread { () -> String in
                do {
                    let container = try Container { binder in
                        var level: any ChainLevel.Type = Zero.self
                        for _ in 0..<Deep5000.nodes {
                            bind(level, in: binder)
                            level = level.next
                        }
                    }
                    return Outcome { try container.resolve(ChainNode<Deep5000, Zero>.self) }.text
                } catch {
                    return "\(error)"
                }
            })
        let accepted = [
            "chain of 5000 nodes", "Container configuration has 1 problem:\n\n" + tooDeep(Deep5000.self, stackKiB: 512),
        ]
        #expect(accepted.contains(outcome), "\(outcome)")
    }

    /// A chain whose classes (every one, or every tenth) are made by closure factories: each
    /// closure resolves the rest of the chain through its `Resolver`, one nested resolve per
    /// closure, so the nesting is as deep as the chain. On a 512 KiB thread, a first resolve and a
    /// later one each end in `resolution-too-deep` (every build runs out of stack long before
    /// 10,000 nested resolves), never in a crash. Before, the nested resolve that compiled a node
    /// with too little stack left said the node's class was not `Injectable` (`missing-binding`).
    @Test(arguments: [1, 10])
    func aChainOfClosureFactoriesIsTooDeepOnA512KiBThreadAndSaysSo(everyNth interval: Int) throws {
        let line: UInt = #line
        let outcomes = try #require(
            onThread { () -> [String] in
                do {
                    let container = try Container { binder in
                        var level: any ChainLevel.Type = Zero.self
                        for index in 0..<Deep10000.nodes {
                            if index % interval == 0 { bindClosure(level, in: binder, line: line) }
                            level = level.next
                        }
                    }
                    let resolve = { Outcome { try container.resolve(ChainNode<Deep10000, Zero>.self) }.text }
                    return [resolve(), resolve()]
                } catch {
                    return ["\(error)"]
                }
            })
        // Through closures, the path names the nodes; through autowired nodes, their `next`.
        let property = interval == 1 ? "" : ".next"
        let expected = """
            error[resolution-too-deep]: The dependency path is too deep for this thread's 512 KiB stack.
              at: AutowireTests/DeepGraphTests.swift:\(line)
              path: ChainNode<Deep10000, Zero> → ChainNode<Deep10000, Bit1<Zero>>\(property) → \
            ChainNode<Deep10000, Bit0<Bit1<Zero>>>\(property) → …
              fix: Cut the chain: make a property deep in it a `Provider` or `Lazy`, or give a class deep in it the \
            `.singleton` scope and resolve that class first; or resolve from a thread with a bigger stack (such as a \
            `Thread` with a larger `stackSize`).
            """
        #expect(outcomes == [expected, expected])
    }
}

/// Binds `ChainNode<Deep10000, Level>` to a closure that makes the node and resolves the next one
/// through its resolver (the last node has none), as written at `line`.
private func bindClosure<Level: ChainLevel>(_: Level.Type, in binder: Binder, line: UInt) {
    binder.bind(ChainNode<Deep10000, Level>.self, line: line).to { resolver in
        let node = ChainNode<Deep10000, Level>()
        if Level.depth + 1 < Deep10000.nodes {
            node.next = try resolver.resolve(ChainNode<Deep10000, Level.Next>.self)
        }
        return node
    }
}

/// Binds `ChainNode<Deep5000, Level>` to itself.
private func bind<Level: ChainLevel>(_: Level.Type, in binder: Binder) {
    binder.bind(ChainNode<Deep5000, Level>.self).to(ChainNode<Deep5000, Level>.self)
}
