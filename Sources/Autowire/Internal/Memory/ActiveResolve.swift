/// A resolve running on this thread: a resolution's state (a closure root's call, a validation's
/// probes, or a run's joined resolution while it calls a closure), or a resolve program's run.
///
/// Kept as a tagged word in the thread's cell and in each record's `outer`. Safe because a word is
/// read back only while its record is linked from this thread's cell: each record lives in a frame
/// of this thread that has not returned, and unlinks itself before it returns (`ActiveResolutions`).
enum ActiveResolve {
    case state(StackReference<ResolutionState>)
    case program(StackReference<ProgramRun>)

    /// The resolve `tagged` names; nil for 0. Both records are word-aligned, so the lowest bit of
    /// their address is free to tell them apart.
    @inline(__always)
    init?(tagged bits: UInt) {
        guard bits != 0 else { return nil }
        if bits & 1 == 0 {
            self = unsafe .state(StackReference(address: bits))
        } else {
            // The bit was set by `tagged` on a `ProgramRun` address, never on anything else.
            self = unsafe .program(StackReference(address: bits & ~1))
        }
    }

    /// Its record's address, the lowest bit set for a program run; never 0.
    @inline(__always)
    var tagged: UInt {
        switch self {
        case .state(let state): state.address
        case .program(let run): run.address | 1
        }
    }
}
