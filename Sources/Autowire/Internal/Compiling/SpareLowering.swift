import Synchronization

/// The tables of the last lowering, emptied, for the next lowering in any registry: lowering a small graph
/// then allocates little more than its program.
///
/// Sendable: only the lowering that set `inUse` (acquiring) uses `lowering`, until it clears it (releasing);
/// any lowering meanwhile, in another registry or nested, gets tables of its own.
final class SpareLowering: @unchecked Sendable {
    static let shared = SpareLowering()

    private let inUse = Atomic<Bool>(false)
    private var lowering = ProgramLowering.withRoomForASmallGraph()

    /// Past this many instructions, tables are not kept: memory the process would hold for good.
    static let largestKeptCode = 256

    /// Runs `body` on the spare (a new lowering if in use), then empties it, to hold no producer or value.
    func withLowering<R>(_ body: (inout ProgramLowering) -> R) -> R {
        guard inUse.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else {
            var lowering = ProgramLowering.withRoomForASmallGraph()
            return body(&lowering)
        }
        defer {
            if lowering.code.capacity > Self.largestKeptCode {
                lowering = ProgramLowering.withRoomForASmallGraph()
            } else {
                lowering.startAnew()
            }
            inUse.store(false, ordering: .releasing)
        }
        return body(&lowering)
    }
}
