/// `bind(P.self).to(Implementation.self)` with no scope of its own: the implementation producer's value
/// seen as `T`, so sharing follows the implementation's scope.
///
/// Sendable: `target` is set only while compiling (see `AnyProducer`); `conversion` is `let`.
final class AliasProducer<T, Implementation>: Producer<T>, ForwardingProducer, @unchecked Sendable {
    /// Set right after registration, so that cycles reaching the alias during compiling find it.
    private var targetReference: Unowned<Producer<Implementation>>?
    var target: Producer<Implementation>? {
        get { targetReference?.object }
        set { targetReference = newValue.map(Unowned.init) }
    }

    /// How a program turns the implementation's value into a non-class `T`.
    private let conversion: AliasConversion<T, Implementation>

    init(key: BindingKey, location: SourceLocation, conversion: ImplementationConversion?, registry: Registry) {
        self.conversion = AliasConversion(key: key, location: location, specialized: conversion)
        super.init(key: key, scope: .graph, origin: .implementation(Implementation.self, location), registry: registry)
    }

    /// Unowned: the registry owns `target` as it owns this alias.
    func aim(at target: Producer<Implementation>, location: SourceLocation) {
        self.targetReference = Unowned(target)
        appendEdge(Edge(label: "", location: location, target: target, isDeferred: false))
    }

    /// A class bound to a subclass is its own value; anything else (a protocol) is converted by a call.
    override func lowering() -> Lowering {
        guard let target = target else { return .unsupported }
        return holdsReferences ? .forward(target) : .factory(conversion, [target], shared: false)
    }

    @inline(__always)
    private func value(of implementation: Implementation) throws -> T {
        guard let specialized = conversion.specialized, !holdsReferences else {
            return try upcast(implementation, to: T.self, key: key, location: origin.location)
        }
        // The conversion exists only for an implementation that is a class, recorded as itself.
        return try specialized.value(
            of: recordObject(implementation), as: T.self, orThrow: conversion.nonConforming)
    }

    private var missingTarget: ResolutionError {
        ResolutionError(.internalInconsistency("the alias for \(key) has no implementation"))
    }

    var forwarded: AnyProducer? { target }

    func recorded(fromForwarded recorded: AnyObject) throws -> AnyObject {
        guard let target = target else { throw missingTarget }
        return reference(for: try value(of: target.value(from: recorded)))
    }
}

/// An alias's conversion as a program calls it: the implementation's recorded value in, a `ValueBox<T>`
/// out. Also boxes an autowired object made for a non-class `T` (see `Lowering.autowired`'s `boxing`).
final class AliasConversion<T, Implementation>: ProgramFactory {
    /// The conversion compiled where the binding was written, when the implementation is a class.
    let specialized: ImplementationConversion?

    init(key: BindingKey, location: SourceLocation?, specialized: ImplementationConversion?) {
        self.specialized = Implementation.self is AnyClass ? specialized : nil
        super.init(key: key, location: location, references: Implementation.self is AnyClass ? 1 : 0)
    }

    override var namesPath: Bool { false }

    override var conversion: ImplementationConversion? { specialized }

    override var isAliasConversion: Bool { true }

    override func call(_ arguments: FactoryArguments, in run: StackReference<ProgramRun>) throws -> AnyObject {
        guard let specialized else {
            let implementation = arguments.take(Implementation.self, 0)
            return ValueBox(try upcast(implementation, to: T.self, key: key, location: location))
        }
        // A class reference (`references` says so), as the implementation records it.
        guard let boxed = specialized.box(arguments.take(AnyObject.self, 0)) else { throw nonConforming }
        specialized.noteSuccess()
        return boxed
    }

    override func boxingRecorded(_ recorded: AnyObject) throws -> AnyObject {
        // Anything else recorded for the protocol is its box already.
        guard let implementation = recorded as? Implementation else { return recorded }
        guard let specialized else {
            return ValueBox(try upcast(implementation, to: T.self, key: key, location: location))
        }
        guard let boxed = specialized.box(recorded) else { throw nonConforming }
        specialized.noteSuccess()
        return boxed
    }

    /// What converting a non-conforming implementation throws, as `upcast` does.
    var nonConforming: ResolutionError {
        ResolutionError(
            .nonConforming(implementation: Implementation.self, key: key, location: location, path: [key.description]))
    }
}

/// A producer that records nothing and only hands on what another producer gives: met again in a
/// cycle it forwards again, so for cycle checks it behaves like a transient producer.
protocol ForwardingProducer: AnyObject {
    /// The producer whose value it hands on; nil until compiling links it.
    var forwarded: AnyProducer? { get }
    /// Its value as a resolution records it, from the forwarded producer's value as recorded.
    func recorded(fromForwarded recorded: AnyObject) throws -> AnyObject
}

extension AnyProducer {
    /// The producers that hand on this one's value, up to `maker`, the one that makes it.
    private var forwardingChain: (chain: [any ForwardingProducer], maker: AnyProducer) {
        var chain: [any ForwardingProducer] = []
        var current: AnyProducer = self
        // Bounded: aliases that lead round to each other must not hang a check.
        while let forwarding = current as? any ForwardingProducer, let next = forwarding.forwarded,
            chain.count < Self.maximumForwardings
        {
            chain.append(forwarding)
            current = next
        }
        return (chain, current)
    }

    private static var maximumForwardings: Int { 1_000 }

    /// The producer that makes this one's value (itself, or the end of its aliases): a property meeting
    /// a running factory through aliases waits for it as if directly.
    var valueMaker: AnyProducer { forwardingChain.maker }

    /// `made`, `valueMaker`'s recorded value, converted by each alias on the way, innermost first.
    func recorded(fromMakerValue made: AnyObject) throws -> AnyObject {
        var value = made
        for forwarding in forwardingChain.chain.reversed() { value = try forwarding.recorded(fromForwarded: value) }
        return value
    }
}

/// Swift cannot check a protocol conformance from the metatypes alone: the first instance proves it.
@inline(__always)
func upcast<Implementation, T>(_ instance: Implementation, to type: T.Type, key: BindingKey, location: SourceLocation?)
    throws -> T
{
    try identicalCast(instance, to: T.self) { try converted($0, to: type, key: key, location: location) }
}

/// Out of line so that the cast's metadata is fetched only when an upcast really happens.
@inline(never)
func converted<Implementation, T>(
    _ instance: Implementation, to type: T.Type, key: BindingKey, location: SourceLocation?
)
    throws -> T
{
    if let same = instance as? T { return same }
    throw ResolutionError(
        .nonConforming(implementation: Implementation.self, key: key, location: location, path: [key.description]))
}
