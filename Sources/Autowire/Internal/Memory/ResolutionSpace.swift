/// Memory for one resolution, on the stack of the run that owns it: its state, then its first
/// table. A program run sets a space aside when its program makes `ClosureCall`s, which start its
/// *joined* resolution there at the first call (see `ClosureCall`); a closure root's run starts
/// one at once. The run that started the resolution ends it on every path (`Resolution.complete()`
/// or `abandon()`) before the space's call returns.
///
/// Like a `StackReference`, a space does not outlive the call that made it (see `with`): only the
/// `ScopedRun` made inside that call keeps one.
@safe struct ResolutionSpace {
    private let base: UnsafeMutableRawPointer?

    /// No memory, for a run whose program makes no `ClosureCall`s: a resolution started in it fails.
    static var none: ResolutionSpace { unsafe ResolutionSpace(base: nil) }

    private init(base: UnsafeMutableRawPointer?) { unsafe self.base = base }

    /// Runs `body` with memory for one resolution, valid until `body` returns.
    static func with<R, Failure>(_ body: (ResolutionSpace) throws(Failure) -> R) throws(Failure) -> R {
        // Safe: `byteCount` bytes at `alignment`, what `start(for:)` lays out, valid until `body`
        // returns; the run that owns the resolution ends it before then.
        try unsafe withUnsafeTemporaryAllocation(byteCount: byteCount, alignment: alignment) {
            memory throws(Failure) in
            try body(unsafe ResolutionSpace(base: memory.baseAddress))
        }
    }

    /// Room for a few objects; the table grows as any resolution's does.
    private static let capacity = 16
    /// Where the table starts: past the state, word-aligned.
    private static let tableOffset =
        (MemoryLayout<ResolutionState>.stride + MemoryLayout<AnyObject>.alignment - 1)
        & ~(MemoryLayout<AnyObject>.alignment - 1)
    /// The memory a space holds.
    private static let byteCount = tableOffset + capacity * GraphTable.bytesPerSlot
    /// Its alignment.
    private static let alignment = max(MemoryLayout<ResolutionState>.alignment, MemoryLayout<AnyObject>.alignment)

    /// Starts the resolution of `run` here, with the run's request or assisted factory's seed,
    /// making everything for an object the container keeps when the run's program is for one.
    ///
    /// - Throws: `internal-inconsistency` when the space is `none`.
    func start(for run: StackReference<ProgramRun>) throws(ResolutionError) -> Resolution {
        guard let memory = unsafe base else {
            throw ResolutionError(.internalInconsistency("a run joined a resolution it set no memory aside for"))
        }
        // Safe: `memory` holds `byteCount` bytes aligned to `alignment` (see `with`): a
        // `ResolutionState` at its start, aligned for one, and after `tableOffset` the
        // `capacity * bytesPerSlot` word-aligned bytes its table needs; `Resolution.end()`
        // deinitializes the state, which releases what the table holds, before the run's frame
        // that holds the memory returns.
        let bound = unsafe memory.bindMemory(to: ResolutionState.self, capacity: 1)
        let table = unsafe GraphTableMemory(memory + Self.tableOffset, capacity: Self.capacity)
        unsafe bound.initialize(
            to: ResolutionState(memory: table, seed: run.pointee.seed, request: run.pointee.request))
        let resolution = unsafe Resolution(bound)
        resolution.pointee.outer = run.pointee.outer
        if run.pointee.program.kind == .rootForKeptObject { resolution.pointee.keptCreations = 1 }
        return resolution
    }
}

extension Resolution {
    /// Ends a resolution a run started (see `ResolutionSpace.start(for:)`) that succeeded: runs
    /// the hooks deferred to the end of the resolve and publishes the singletons deferred to it,
    /// then ends the state.
    ///
    /// - Throws: the first hook's error; what was deferred is then discarded, and the state ended.
    func complete() throws(ResolutionError) {
        defer { end() }
        if pointee.hasWorkDeferredToEnd() { try pointee.completeDeferred() }
    }

    /// Ends a resolution a run started that failed: discards what was deferred, runs no hook,
    /// ends the state.
    func abandon() {
        pointee.discardDeferred()
        end()
    }

    /// Releases what the table holds (and frees a table it grew into), and deinitializes the state.
    private func end() {
        pointee.finish()
        // Safe: the state was initialized in its space by `ResolutionSpace.start(for:)`, and is
        // ended once, by the run that started it, which reads it no more.
        unsafe deinitialize()
    }
}
