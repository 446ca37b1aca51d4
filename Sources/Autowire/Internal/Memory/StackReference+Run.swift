extension StackReference<ProgramRun> {
    /// The run at `address`, nil for 0: how the thread's cell keeps its innermost run (`ActiveResolutions`).
    /// Safe: the cell holds an address only while its run, in a live frame of this thread, is linked from it;
    /// the run restores the cell's previous word before it returns (`ActiveResolutions.leave`).
    @inline(__always)
    init?(runAt address: UInt) {
        guard address != 0 else { return nil }
        self = unsafe StackReference(address: address)
    }
}
