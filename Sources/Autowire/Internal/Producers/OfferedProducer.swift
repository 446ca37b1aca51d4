/// `toOfferedInstance()`: an object made outside the container and offered weakly with
/// `Container.offer(_:)`, resolved while it lives. Each child container has its own slot, falling back
/// to its parent's until something is offered to it.
///
/// Sendable: `instance` and `wasOffered` are guarded by `lock`; `inherited` is `let`.
final class OfferedProducer<T>: Producer<T>, OfferedSlot, @unchecked Sendable {
    private let lock = RecursiveLock()
    private weak var instance: AnyObject?
    private var wasOffered = false
    private let inherited: OfferedProducer<T>?

    init(key: BindingKey, location: SourceLocation, registry: Registry, inherited: OfferedProducer<T>? = nil) {
        self.inherited = inherited
        super.init(key: key, scope: .weak, origin: .offered(location), registry: registry)
    }

    func offer(_ object: AnyObject) throws {
        try lock.withLock {
            instance = object
            wasOffered = true
        }
    }

    /// Read once per program run, whoever needs it.
    override func lowering() -> Lowering { .factory(OfferedRead(self), [], shared: true) }

    /// The object offered to this container, or else to the nearest ancestor offered one.
    func current() throws -> T {
        let (current, offered) = try lock.withLock { (instance, wasOffered) }
        if !offered, let inherited { return try inherited.current() }
        if let current, let typed = current as? T { return typed }
        throw ResolutionError(.unavailableInstance(key, location: origin.location, wasOffered: offered))
    }
}

final class OfferedRead<T>: ProgramFactory {
    private let producer: OfferedProducer<T>

    init(_ producer: OfferedProducer<T>) {
        self.producer = producer
        super.init(key: producer.key, location: producer.origin.location)
    }

    override func call(_ arguments: FactoryArguments, in run: StackReference<ProgramRun>) throws -> AnyObject {
        record(try producer.current())
    }

    override var namesPath: Bool { false }

    override var mayBeUnavailable: Bool { true }
}

/// An offered object converted by an alias to the protocol it is bound as, read in one call (see
/// `ProgramLowering.offeredReadConverted(by:_:for:)`).
final class ConvertedOfferedRead: ProgramFactory {
    private let read: ProgramFactory
    private let aliasConversion: ProgramFactory

    init(_ read: ProgramFactory, convertedBy conversion: ProgramFactory) {
        self.read = read
        self.aliasConversion = conversion
        super.init(key: conversion.key, location: conversion.location)
    }

    override func call(_ arguments: FactoryArguments, in run: StackReference<ProgramRun>) throws -> AnyObject {
        // The read takes no arguments.
        try aliasConversion.boxingRecorded(try read.call(arguments, in: run))
    }

    /// Names no step of its own: the read's absence names only the offered object.
    override var namesPath: Bool { false }

    override var mayBeUnavailable: Bool { true }
}

/// An offered binding's slot, seen without its type: what a child container copies.
protocol OfferedSlot: AnyProducer {
    /// A slot for a descendant `registry`, falling back to this one.
    func slot(for registry: Registry) -> AnyProducer
}

extension OfferedProducer {
    func slot(for registry: Registry) -> AnyProducer {
        guard case .offered(let location) = origin else { return self }
        return OfferedProducer(key: key, location: location, registry: registry, inherited: self)
    }
}
