/// A value a program cannot make itself, made in its run's *joined* resolution (see "Closure factories"
/// on `ResolveProgram`): a closure factory's, resolving through a `Resolver` the program cannot see into;
/// or, by `make`, another program's, run as a closure's `Resolver` runs it (for a graph too big for one
/// program, or an `.optional` property's wrapper of an offered object; see
/// `ProgramLowering.begin(_:path:destination:)`).
final class ClosureCall: ProgramFactory {
    private let producer: AnyProducer
    /// The producers whose objects the call's arguments are, in order: recorded in the joined
    /// resolution when this call starts it (only the program's first call has any).
    private let seeds: [AnyProducer]
    /// The `.graph` factories whose arguments are being made around the call.
    private let waitingFactories: [AnyProducer]
    /// A transient factory whose arguments are being made around the call.
    struct WaitingFactory {
        let producer: AnyProducer
        /// How many `.graph` objects the program recorded since the factory began.
        let progress: Int
        /// The run's slot for the factory's mark (see `ScopedRun.waitMark(_:first:)`).
        let slot: Int
    }

    private let waitingTransientFactories: [WaitingFactory]
    /// Calls a kept object's closure in its region (`Lowering.keptClosure`) or runs another program
    /// (`AnyProducer.produceNested`); nil when `producer` produces the value.
    private let make: ((Resolution) throws -> AnyObject)?

    init(
        _ producer: AnyProducer, making make: ((Resolution) throws -> AnyObject)? = nil, seeds: [AnyProducer],
        waitingFactories: [AnyProducer], waitingTransientFactories: [WaitingFactory]
    ) {
        self.producer = producer
        self.make = make
        self.seeds = seeds
        self.waitingFactories = waitingFactories
        self.waitingTransientFactories = waitingTransientFactories
        super.init(key: producer.key, location: producer.origin.location)
    }

    /// Its errors name no step of their own: the path is the program's, up to this call, and the
    /// closure's call names its binding itself (see `Resolution.callClosureFactory(_:)`).
    override var namesPath: Bool { false }

    override func call(_ arguments: FactoryArguments, in run: StackReference<ProgramRun>) throws -> AnyObject {
        // A program that makes `ClosureCall`s always runs with a `ScopedRun`.
        guard let scoped = run.pointee.scoped else {
            throw ResolutionError(.internalInconsistency("a closure's call ran without its run's state"))
        }
        let state = try scoped.pointee.joinedResolution(seeding: seeds, with: arguments, for: run)
        // Marked until the program records their products, which clears the mark.
        for factory in waitingFactories { _ = state.pointee.beginConstruction(factory) }
        // Marked for the call, as `Resolution.constructing` marks a transient factory: met again, it is a
        // cycle unless a `.graph` object was recorded since it began, a point fixed at the first call it
        // waits across and kept by later ones (their closures' records came after).
        var restoredMarks: [Int] = []
        if !waitingTransientFactories.isEmpty {
            let recorded = state.pointee.registrations
            restoredMarks = waitingTransientFactories.map { waiting in
                let since = scoped.pointee.waitMark(waiting.slot) { max(0, recorded - waiting.progress) }
                return state.pointee.beginConstruction(waiting.producer, since: since)
            }
        }
        defer {
            // Last first, so a factory waiting twice (met again in its own arguments) gets its earlier mark
            // back. By index: zipped and reversed, the pairs would be copied into an array on every call.
            for index in restoredMarks.indices.reversed() {
                let waiting = waitingTransientFactories[index].producer
                state.pointee.endConstruction(waiting, restoring: restoredMarks[index])
            }
        }
        // A nested run's resolution is its caller's, already found by the closure's `Resolver`.
        if scoped.pointee.isNested { return try produce(in: state) }
        // For the call only: see `ProgramRun.calledResolution`.
        let calledBefore = run.pointee.calledResolution
        run.pointee.calledResolution = state
        defer { run.pointee.calledResolution = calledBefore }
        return try produce(in: state)
    }

    private func produce(in resolution: Resolution) throws -> AnyObject {
        if let make { return try make(resolution) }
        return try producer.produceRecorded(resolution)
    }
}
