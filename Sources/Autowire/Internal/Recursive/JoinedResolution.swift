/// The recursive resolution a resolve program's run makes its `RecursiveCall`s in: started by the
/// run's first such call, ended with the run (see `RecursiveCall`).
///
/// It lives in memory the run sets aside on its stack (`byteCount` bytes), since it outlives each
/// call: the state, then its first table. The run that owns it ends it on every path.
@safe struct JoinedResolution {
    /// Room for a few objects; the table grows as a recursive resolve's does.
    private static let capacity = 16
    /// Where the table starts: past the state, word-aligned.
    private static let tableOffset =
        (MemoryLayout<ResolutionState>.stride + MemoryLayout<AnyObject>.alignment - 1)
        & ~(MemoryLayout<AnyObject>.alignment - 1)
    /// The memory a run sets aside for one.
    static let byteCount = tableOffset + capacity * ResolutionState.bytesPerSlot
    /// Its alignment.
    static let alignment = max(MemoryLayout<ResolutionState>.alignment, MemoryLayout<AnyObject>.alignment)

    /// The state, in the memory the run set aside (see `init`).
    let state: StackReference<ResolutionState>
    private let memory: UnsafeMutablePointer<ResolutionState>

    /// Starts a resolution in `memory` (`byteCount` bytes aligned to `alignment`), for the run of
    /// `request` or `seed`.
    init(in memory: UnsafeMutableRawPointer, request: BorrowedValue?, seed: BorrowedValue?) {
        // Safe: `memory` holds a `ResolutionState` at its start, aligned for one, and after
        // `tableOffset` the `capacity * bytesPerSlot` word-aligned bytes its table needs; `end`
        // deinitializes the state, which releases what the table holds, before the run's frame
        // that holds the memory returns.
        let bound = unsafe memory.bindMemory(to: ResolutionState.self, capacity: 1)
        unsafe bound.initialize(
            to: ResolutionState(
                memory: memory + Self.tableOffset, capacity: Self.capacity, seed: seed, request: request))
        unsafe self.memory = bound
        state = unsafe StackReference(bound)
        state.pointee.joinsProgram = true
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
