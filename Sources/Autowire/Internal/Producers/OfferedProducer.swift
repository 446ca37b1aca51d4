/// `toOfferedInstance()`: an object created outside the container and offered to it weakly with
/// `Container.offer(_:)`. Resolves to that object while it lives.
///
/// An offer belongs to the container it was made on and its descendants: each child container
/// gets a slot of its own, which falls back to its parent's until something is offered to it.
///
/// Sendable: `instance` and `wasOffered` are read and written only under `lock`; `inherited` is
/// `let`; the rest is `AnyProducer`'s.
final class OfferedProducer<T>: Producer<T>, OfferedSlot, @unchecked Sendable {
    private let lock = RecursiveLock()
    /// Guarded by `lock`.
    private weak var instance: AnyObject?
    private var wasOffered = false
    /// The parent container's slot, used until this one receives an offer.
    private let inherited: OfferedProducer<T>?

    init(key: BindingKey, location: SourceLocation, registry: Registry, inherited: OfferedProducer<T>? = nil) {
        self.inherited = inherited
        super.init(
            key: key, scope: .weak, origin: .offered(location), registry: registry, registersEarly: false,
            isFactory: false)
    }

    func offer(_ object: AnyObject) throws {
        try lock.withLock {
            instance = object
            wasOffered = true
        }
    }

    /// Read once per program run, whoever needs it, as a factory with no parameters.
    override func lowering() -> Lowering { .factory(OfferedRead(self), [], shared: true) }

    /// The object offered to this container, or else to the nearest ancestor offered one.
    func current() throws -> T {
        let (current, offered) = try lock.withLock { (instance, wasOffered) }
        if !offered, let inherited { return try inherited.current() }
        if let current, let typed = current as? T { return typed }
        throw ResolutionError(.unavailableInstance(key, location: origin.location, wasOffered: offered))
    }
}

/// The offered object as a resolve program reads it.
final class OfferedRead<T>: ProgramFactory {
    private let producer: OfferedProducer<T>

    init(_ producer: OfferedProducer<T>) {
        self.producer = producer
        super.init(key: producer.key, location: producer.origin.location)
    }

    override func call(_ arguments: FactoryArguments, in run: StackReference<ProgramRun>) throws -> AnyObject {
        record(try producer.current())
    }

    /// Its error names no step of its own: the path is the program's, up to this call.
    override var namesPath: Bool { false }

    override var mayBeUnavailable: Bool { true }
}

/// An offered object converted by an alias to the protocol it is bound as, read as one call (see
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

    /// Its errors name no step of their own: the path is the program's, up to this call, and the
    /// read's absence names only the offered object.
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
