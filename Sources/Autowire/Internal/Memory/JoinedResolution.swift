/// The resolution a resolve program's run makes its `ClosureCall`s in: started by the
/// run's first such call, ended with the run (see `ClosureCall`).
///
/// It lives in memory the run sets aside on its stack (a `Space`), since it outlives each call:
/// the state, then its first table. The run that owns it ends it on every path.
@safe struct JoinedResolution {
    /// Memory for one, on the stack of the run that set it aside (see `with`); `none` for a run
    /// whose program makes no `ClosureCall`s. Like a `StackReference`, a space does not outlive
    /// the call that made it: only the `ScopedRun` made inside that call keeps one.
    @safe struct Space {
        fileprivate let base: UnsafeMutableRawPointer?

        /// No memory: a joined resolution started in it fails.
        static var none: Space { unsafe Space(base: nil) }

        private init(base: UnsafeMutableRawPointer?) { unsafe self.base = base }

        /// Runs `body` with memory for one joined resolution, valid until `body` returns.
        static func with<R, Failure>(_ body: (Space) throws(Failure) -> R) throws(Failure) -> R {
            // Safe: `byteCount` bytes at `alignment`, what `init(in:request:seed:)` lays out, valid
            // until `body` returns; the run that owns the resolution ends it before then.
            try unsafe withUnsafeTemporaryAllocation(byteCount: byteCount, alignment: alignment) {
                memory throws(Failure) in
                try body(unsafe Space(base: memory.baseAddress))
            }
        }
    }

    /// Room for a few objects; the table grows as any resolution's does.
    private static let capacity = 16
    /// Where the table starts: past the state, word-aligned.
    private static let tableOffset =
        (MemoryLayout<ResolutionState>.stride + MemoryLayout<AnyObject>.alignment - 1)
        & ~(MemoryLayout<AnyObject>.alignment - 1)
    /// The memory a `Space` holds.
    private static let byteCount = tableOffset + capacity * GraphTable.bytesPerSlot
    /// Its alignment.
    private static let alignment = max(MemoryLayout<ResolutionState>.alignment, MemoryLayout<AnyObject>.alignment)

    /// The state, in the memory the run set aside (see `init`).
    let state: Resolution
    private let memory: UnsafeMutablePointer<ResolutionState>

    /// Starts the resolution of `run` in `space`, with the run's request or assisted factory's
    /// seed, making everything for an object the container keeps when the run's program is for one.
    ///
    /// - Throws: `internal-inconsistency` when `space` is `none`.
    init(in space: Space, for run: StackReference<ProgramRun>) throws(ResolutionError) {
        guard let memory = unsafe space.base else {
            throw ResolutionError(.internalInconsistency("a run joined a resolution it set no memory aside for"))
        }
        // Safe: `memory` holds `byteCount` bytes aligned to `alignment` (see `Space.with`): a
        // `ResolutionState` at its start, aligned for one, and after `tableOffset` the
        // `capacity * bytesPerSlot` word-aligned bytes its table needs; `end` deinitializes the
        // state, which releases what the table holds, before the run's frame that holds the memory
        // returns.
        let bound = unsafe memory.bindMemory(to: ResolutionState.self, capacity: 1)
        let table = unsafe GraphTableMemory(memory + Self.tableOffset, capacity: Self.capacity)
        unsafe bound.initialize(
            to: ResolutionState(memory: table, seed: run.pointee.seed, request: run.pointee.request))
        unsafe self.memory = bound
        state = unsafe StackReference(bound)
        state.pointee.outer = run.pointee.outer
        if run.pointee.program.kind == .rootForKeptObject { state.pointee.keptCreations = 1 }
    }

    /// Ends a run that succeeded: runs the hooks deferred to the end of the resolve and publishes
    /// the singletons deferred to it, then ends the state.
    ///
    /// - Throws: the first hook's error; what was deferred is then discarded, and the state ended.
    func complete() throws(ResolutionError) {
        defer { end() }
        if state.pointee.hasWorkDeferredToEnd() { try state.pointee.completeDeferred() }
    }

    /// Ends a run that failed: discards what was deferred, runs no hook, ends the state.
    func abandon() {
        state.pointee.discardDeferred()
        end()
    }

    /// Releases what the table holds (and frees a table it grew into), and deinitializes the state.
    private func end() {
        state.pointee.finish()
        unsafe memory.deinitialize(count: 1)
    }
}
