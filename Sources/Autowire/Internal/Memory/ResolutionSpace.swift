/// Memory for one resolution on the stack of the run that owns it: its state, then its first table. A run
/// sets one aside when its program makes `ClosureCall`s, the first of which starts the *joined* resolution
/// there (see `ClosureCall`); a closure root's run starts one at once.
///
/// Invariant: a space does not outlive the call that made it (`with`; only the `ScopedRun` made inside keeps
/// one), and the run that started its resolution ends it on every path (`Resolution.complete()` or
/// `abandon()`) before that call returns.
@safe struct ResolutionSpace {
    private let base: UnsafeMutableRawPointer?

    /// No memory, for a run whose program makes no `ClosureCall`s: a resolution started in it fails.
    static var none: ResolutionSpace { unsafe ResolutionSpace(base: nil) }

    private init(base: UnsafeMutableRawPointer?) { unsafe self.base = base }

    static func with<R, Failure>(_ body: (ResolutionSpace) throws(Failure) -> R) throws(Failure) -> R {
        // Safe: `byteCount` bytes at `alignment`, as `start(for:)` lays out; freed after the resolution ends.
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
    private static let byteCount = tableOffset + capacity * GraphTable.bytesPerSlot
    private static let alignment = max(MemoryLayout<ResolutionState>.alignment, MemoryLayout<AnyObject>.alignment)

    /// Starts `run`'s resolution here with its request or seed, making everything for an object the container
    /// keeps when the run's program is for one. Throws `internal-inconsistency` when the space is `none`.
    func start(for run: StackReference<ProgramRun>) throws(ResolutionError) -> Resolution {
        guard let memory = unsafe base else {
            throw ResolutionError(.internalInconsistency("a run joined a resolution it set no memory aside for"))
        }
        // Safe: see `with`: `memory` holds, aligned, the state and after `tableOffset` the table's bytes;
        // `Resolution.end()` deinitializes the state before the run's frame holding the memory returns.
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
    /// Ends a succeeded resolution (see `ResolutionSpace.start(for:)`): runs the hooks and publishes the
    /// singletons deferred to it, then ends the state. On a hook's error, throws it and discards the rest.
    func complete() throws(ResolutionError) {
        defer { end() }
        if pointee.hasWorkDeferredToEnd() { try pointee.completeDeferred() }
    }

    /// Ends a failed resolution a run started: discards what was deferred, runs no hook, ends the state.
    func abandon() {
        pointee.discardDeferred()
        end()
    }

    /// Releases what the table holds (and frees a table it grew into), and deinitializes the state.
    private func end() {
        pointee.finish()
        // Safe: initialized by `ResolutionSpace.start(for:)`, ended once by the run that started it.
        unsafe deinitialize()
    }
}
