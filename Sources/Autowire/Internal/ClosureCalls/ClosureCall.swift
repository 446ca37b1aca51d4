/// A value a resolve program cannot make itself, made inside the program's run, in a resolution: a
/// closure factory's, whose closure resolves what it needs through a `Resolver` the program cannot
/// see into; or, by `make`, another program's, run as a closure's `Resolver` runs it: the nested
/// program of what a graph past the size of one program meets, or of an `.optional` property's
/// wrapper of an offered object (see `ProgramLowering.begin(_:path:destination:)`).
///
/// Every such call of one run produces in the same resolution, the run's *joined*
/// resolution (see `ResolutionSpace`), so that one `.graph` object is one instance across the
/// program and every closure it calls:
/// - what the program made before its first such call (it is known when lowering) is recorded in
///   the joined resolution when it starts: the call passes those objects as its arguments, which
///   also keeps the program from moving them out of their slots before then;
/// - every `.graph` object the program meets after that call is looked up there first (a closure
///   may have made it), and recorded there once the program created it, for the closures called
///   while it is filled (see `ResolveProgram.ScopeRegion`);
/// - a `.graph` factory waiting for its arguments around the call is marked under construction
///   there, as a resolution marks a factory while it runs (a closure that needs it meets the cycle,
///   or a property fill waits for it), until the program calls it and records its product there too
///   (see `JoinedPublication`).
///
/// The joined resolution's hooks and singletons that wait for the end of the resolve run after the
/// program's own hooks; it is ended, like any resolve, when the run ends or fails.
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

    /// The transient factories whose arguments are being made around the call.
    private let waitingTransientFactories: [WaitingFactory]
    /// For a kept object's closure called in the object's region: calls it (see
    /// `Lowering.keptClosure`); for another program's value, runs that program (see
    /// `AnyProducer.produceNested`); nil for a value `producer` produces.
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
    /// closure's call names its binding itself (see `Resolution.callClosureFactory(_:of:)`).
    override var namesPath: Bool { false }

    override func call(_ arguments: FactoryArguments, in run: StackReference<ProgramRun>) throws -> AnyObject {
        // A program that makes `ClosureCall`s always runs with a `ScopedRun`.
        guard let scoped = run.pointee.scoped else {
            throw ResolutionError(.internalInconsistency("a closure's call ran without its run's state"))
        }
        let state = try scoped.pointee.joinedResolution(seeding: seeds, with: arguments, for: run)
        // Marked until the program records their products, which clears the mark.
        for factory in waitingFactories { _ = state.pointee.beginConstruction(factory) }
        // Marked for the call, as a resolution marks a transient factory while it runs
        // (`Resolution.constructing`): met again inside it, one is a cycle unless a `.graph` object
        // was recorded since it began. When it began is worked out at the first call it waits
        // across, from what the program recorded since; a later call keeps that mark, since what
        // the earlier calls' closures recorded came after it began.
        var restoredMarks: [Int] = []
        if !waitingTransientFactories.isEmpty {
            let recorded = state.pointee.registrations
            restoredMarks = waitingTransientFactories.map { waiting in
                let since = scoped.pointee.waitMark(waiting.slot) { max(0, recorded - waiting.progress) }
                return state.pointee.beginConstruction(waiting.producer, since: since)
            }
        }
        defer {
            // Last first: a factory waiting twice (met again in its own arguments) gets back the
            // mark it had before the call.
            // (By index: zipped and reversed, the pairs were copied into an array on every call.)
            for index in restoredMarks.indices.reversed() {
                let waiting = waitingTransientFactories[index].producer
                state.pointee.endConstruction(waiting, restoring: restoredMarks[index])
            }
        }
        // A nested run's resolution is its caller's, which the closure whose `Resolver` started
        // the run found already.
        if scoped.pointee.isNested { return try produce(in: state) }
        // The run calls a closure in its joined resolution while the call runs (a closure's
        // `Resolver` finds it there, see `ActiveResolutions`); then no longer.
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
