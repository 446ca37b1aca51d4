extension StackReference<ProgramRun> {
    /// The run whose `address` is `address`, nil for 0: how the thread's cell keeps its innermost
    /// run (see `ActiveResolutions`). Safe because the cell holds an address only while its run is
    /// linked from it: each run lives in a frame of this thread that has not returned, and restores
    /// the cell's previous word before it returns (`ActiveResolutions.leave`).
    @inline(__always)
    init?(runAt address: UInt) {
        guard address != 0 else { return nil }
        self = unsafe StackReference(address: address)
    }
}
